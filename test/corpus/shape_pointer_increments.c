// Old-style C: loops that advance pointers (*d++ = *s++) and a while loop to an end pointer,
// instead of indexing; the base arrays are the pointer parameters.
// ARRAYS: copy_scaled: src dst
// ARRAYS: interleave: x y xy
#include "corpus.h"

enum { N = 300007 };

__attribute__((noinline)) void copy_scaled(long n, const double *src, double *dst) {
  const double *end = src + n;
  while (src < end)
    *dst++ = *src++ * 1.25;
}

__attribute__((noinline)) void interleave(int n, const float *x, const float *y, float *xy) {
  for (int i = 0; i < n; i++) {
    *xy++ = *x++;
    *xy++ = *y++;
  }
}

int main(void) {
  corpus_seed(53);
  double *src = corpus_doubles(N), *dst = corpus_alloc(sizeof(double) * N);
  copy_scaled(N, src, dst);
  float *x = corpus_alloc(sizeof(float) * N), *y = corpus_alloc(sizeof(float) * N);
  float *xy = corpus_alloc(sizeof(float) * 2 * N);
  for (int i = 0; i < N; i++) {
    x[i] = (float)corpus_double();
    y[i] = (float)corpus_double();
  }
  interleave(N, x, y, xy);
  corpus_print_hash("dst", dst, sizeof(double) * N);
  corpus_print_hash("xy", xy, sizeof(float) * 2 * N);
  return 0;
}
