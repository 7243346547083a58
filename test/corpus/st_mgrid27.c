// MGRID-like residual: a 27-point 3-D stencil r = v - A u, coefficients by neighbour class
// (centre, faces, edges, corners), out of place.
// ARRAYS: resid27: u v r
#include "corpus.h"

enum { N = 62 };

__attribute__((noinline)) void resid27(int n, const double u[n][n][n], const double v[n][n][n], double r[n][n][n],
                                       double c0, double c1, double c2, double c3) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++) {
        double faces = u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1];
        double edges = u[i - 1][j - 1][k] + u[i - 1][j + 1][k] + u[i + 1][j - 1][k] + u[i + 1][j + 1][k] +
                       u[i][j - 1][k - 1] + u[i][j - 1][k + 1] + u[i][j + 1][k - 1] + u[i][j + 1][k + 1] +
                       u[i - 1][j][k - 1] + u[i - 1][j][k + 1] + u[i + 1][j][k - 1] + u[i + 1][j][k + 1];
        double corners = u[i - 1][j - 1][k - 1] + u[i - 1][j - 1][k + 1] + u[i - 1][j + 1][k - 1] +
                         u[i - 1][j + 1][k + 1] + u[i + 1][j - 1][k - 1] + u[i + 1][j - 1][k + 1] +
                         u[i + 1][j + 1][k - 1] + u[i + 1][j + 1][k + 1];
        r[i][j][k] = v[i][j][k] - c0 * u[i][j][k] - c1 * faces - c2 * edges - c3 * corners;
      }
}

int main(void) {
  corpus_seed(16);
  double (*u)[N][N] = (double (*)[N][N])corpus_doubles((size_t)N * N * N);
  double (*v)[N][N] = (double (*)[N][N])corpus_doubles((size_t)N * N * N);
  double (*r)[N][N] = (double (*)[N][N])corpus_doubles((size_t)N * N * N);
  resid27(N, u, v, r, -8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0);
  corpus_print_hash("r", r, sizeof(double) * N * N * N);
  corpus_print_double("r[30][31][32]", r[30][31][32]);
  return 0;
}
