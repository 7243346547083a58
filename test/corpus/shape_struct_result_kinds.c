// Kernels returning structs of many kinds through memory (the C ABI's sret): long doubles,
// 128-bit integers, bit-fields, padding between a char and doubles, a bool beside an array, an
// array of floats, and 24 chars (too many scalars to come back as a value). The transformed copy
// of each returns its struct as a value where it holds at most 8 scalars; every field must come
// back as the plain build computes it, in core and with hints.
// ARRAYS: sum_ld3: a
// ARRAYS: bytes24: a
// ARRAYS: floats6: a
// ARRAYS: wide128: a
// ARRAYS: bitfields: a
// ARRAYS: padded: a
// ARRAYS: mixed: a
#include <string.h>

#include "corpus.h"

#ifndef N
#define N 200000
#endif

typedef struct { long double sum, max, half; } ld3;
typedef struct { char c[24]; } c24;
typedef struct { float x[6]; } f6;
typedef struct { __int128 sum, bits; } i128;
typedef struct { unsigned lo : 7, hi : 9; double s; long n; } bf;
typedef struct { double d; char c; double last; } pad;
typedef struct { _Bool any; double v[2]; int k; } mix;

// Each kernel zeroes its result (padding included) and folds the array into it.
#define KERNEL(type, name, body)                                                                 \
  type name(const double *a, long n) {                                                           \
    type r;                                                                                      \
    memset(&r, 0, sizeof r);                                                                     \
    for (long i = 0; i < n; i++) {                                                               \
      body;                                                                                      \
    }                                                                                            \
    return r;                                                                                    \
  }

KERNEL(ld3, sum_ld3, r.sum += a[i]; r.max = r.max > a[i] ? r.max : a[i]; r.half -= a[i] * 0.5L)
KERNEL(c24, bytes24, r.c[i % 24] += (char)(a[i] * 100))
KERNEL(f6, floats6, r.x[i % 6] += (float)a[i])
KERNEL(i128, wide128, r.sum += (__int128)(a[i] * 1e6); r.bits ^= (__int128)i << 70)
KERNEL(bf, bitfields, r.lo += 1; r.hi += 3; r.s += a[i]; r.n++)
KERNEL(pad, padded, r.d += a[i]; r.c ^= (char)i; r.last = a[i])
KERNEL(mix, mixed, r.any = r.any || a[i] > 0.99; r.v[i & 1] += a[i]; r.k += a[i] > 0)

int main(void) {
  corpus_seed(101);
  double *a = corpus_doubles(N);
  for (int rep = 0; rep < 2; rep++) {
    ld3 x1 = sum_ld3(a, N);
    corpus_print_double("ld3.sum", (double)x1.sum);
    corpus_print_double("ld3.max", (double)x1.max);
    corpus_print_double("ld3.half", (double)x1.half);
    c24 x2 = bytes24(a, N);
    corpus_print_hash("c24", x2.c, sizeof x2.c);
    f6 x3 = floats6(a, N);
    corpus_print_hash("f6", x3.x, sizeof x3.x);
    i128 x4 = wide128(a, N);
    corpus_print_long("i128.sum.lo", (long)(unsigned long)x4.sum);
    corpus_print_long("i128.sum.hi", (long)(x4.sum >> 64));
    corpus_print_long("i128.bits.hi", (long)(x4.bits >> 64));
    bf x5 = bitfields(a, N);
    corpus_print_long("bf.lo", x5.lo);
    corpus_print_long("bf.hi", x5.hi);
    corpus_print_double("bf.s", x5.s);
    corpus_print_long("bf.n", x5.n);
    pad x6 = padded(a, N);
    corpus_print_double("pad.d", x6.d);
    corpus_print_long("pad.c", x6.c);
    corpus_print_double("pad.last", x6.last);
    mix x7 = mixed(a, N);
    corpus_print_long("mix.any", x7.any);
    corpus_print_double("mix.v0", x7.v[0]);
    corpus_print_double("mix.v1", x7.v[1]);
    corpus_print_long("mix.k", x7.k);
  }
  return 0;
}
