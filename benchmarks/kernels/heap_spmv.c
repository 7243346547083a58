/* CSR sparse matrix-vector products as a program writes them: arrays from malloc, the row's
 * nonzeros `for (k = rowptr[i]; k < rowptr[i + 1]; k++)`, x gathered through col. Same data and
 * arithmetic as cgm.c (its file-mapped twin): y = A x, z = A y. */
#include "bench_data.h"

__attribute__((noinline)) void csr_spmv(long rows, const long *rowptr, const int *col,
                                        const double *val, const double *x, double *y) {
  for (long i = 0; i < rows; i++) {
    double s = 0.0;
    for (long k = rowptr[i]; k < rowptr[i + 1]; k++) s += val[k] * x[col[k]];
    y[i] = s;
  }
}

static double row_product(long r, const long *rowptr, const int *col, const double *val,
                          const double *v) {
  double s = 0.0;
  for (long k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * v[col[k]];
  return s;
}

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  long rows = bench_arg(argc, argv, 2), per_row = bench_arg(argc, argv, 3);
  long nnz = rows * per_row;
  long *rowptr = malloc((rows + 1) * sizeof(long));
  int *col = malloc(nnz * sizeof(int));
  double *val = malloc(nnz * sizeof(double));
  double *x = malloc(rows * sizeof(double));
  double *y = malloc(rows * sizeof(double));
  double *z = malloc(rows * sizeof(double));
  if (!rowptr || !col || !val || !x || !y || !z) bench_fail("malloc", "heap_spmv");
  uint64_t s = 161803398;
  for (long r = 0; r <= rows; r++) rowptr[r] = r * per_row;
  for (long k = 0; k < nnz; k++) {
    bench_lcg_next(&s);
    col[k] = (int)((s >> 33) % (uint64_t)rows);
    val[k] = (double)((k * 7) % 11 + 1) / 8.0;
  }
  for (long r = 0; r < rows; r++) x[r] = (double)(r % 9 - 4);

  bench_phase_begin();
  csr_spmv(rows, rowptr, col, val, x, y);
  csr_spmv(rows, rowptr, col, val, y, z);
  bench_phase_end();

  int ok = 1;
  for (long r = 0; r < rows; r += rows / 7 + 1) {
    ok &= y[r] == row_product(r, rowptr, col, val, x);
    ok &= z[r] == row_product(r, rowptr, col, val, y);
  }
  bench_report("heap_spmv", bench_fnv1a(bench_fnv1a(0, y, rows * sizeof(double)), z,
                                        rows * sizeof(double)), ok);
  return !ok;
}
