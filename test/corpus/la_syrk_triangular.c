// Symmetric rank-k update of the lower triangle, C = beta C + alpha A A^T, with int indices and
// fixed-size array parameters: per row i, a scaling loop j <= i, then for every k an update loop
// j <= i (an imperfect nest with triangular bounds). N and M are the size knobs (-DN=, -DM=).
// ARRAYS: syrk_lower_rows: c a
#include "corpus.h"

#ifndef N
#define N 400
#endif
#ifndef M
#define M 300
#endif

__attribute__((noinline)) void syrk_lower_rows(double alpha, double beta, double c[N][N], double a[N][M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      c[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++)
        c[i][j] += alpha * a[i][k] * a[j][k];
  }
}

int main(void) {
  corpus_seed(62);
  double (*c)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  double (*a)[M] = (double (*)[M])corpus_doubles((size_t)N * M);
  syrk_lower_rows(0.75, 1.25, c, a);
  corpus_print_hash("c", c, sizeof(double) * N * N);
  corpus_print_double("c[N-1][0]", c[N - 1][0]);
  corpus_print_double("c[N-1][N-1]", c[N - 1][N - 1]);
  return 0;
}
