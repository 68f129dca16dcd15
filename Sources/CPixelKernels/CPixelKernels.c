// The compositor's hottest loop in C: Swift has no gather, and a gather is what this loop is
// (each output sample reads the two source samples its table entry points at). With AVX2 one
// 32-bit gather at s + iu fetches s[iu] and s[iu + 1] together, for eight samples at once.
#include "CPixelKernels.h"
#include <immintrin.h>

static void resample_row_scalar(const uint16_t *s, const int32_t *table, uint8_t *d, long count) {
    for (long i = 0; i < count; i++) {
        int32_t iu = table[2 * i], f = table[2 * i + 1];
        int32_t a = s[iu], b = s[iu + 1];
        d[i] = (uint8_t)((a * 256 + (b - a) * f + 32768) >> 16);
    }
}

__attribute__((target("avx2")))
static void resample_row_avx2(const uint16_t *s, const int32_t *table, uint8_t *d, long count) {
    // Pairs (iu, f) arrive interleaved; this permutation puts the four iu of a register in its
    // low half and the four f in its high half.
    const __m256i split = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    const __m256i low16 = _mm256_set1_epi32(0xFFFF), half = _mm256_set1_epi32(32768);
    // Byte 0 of each 32-bit lane to the bottom of its 128-bit half.
    const __m256i bytes = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                           0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i p0 = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(table + 2 * i)), split);
        __m256i p1 = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(table + 2 * i + 8)), split);
        __m256i iu = _mm256_permute2x128_si256(p0, p1, 0x20);
        __m256i f = _mm256_permute2x128_si256(p0, p1, 0x31);
        __m256i pair = _mm256_i32gather_epi32((const int *)s, iu, 2);
        __m256i a = _mm256_and_si256(pair, low16), b = _mm256_srli_epi32(pair, 16);
        __m256i v = _mm256_add_epi32(_mm256_slli_epi32(a, 8), _mm256_mullo_epi32(_mm256_sub_epi32(b, a), f));
        v = _mm256_srli_epi32(_mm256_add_epi32(v, half), 16);
        v = _mm256_shuffle_epi8(v, bytes);
        __m128i out = _mm_unpacklo_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        _mm_storel_epi64((__m128i *)(d + i), out);
    }
    resample_row_scalar(s, table + 2 * i, d + i, count - i);
}

// The CPU is asked once, when the library is loaded, not on every row of every frame.
static void (*resample_row)(const uint16_t *, const int32_t *, uint8_t *, long) = resample_row_scalar;

__attribute__((constructor))
static void choose_resample_row(void) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) resample_row = resample_row_avx2;
}

void cf_resample_row(const uint16_t *s, const int32_t *table, uint8_t *d, long count) {
    resample_row(s, table, d, count);
}
