// Matrix multiply C += A B in ikj order (all inner accesses unit stride), fixed-size globals.
// ARRAYS: matmul_ikj: A B C
#include "corpus.h"

#define N 230
double A[N][N], B[N][N], C[N][N];

__attribute__((noinline)) void matmul_ikj(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++) {
      double a = A[i][k];
      for (int j = 0; j < N; j++)
        C[i][j] += a * B[k][j];
    }
}

int main(void) {
  corpus_seed(3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = corpus_double();
      B[i][j] = corpus_double();
      C[i][j] = 0.5;
    }
  matmul_ikj();
  corpus_print_hash("C", C, sizeof C);
  corpus_print_double("C[N-1][N-1]", C[N - 1][N - 1]);
  return 0;
}
