/* MATVEC (OSDI Fig. 5a): repeated matrix-vector product c += A b over a matrix larger than
 * memory; the vector b is reused by every row and fits. */
#include "bench_data.h"

__attribute__((noinline)) void matvec(long iters, long rows, long cols,
                                      const double a[restrict rows][cols],
                                      const double *restrict b, double *restrict c) {
  for (long iter = 0; iter < iters; iter++)
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < cols; j++)
        c[i] = c[i] + a[i][j] * b[j];
}

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long rows = bench_arg(argc, argv, 2), cols = bench_arg(argc, argv, 3);
  long iters = bench_arg(argc, argv, 4);
  double (*a)[cols] = bench_array("a", rows * cols * sizeof(double), BENCH_INPUT);
  double *b = bench_array("b", cols * sizeof(double), BENCH_INPUT);
  double *c = bench_array("c", rows * sizeof(double), BENCH_OUTPUT);
  if (bench_generating()) {
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < cols; j++) a[i][j] = (double)((i + j) % 7);
    for (long j = 0; j < cols; j++) b[j] = (double)(j % 5);
    if (bench_state.generating_cmd) return 0;
  }
  for (long i = 0; i < rows; i++) c[i] = 0.0;

  bench_phase_begin();
  matvec(iters, rows, cols, a, b, c);
  bench_phase_end();

  /* Small integers: every partial sum is exact, so the closed form must match bit for bit. */
  int ok = 1;
  for (long i = 0; i < rows; i++) {
    double row = 0;
    for (long j = 0; j < cols; j++) row += (double)(((i + j) % 7) * (j % 5));
    ok &= c[i] == iters * row;
  }
  bench_report("matvec", bench_fnv1a(0, c, rows * sizeof(double)), ok);
  return !ok;
}
