// A small kernel kept out of line and called a million times on 4x4 data: a function the pass
// transforms tests at its entry, on every call, whether its data fits, so in core that test
// must cost a few instructions (the footprint 16 n m + a page per array: the strides 8n and
// 8m are not negative where the loops run, so no |8n| is computed). CALLS is the size knob.
// ARRAYS: scale_transpose: a b
#include "corpus.h"

#ifndef CALLS
#define CALLS 1000000
#endif

// The side is read at run time, as a size known only where the arrays are made.
static volatile long side = 4;

__attribute__((noinline)) double scale_transpose(const double *a, double *b, long n, long m) {
  double s = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      b[j * n + i] = a[i * m + j] * 0.5;
      s += b[j * n + i];
    }
  return s;
}

int main(void) {
  corpus_seed(83);
  long k = side;
  double *a = corpus_doubles((size_t)(k * k));
  double *b = corpus_alloc((size_t)(k * k) * sizeof(double));
  double t = 0;
  for (long r = 0; r < CALLS; r++) {
    a[r % (k * k)] = (double)(r & 3);
    t += scale_transpose(a, b, k, k);
  }
  corpus_print_hash("b", b, (size_t)(k * k) * sizeof(double));
  corpus_print_double("t", t);
  return 0;
}
