// Explicit 2-D diffusion with a per-point conductivity, one five-point sweep per call; main
// calls it STEPS times, swapping the two grids (each call enters the nest anew). Borders are
// never written and start equal in both grids. ROWS, COLS and STEPS are the size knobs.
// ARRAYS: diffuse_step: k u v
#include "corpus.h"

#ifndef ROWS
#define ROWS 300
#endif
#ifndef COLS
#define COLS 400
#endif
#ifndef STEPS
#define STEPS 4
#endif

__attribute__((noinline)) void diffuse_step(int n, int m, const double k[n][m], const double u[n][m], double v[n][m]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      v[i][j] = u[i][j] + k[i][j] * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - 4.0 * u[i][j]);
}

int main(void) {
  corpus_seed(66);
  size_t points = (size_t)ROWS * COLS;
  double (*k)[COLS] = (double (*)[COLS])corpus_doubles(points);
  for (size_t p = 0; p < points; p++)
    k[0][p] = 0.125 + 0.0625 * k[0][p];  // in (0.0625, 0.1875]: a stable explicit step
  double (*u)[COLS] = (double (*)[COLS])corpus_doubles(points);
  double (*v)[COLS] = (double (*)[COLS])corpus_alloc(sizeof(double) * points);
  for (size_t p = 0; p < points; p++)
    v[0][p] = u[0][p];
  for (int t = 0; t < STEPS; t++) {
    diffuse_step(ROWS, COLS, k, u, v);
    double (*swap)[COLS] = u;
    u = v;
    v = swap;
  }
  corpus_print_hash("u", u, sizeof(double) * points);
  corpus_print_double("u[ROWS/2][COLS/2]", u[ROWS / 2][COLS / 2]);
  return 0;
}
