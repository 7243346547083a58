/* Time-stepped 3-D Jacobi as a program writes it: two n^3 grids from calloc, indexed by hand,
 * that swap roles, for t { B = f(A); A = f(B) }. Seven-point average. A starts from the input;
 * B is used as calloc returns it: its borders stay zero, which the sweeps into A then read. */
#include "bench_data.h"

#define AT(g, i, j, k) g[((i) * n + (j)) * n + (k)]

__attribute__((noinline)) void jacobi3d(long steps, long n, double *A, double *B) {
  for (long t = 0; t < steps; t++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        for (long k = 1; k < n - 1; k++)
          AT(B, i, j, k) = (AT(A, i - 1, j, k) + AT(A, i, j - 1, k) + AT(A, i, j, k - 1) +
                            AT(A, i, j, k) + AT(A, i, j, k + 1) + AT(A, i, j + 1, k) +
                            AT(A, i + 1, j, k)) / 7.0;
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        for (long k = 1; k < n - 1; k++)
          AT(A, i, j, k) = (AT(B, i - 1, j, k) + AT(B, i, j - 1, k) + AT(B, i, j, k - 1) +
                            AT(B, i, j, k) + AT(B, i, j, k + 1) + AT(B, i, j + 1, k) +
                            AT(B, i + 1, j, k)) / 7.0;
  }
}

static double input_value(long i, long j, long k) { return (double)((i * 7 + j * 13 + k * 3) % 23); }

/* Point (i, j, k) after `sweeps` sweeps (odd ones write B, even ones A), with the kernel's
 * expression (same rounding). */
static double expected(long n, int sweeps, long i, long j, long k) {
  if (sweeps == 0) return input_value(i, j, k);
  if (i == 0 || j == 0 || k == 0 || i == n - 1 || j == n - 1 || k == n - 1)
    return sweeps % 2 ? 0.0 : input_value(i, j, k);
  int s = sweeps - 1;
  return (expected(n, s, i - 1, j, k) + expected(n, s, i, j - 1, k) + expected(n, s, i, j, k - 1) +
          expected(n, s, i, j, k) + expected(n, s, i, j, k + 1) + expected(n, s, i, j + 1, k) +
          expected(n, s, i + 1, j, k)) / 7.0;
}

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  long n = bench_arg(argc, argv, 2), steps = bench_arg(argc, argv, 3);
  double *A = calloc(n * n * n, sizeof(double));
  double *B = calloc(n * n * n, sizeof(double));
  if (!A || !B) bench_fail("calloc", "calloc_jacobi3d");
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++) AT(A, i, j, k) = input_value(i, j, k);

  bench_phase_begin();
  jacobi3d(steps, n, A, B);
  bench_phase_end();

  const long samples[][3] = {{1, 1, 1}, {2, n / 2, 1}, {n / 2, n / 3, n - 2}, {n - 2, n - 2, n - 3}};
  int ok = 1;
  for (size_t s = 0; s < sizeof samples / sizeof samples[0]; s++)
    ok &= AT(A, samples[s][0], samples[s][1], samples[s][2]) ==
          expected(n, 2 * steps, samples[s][0], samples[s][1], samples[s][2]);
  bench_report("calloc_jacobi3d", bench_fnv1a(0, A, n * n * n * sizeof(double)), ok);
  free(A);
  free(B);
  return !ok;
}
