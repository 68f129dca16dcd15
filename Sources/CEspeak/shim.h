#ifndef CESPEAK_SHIM_H
#define CESPEAK_SHIM_H
// libespeak-ng's classic API: no variadic calls or macros that need a C shim.
#include <espeak-ng/speak_lib.h>
#endif
