/* MGRID-like: Jacobi sweeps in -> A -> B of a 3-D 27-point stencil (centre, 6 faces, 12 edges,
 * 8 corners) over a cubic grid; borders of A and B are never written and stay zero. */
#include "bench_data.h"

#define C0 0.25
#define C1 0.0625
#define C2 0.03125
#define C3 0.015625

__attribute__((noinline)) void stencil27(long n, const double u[restrict n][n][n],
                                         double r[restrict n][n][n]) {
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      for (long k = 1; k < n - 1; k++)
        r[i][j][k] =
            C0 * u[i][j][k] +
            C1 * (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] +
                  u[i][j][k - 1] + u[i][j][k + 1]) +
            C2 * (u[i - 1][j - 1][k] + u[i - 1][j + 1][k] + u[i + 1][j - 1][k] +
                  u[i + 1][j + 1][k] + u[i][j - 1][k - 1] + u[i][j - 1][k + 1] +
                  u[i][j + 1][k - 1] + u[i][j + 1][k + 1] + u[i - 1][j][k - 1] +
                  u[i - 1][j][k + 1] + u[i + 1][j][k - 1] + u[i + 1][j][k + 1]) +
            C3 * (u[i - 1][j - 1][k - 1] + u[i - 1][j - 1][k + 1] + u[i - 1][j + 1][k - 1] +
                  u[i - 1][j + 1][k + 1] + u[i + 1][j - 1][k - 1] + u[i + 1][j - 1][k + 1] +
                  u[i + 1][j + 1][k - 1] + u[i + 1][j + 1][k + 1]);
}

/* Value at (i, j, k) after `sweeps` sweeps, recomputed from the input with the kernel's
 * expression (same rounding). */
static double expected(long n, const double (*in)[n][n], int sweeps, long i, long j, long k) {
  if (sweeps == 0) return in[i][j][k];
  if (i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1) return 0.0;
  int s = sweeps - 1;
#define U(di, dj, dk) expected(n, in, s, i + (di), j + (dj), k + (dk))
  return C0 * U(0, 0, 0) +
         C1 * (U(-1, 0, 0) + U(1, 0, 0) + U(0, -1, 0) + U(0, 1, 0) + U(0, 0, -1) + U(0, 0, 1)) +
         C2 * (U(-1, -1, 0) + U(-1, 1, 0) + U(1, -1, 0) + U(1, 1, 0) + U(0, -1, -1) +
               U(0, -1, 1) + U(0, 1, -1) + U(0, 1, 1) + U(-1, 0, -1) + U(-1, 0, 1) +
               U(1, 0, -1) + U(1, 0, 1)) +
         C3 * (U(-1, -1, -1) + U(-1, -1, 1) + U(-1, 1, -1) + U(-1, 1, 1) + U(1, -1, -1) +
               U(1, -1, 1) + U(1, 1, -1) + U(1, 1, 1));
#undef U
}

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long n = bench_arg(argc, argv, 2);
  size_t bytes = n * n * n * sizeof(double);
  double (*in)[n][n] = bench_array("in", bytes, BENCH_INPUT);
  double (*a)[n][n] = bench_array("A", bytes, BENCH_OUTPUT);
  double (*b)[n][n] = bench_array("B", bytes, BENCH_OUTPUT);
  if (bench_generating()) {
    for (long i = 0; i < n; i++)
      for (long j = 0; j < n; j++)
        for (long k = 0; k < n; k++) in[i][j][k] = (double)((i * 7 + j * 13 + k * 29) % 64);
    if (bench_state.generating_cmd) return 0;
  }

  bench_phase_begin();
  stencil27(n, in, a);
  stencil27(n, a, b);
  bench_phase_end();

  const long samples[][3] = {{1, 1, 1}, {n / 2, n / 3, n / 4}, {n - 2, 2, n - 2}, {2, n - 3, 5}};
  int ok = 1;
  for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++) {
    long i = samples[s][0], j = samples[s][1], k = samples[s][2];
    ok &= b[i][j][k] == expected(n, in, 2, i, j, k);
  }
  bench_report("mgrid", bench_fnv1a(0, b, bytes), ok);
  return !ok;
}
