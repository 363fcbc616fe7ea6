/* The compiler intrinsics core/native.pxd declares, spelled for each compiler: GCC's and clang's
 * builtins (as macros, so that their code is what it always was), MSVC's intrinsics on x64 and
 * ARM64, and plain C where neither is known. BITBOARD_PLAIN_C=1 forces the plain C on any
 * compiler, so that path is built and checked here too (tests/test_intrinsics.py).
 *
 * ctz and clz are undefined for 0, as the builtins are: callers test for the empty set first.
 * MSVC's __popcnt64 is the POPCNT instruction, which the first x86-64 CPUs lack, so a wheel for
 * any x64 CPU counts bits in plain C there (the perft kernels for later levels are GCC's and
 * clang's). MSVC on ARM64 gets the plain popcount and no prefetch: only spellings clang's MSVC
 * targets also know are written here, so that tests/test_intrinsics.py compiles each of them. */
#ifndef BITBOARD_INTRINSICS_H
#define BITBOARD_INTRINSICS_H

#if defined(BITBOARD_PLAIN_C) && BITBOARD_PLAIN_C
#define BITBOARD_SPELLING_PLAIN 1
#elif defined(__GNUC__) || defined(__clang__)
#define BITBOARD_SPELLING_GNU 1
#elif defined(_MSC_VER)
#define BITBOARD_SPELLING_MSVC 1
#include <intrin.h>
#include <stdlib.h> /* _byteswap_uint64 */
#else
#define BITBOARD_SPELLING_PLAIN 1
#endif

#if defined(BITBOARD_SPELLING_GNU)

#define bb_popcount64(x) __builtin_popcountll(x)
#define bb_ctz64(x) __builtin_ctzll(x)
#define bb_clz64(x) __builtin_clzll(x)
#define bb_ctz32(x) __builtin_ctz(x)
#define bb_clz32(x) __builtin_clz(x)
#define bb_bswap64(x) __builtin_bswap64(x)
#define bb_prefetch(addr) __builtin_prefetch(addr)

#else

#if defined(_MSC_VER)
#define BITBOARD_INLINE static __inline
#else
#define BITBOARD_INLINE static inline
#endif

BITBOARD_INLINE int bb_popcount64(unsigned long long x) {
    /* SWAR: bits summed in pairs, nibbles, bytes, then the bytes by one multiplication */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

BITBOARD_INLINE int bb_ctz64(unsigned long long x) {
#if defined(BITBOARD_SPELLING_MSVC)
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
#else  /* the bits below the lowest one, counted */
    return bb_popcount64((x & (0 - x)) - 1);
#endif
}

BITBOARD_INLINE int bb_clz64(unsigned long long x) {
#if defined(BITBOARD_SPELLING_MSVC)
    unsigned long index;
    _BitScanReverse64(&index, x);
    return 63 - (int)index;
#else  /* the highest bit smeared down, the bits above it counted */
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return 64 - bb_popcount64(x);
#endif
}

BITBOARD_INLINE int bb_ctz32(unsigned int x) { return bb_ctz64(x); }
BITBOARD_INLINE int bb_clz32(unsigned int x) { return bb_clz64(x) - 32; }

BITBOARD_INLINE unsigned long long bb_bswap64(unsigned long long x) {
#if defined(BITBOARD_SPELLING_MSVC)
    return _byteswap_uint64(x);
#else
    x = ((x & 0x00FF00FF00FF00FFULL) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFULL);
    x = ((x & 0x0000FFFF0000FFFFULL) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFULL);
    return (x << 32) | (x >> 32);
#endif
}

#if defined(BITBOARD_SPELLING_MSVC) && !defined(_M_ARM64)
#define bb_prefetch(addr) _mm_prefetch((const char *)(addr), _MM_HINT_T0)
#else
#define bb_prefetch(addr) ((void)(addr))  /* a hint only: nothing a program can see but its speed */
#endif

#endif
#endif
