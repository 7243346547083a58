// PolyBench gemver: a rank-2 update of A, then x += beta A^T y (column walk), then w += alpha A x.
// Sizes arrive as parameters, arrays as restrict VLA parameters.
// ARRAYS: gemver: A u1 v1 u2 v2 w x y z
#include "corpus.h"

enum { N = 500 };

__attribute__((noinline)) void gemver(int n, double alpha, double beta, double A[restrict n][n],
                                      double u1[restrict n], double v1[restrict n], double u2[restrict n],
                                      double v2[restrict n], double w[restrict n], double x[restrict n],
                                      double y[restrict n], double z[restrict n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (int i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(void) {
  corpus_seed(10);
  double (*A)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  double *u1 = corpus_doubles(N), *v1 = corpus_doubles(N), *u2 = corpus_doubles(N), *v2 = corpus_doubles(N);
  double *w = corpus_doubles(N), *x = corpus_doubles(N), *y = corpus_doubles(N), *z = corpus_doubles(N);
  gemver(N, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  corpus_print_hash("x", x, sizeof(double) * N);
  corpus_print_hash("w", w, sizeof(double) * N);
  corpus_print_double("w[0]", w[0]);
  return 0;
}
