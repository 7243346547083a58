// Leapfrog 2-D wave equation with three time levels rotating through one 3-D array
// (the time index is taken modulo 3, an affine-looking but modular subscript).
// ARRAYS: wave: u c
#include "corpus.h"

enum { N = 300, STEPS = 6 };

__attribute__((noinline)) void wave(int steps, int n, double u[3][n][n], const double c[n][n]) {
  for (int t = 1; t < steps; t++) {
    int now = t % 3, prev = (t + 2) % 3, next = (t + 1) % 3;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[next][i][j] = 2.0 * u[now][i][j] - u[prev][i][j] +
                        c[i][j] * (u[now][i - 1][j] + u[now][i + 1][j] + u[now][i][j - 1] + u[now][i][j + 1] -
                                   4.0 * u[now][i][j]);
  }
}

int main(void) {
  corpus_seed(19);
  double (*u)[N][N] = (double (*)[N][N])corpus_doubles((size_t)3 * N * N);
  double (*c)[N] = (double (*)[N])corpus_doubles((size_t)N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      c[i][j] *= 0.1;
  wave(STEPS, N, u, c);
  corpus_print_hash("u", u, sizeof(double) * 3 * N * N);
  corpus_print_double("u[0][150][150]", u[0][150][150]);
  return 0;
}
