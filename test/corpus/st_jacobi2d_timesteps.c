// Time-stepped 2-D Jacobi: a time loop around two sweeps that swap roles (B = f(A); A = f(B)),
// the classic out-of-core pattern (TOCS Fig. 14): each sweep is a pipeline of its own.
// N and STEPS are the size knobs.
// ARRAYS: jacobi: A B
#include "corpus.h"

#ifndef N
#define N 500
#endif
#ifndef STEPS
#define STEPS 3
#endif

__attribute__((noinline)) void jacobi(int steps, int n, double A[n][n], double B[n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);
  }
}

int main(void) {
  corpus_seed(71);
  double (*A)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  double (*B)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  jacobi(STEPS, N, A, B);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  corpus_print_hash("B", B, sizeof(double) * N * N);
  corpus_print_double("A[N/2][N/2]", A[N / 2][N / 2]);
  return 0;
}
