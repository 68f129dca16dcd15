#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include "CSystemShim.h"

int factory_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
