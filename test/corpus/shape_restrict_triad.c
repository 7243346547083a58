// STREAM triad with restrict pointers: a = b + s c, repeated with a rotating role of the arrays.
// ARRAYS: triad: a b c
#include "corpus.h"

enum { N = 333333 };

__attribute__((noinline)) void triad(long n, double *restrict a, const double *restrict b, const double *restrict c,
                                     double s) {
  for (long i = 0; i < n; i++)
    a[i] = b[i] + s * c[i];
}

int main(void) {
  corpus_seed(45);
  double *a = corpus_doubles(N), *b = corpus_doubles(N), *c = corpus_doubles(N);
  triad(N, a, b, c, 3.0);
  triad(N, b, c, a, -0.5);
  triad(N, c, a, b, 0.25);
  corpus_print_hash("a", a, sizeof(double) * N);
  corpus_print_hash("b", b, sizeof(double) * N);
  corpus_print_hash("c", c, sizeof(double) * N);
  return 0;
}
