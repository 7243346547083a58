/* Column walk: sums of the columns of a row-major matrix. Each column touches one page of every
 * row, a stride readahead cannot follow; each page serves many consecutive columns. */
#include "bench_data.h"

/* Unfinished columns hold this value, so the harness can read progress from the output file. */
#define COLUMN_NOT_DONE (-1.0)

__attribute__((noinline)) void column_sums(long rows, long cols, const double a[restrict rows][cols],
                                           double *restrict colsum) {
  for (long j = 0; j < cols; j++) {
    double s = 0.0;
    for (long i = 0; i < rows; i++) s += a[i][j];
    colsum[j] = s;
  }
}

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
  bench_report("column", bench_fnv1a(0, colsum, cols * sizeof(double)), ok);
  return !ok;
}
