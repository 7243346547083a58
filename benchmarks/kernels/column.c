/* Column walk: sums of the columns of a row-major matrix. Each column touches one page of every
 * row, a stride readahead cannot follow; each page serves many consecutive columns.
 * Built with -DCOLUMN_PER_CALL it is column_calls: each column summed by a call of its own (a
 * library routine applied per column), so the compiler sees one walk down the rows and
 * releases each page behind it, while the next calls use the same pages. */
#include "bench_data.h"

#ifdef COLUMN_PER_CALL
#define KERNEL_NAME "column_calls"
#else
#define KERNEL_NAME "column"
#endif

/* Unfinished columns hold this value, so the harness can read progress from the output file. */
#define COLUMN_NOT_DONE (-1.0)

#ifdef COLUMN_PER_CALL
__attribute__((noinline)) double column_sum(long rows, long cols, const double a[restrict rows][cols],
                                            long j) {
  double s = 0.0;
  for (long i = 0; i < rows; i++) s += a[i][j];
  return s;
}

__attribute__((noinline)) void column_sums(long rows, long cols, const double a[restrict rows][cols],
                                           double *restrict colsum) {
  for (long j = 0; j < cols; j++) colsum[j] = column_sum(rows, cols, a, j);
}
#else
__attribute__((noinline)) void column_sums(long rows, long cols, const double a[restrict rows][cols],
                                           double *restrict colsum) {
  for (long j = 0; j < cols; j++) {
    double s = 0.0;
    for (long i = 0; i < rows; i++) s += a[i][j];
    colsum[j] = s;
  }
}
#endif

static long element(long i, long j) { return (i * 3 + j * 5) % 17; }

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long rows = bench_arg(argc, argv, 2), cols = bench_arg(argc, argv, 3);
  double (*a)[cols] = bench_array("a", rows * cols * sizeof(double), BENCH_INPUT);
  double *colsum = bench_array("colsum", cols * sizeof(double), BENCH_OUTPUT);
  if (bench_generating()) {
    for (long i = 0; i < rows; i++)
      for (long j = 0; j < cols; j++) a[i][j] = (double)element(i, j);
    if (bench_state.generating_cmd) return 0;
  }
  for (long j = 0; j < cols; j++) colsum[j] = COLUMN_NOT_DONE;

  bench_phase_begin();
  column_sums(rows, cols, a, colsum);
  bench_phase_end();

  int ok = 1; /* integer sums: exact */
  for (long j = 0; j < cols; j++) {
    long s = 0;
    for (long i = 0; i < rows; i++) s += element(i, j);
    ok &= colsum[j] == (double)s;
  }
  bench_report(KERNEL_NAME, bench_fnv1a(0, colsum, cols * sizeof(double)), ok);
  return !ok;
}
