// Matrix multiply C = A B in ijk order (the inner loop walks a column of B).
// ARRAYS: matmul_ijk: A B C
#include "corpus.h"

enum { N = 190, K = 210, M = 170 };

__attribute__((noinline)) void matmul_ijk(int n, int k, int m, double A[restrict n][k],
                                          double B[restrict k][m], double C[restrict n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double sum = 0.0;
      for (int p = 0; p < k; p++)
        sum += A[i][p] * B[p][j];
      C[i][j] = sum;
    }
}

int main(void) {
  corpus_seed(2);
  double (*A)[K] = (double (*)[K])corpus_doubles((size_t)N * K);
  double (*B)[M] = (double (*)[M])corpus_doubles((size_t)K * M);
  double (*C)[M] = corpus_alloc(sizeof(double) * N * M);
  matmul_ijk(N, K, M, A, B, C);
  corpus_print_hash("C", C, sizeof(double) * N * M);
  corpus_print_double("C[7][9]", C[7][9]);
  return 0;
}
