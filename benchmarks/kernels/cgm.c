/* CGM-like: two sparse matrix-vector products y = A x, z = A y with A in CSR form; the loop
 * bounds come from rowptr and x is gathered through col (indirect). */
#include "bench_data.h"

__attribute__((noinline)) void spmv(long rows, const long *restrict rowptr,
                                    const int *restrict col, const double *restrict val,
                                    const double *restrict x, double *restrict y) {
  for (long r = 0; r < rows; r++) {
    double s = 0.0;
    for (long k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * x[col[k]];
    y[r] = s;
  }
}

/* Row r of A v, in the kernel's order (same rounding). */
static double row_product(long r, const long *rowptr, const int *col, const double *val,
                          const double *v) {
  double s = 0.0;
  for (long k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * v[col[k]];
  return s;
}

int main(int argc, char **argv) {
  bench_init(argc, argv);
  long rows = bench_arg(argc, argv, 2), per_row = bench_arg(argc, argv, 3);
  long nnz = rows * per_row;
  long *rowptr = bench_array("rowptr", (rows + 1) * sizeof(long), BENCH_INPUT);
  int *col = bench_array("col", nnz * sizeof(int), BENCH_INPUT);
  double *val = bench_array("val", nnz * sizeof(double), BENCH_INPUT);
  double *x = bench_array("x", rows * sizeof(double), BENCH_INPUT);
  double *y = bench_array("y", rows * sizeof(double), BENCH_OUTPUT);
  double *z = bench_array("z", rows * sizeof(double), BENCH_OUTPUT);
  if (bench_generating()) {
    uint64_t s = 161803398;
    for (long r = 0; r <= rows; r++) rowptr[r] = r * per_row;
    for (long k = 0; k < nnz; k++) {
      bench_lcg_next(&s);
      col[k] = (int)((s >> 33) % (uint64_t)rows);
      val[k] = (double)((k * 7) % 11 + 1) / 8.0;
    }
    for (long r = 0; r < rows; r++) x[r] = (double)(r % 9 - 4);
    if (bench_state.generating_cmd) return 0;
  }

  bench_phase_begin();
  spmv(rows, rowptr, col, val, x, y);
  spmv(rows, rowptr, col, val, y, z);
  bench_phase_end();

  int ok = 1;
  for (long r = 0; r < rows; r += rows / 7 + 1) {
    ok &= y[r] == row_product(r, rowptr, col, val, x);
    ok &= z[r] == row_product(r, rowptr, col, val, y);
  }
  bench_report("cgm", bench_fnv1a(bench_fnv1a(0, y, rows * sizeof(double)), z,
                                  rows * sizeof(double)), ok);
  return !ok;
}
