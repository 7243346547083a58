// y = a x + y over a million-and-three doubles (not a multiple of a page or of a 4-page block).
// ARRAYS: axpy: x y
#include "corpus.h"

enum { N = 1000003 };

__attribute__((noinline)) void axpy(long n, double a, const double *x, double *y) {
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  corpus_seed(8);
  double *x = corpus_doubles(N);
  double *y = corpus_doubles(N);
  axpy(N, 0.75, x, y);
  axpy(N - 17, -1.5, x + 17, y);
  corpus_print_hash("y", y, sizeof(double) * N);
  corpus_print_double("y[N-1]", y[N - 1]);
  return 0;
}
