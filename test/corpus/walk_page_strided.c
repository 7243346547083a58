// Strided walks that touch one element per page (stride 512 doubles) and per half page, then
// sweep again with a different starting offset: the pattern readahead cannot guess.
// ARRAYS: strided_scale: a
#include "corpus.h"

enum { N = 1000000 };

__attribute__((noinline)) void strided_scale(long n, long stride, long offset, double f, double *a) {
  for (long i = offset; i < n; i += stride)
    a[i] = a[i] * f + 1.0;
}

int main(void) {
  corpus_seed(39);
  double *a = corpus_doubles(N);
  for (long offset = 0; offset < 512; offset += 37)
    strided_scale(N, 512, offset, 0.5, a);
  strided_scale(N, 256, 3, 1.5, a);
  corpus_print_hash("a", a, sizeof(double) * N);
  corpus_print_double("a[37]", a[37]);
  return 0;
}
