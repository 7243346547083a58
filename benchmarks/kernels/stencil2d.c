/* The nine-point nearest-neighbour stencil of OSDI Fig. 3, as Jacobi sweeps in -> A -> B -> A
 * (the input file stays pristine so that cold runs can reuse it). The borders of A and B are
 * never written and stay zero. */
#include "bench_data.h"

__attribute__((noinline)) void stencil9(long n, const double src[restrict n][n],
                                        double dst[restrict n][n]) {
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++)
      dst[i][j] = (src[i + 1][j - 1] + src[i + 1][j] + src[i + 1][j + 1] + src[i][j - 1] +
                   src[i][j] + src[i][j + 1] + src[i - 1][j - 1] + src[i - 1][j] +
                   src[i - 1][j + 1]) / 9.0;
}

static double input_value(long i, long j) { return (double)((i * 31 + j * 17) % 101); }

/* Value of point (i, j) after `sweeps` sweeps, recomputed from the input with the same
 * expression (same rounding), to check sampled points of the result. */
static double expected(long n, const double (*in)[n], int sweeps, long i, long j) {
  if (sweeps == 0) return in[i][j];
  if (i == 0 || j == 0 || i == n - 1 || j == n - 1) return 0.0;
  int s = sweeps - 1;
  return (expected(n, in, s, i + 1, j - 1) + expected(n, in, s, i + 1, j) +
          expected(n, in, s, i + 1, j + 1) + expected(n, in, s, i, j - 1) +
          expected(n, in, s, i, j) + expected(n, in, s, i, j + 1) +
          expected(n, in, s, i - 1, j - 1) + expected(n, in, s, i - 1, j) +
          expected(n, in, s, i - 1, j + 1)) / 9.0;
}

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long n = bench_arg(argc, argv, 2);
  size_t bytes = n * n * sizeof(double);
  double (*in)[n] = bench_array("in", bytes, BENCH_INPUT);
  double (*a)[n] = bench_array("A", bytes, BENCH_OUTPUT);
  double (*b)[n] = bench_array("B", bytes, BENCH_OUTPUT);
  if (bench_generating()) {
    for (long i = 0; i < n; i++)
      for (long j = 0; j < n; j++) in[i][j] = input_value(i, j);
    if (bench_state.generating_cmd) return 0;
  }

  bench_phase_begin();
  stencil9(n, in, a);
  stencil9(n, a, b);
  stencil9(n, b, a);
  bench_phase_end();

  const long samples[][2] = {{1, 1}, {2, n / 2}, {n / 2, n / 3}, {n - 2, n - 2}, {n - 3, 1}};
  int ok = 1;
  for (size_t k = 0; k < sizeof samples / sizeof samples[0]; k++)
    ok &= a[samples[k][0]][samples[k][1]] == expected(n, in, 3, samples[k][0], samples[k][1]);
  bench_report("stencil2d", bench_fnv1a(0, a, bytes), ok);
  return !ok;
}
