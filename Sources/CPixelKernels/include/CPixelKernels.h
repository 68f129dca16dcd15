#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H
#include <stdint.h>

/// One row of the compositor's opaque horizontal resampling pass:
///   d[i] = (s[iu]·256 + (s[iu + 1] − s[iu])·f + 32768) >> 16
/// with iu = table[2i] and f = table[2i + 1] (0…256), for i in 0..<count. Every s[iu + 1] must be
/// readable (iu ≤ the row's width − 2), and s ≤ 65,280 so the result is a byte.
/// AVX2 gathers where the CPU has them, the same arithmetic one sample at a time otherwise;
/// both give identical bytes.
void cf_resample_row(const uint16_t *s, const int32_t *table, uint8_t *d, long count);

#endif
