// Triangular nests: a symmetric rank-k update on the lower triangle (j <= i) and an upper-
// triangle scaling (j >= i), both with bounds that depend on the outer index.
// ARRAYS: syrk_lower: A C
// ARRAYS: scale_upper: C
#include "corpus.h"

enum { N = 300, K = 60 };

__attribute__((noinline)) void syrk_lower(int n, int k, const double A[n][k], double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      for (int p = 0; p < k; p++)
        C[i][j] += A[i][p] * A[j][p];
}

__attribute__((noinline)) void scale_upper(int n, double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      C[i][j] *= 1.0 + (double)(j - i) / n;
}

int main(void) {
  corpus_seed(48);
  double (*A)[K] = (double (*)[K])corpus_doubles((size_t)N * K);
  double (*C)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  syrk_lower(N, K, A, C);
  scale_upper(N, C);
  corpus_print_hash("C", C, sizeof(double) * N * N);
  corpus_print_double("C[N-1][0]", C[N - 1][0]);
  return 0;
}
