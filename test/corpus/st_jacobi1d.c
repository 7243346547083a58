// 1-D Jacobi: three-point average into B, copy back into A, repeated over time steps.
// ARRAYS: jacobi1d: A B
#include "corpus.h"

enum { N = 400009, STEPS = 4 };

__attribute__((noinline)) void jacobi1d(int steps, int n, double *restrict A, double *restrict B) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
}

int main(void) {
  corpus_seed(12);
  double *A = corpus_doubles(N);
  double *B = corpus_doubles(N);
  jacobi1d(STEPS, N, A, B);
  corpus_print_hash("A", A, sizeof(double) * N);
  corpus_print_double("A[N/2]", A[N / 2]);
  return 0;
}
