/* MATVEC as a program would write it: the matrix and vectors come from malloc and the matrix
 * is indexed by hand (a[i * cols + j]). Same data and arithmetic as matvec.c (its file-mapped
 * twin), so the two print the same checksum. Row order: one stream over the matrix per pass. */
#include "bench_data.h"

__attribute__((noinline)) void matvec_rows(long iters, long rows, long cols, const double *a,
                                           const double *x, double *y) {
  for (long iter = 0; iter < iters; iter++)
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < cols; j++)
        y[i] = y[i] + a[i * cols + j] * x[j];
}

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  long rows = bench_arg(argc, argv, 2), cols = bench_arg(argc, argv, 3);
  long iters = bench_arg(argc, argv, 4);
  double *a = malloc(rows * cols * sizeof(double));
  double *x = malloc(cols * sizeof(double));
  double *y = malloc(rows * sizeof(double));
  if (!a || !x || !y) bench_fail("malloc", "heap_matvec");
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) a[i * cols + j] = (double)((i + j) % 7);
  for (long j = 0; j < cols; j++) x[j] = (double)(j % 5);
  for (long i = 0; i < rows; i++) y[i] = 0.0;

  bench_phase_begin();
  matvec_rows(iters, rows, cols, a, x, y);
  bench_phase_end();

  int ok = 1; /* small integers: exact */
  for (long i = 0; i < rows; i++) {
    double row = 0;
    for (long j = 0; j < cols; j++) row += (double)(((i + j) % 7) * (j % 5));
    ok &= y[i] == iters * row;
  }
  bench_report("heap_matvec", bench_fnv1a(0, y, rows * sizeof(double)), ok);
  free(a);
  free(x);
  free(y);
  return !ok;
}
