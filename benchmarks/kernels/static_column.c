/* Column sums of a static (.bss) matrix, as in the NAS codes and Fortran-style C: the sizes are
 * compile-time constants (-DROWS=... -DCOLS=..., set by the harness from the memory limit) and
 * the loops use the globals directly. Same data and arithmetic as column.c (its file-mapped
 * twin): one page of every row per column, a stride readahead cannot follow. */
#include "bench_data.h"

#ifndef ROWS
#define ROWS 512
#endif
#ifndef COLS
#define COLS 512
#endif

static double a[ROWS][COLS];
static double colsum[COLS];

__attribute__((noinline)) void column_sums(void) {
  for (long j = 0; j < COLS; j++) {
    double s = 0.0;
    for (long i = 0; i < ROWS; i++) s += a[i][j];
    colsum[j] = s;
  }
}

static long element(long i, long j) { return (i * 3 + j * 5) % 17; }

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  if (bench_arg(argc, argv, 2) != ROWS || bench_arg(argc, argv, 3) != COLS) {
    fprintf(stderr, "static_column: built for %d x %d, asked for %s x %s\n", ROWS, COLS,
            argv[2], argv[3]);
    return 2;
  }
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++) a[i][j] = (double)element(i, j);

  bench_phase_begin();
  column_sums();
  bench_phase_end();

  int ok = 1; /* integer sums: exact */
  for (long j = 0; j < COLS; j++) {
    long s = 0;
    for (long i = 0; i < ROWS; i++) s += element(i, j);
    ok &= colsum[j] == (double)s;
  }
  bench_report("static_column", bench_fnv1a(0, colsum, sizeof colsum), ok);
  return !ok;
}
