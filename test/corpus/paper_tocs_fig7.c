// TOCS Fig. 7: the simplest nest, A[i] = 0 over an array several blocks long (pure streaming
// writes: spatial reuse only, release right behind).
// ARRAYS: fig7_zero: A
#include "corpus.h"

enum { N = 900001 };

__attribute__((noinline)) void fig7_zero(long n, double *A) {
  for (long i = 0; i < n; i++)
    A[i] = 0;
}

int main(void) {
  corpus_seed(33);
  double *A = corpus_doubles(N);
  fig7_zero(N - 3, A + 1);
  corpus_print_hash("A", A, sizeof(double) * N);
  corpus_print_double("A[N-1]", A[N - 1]);
  return 0;
}
