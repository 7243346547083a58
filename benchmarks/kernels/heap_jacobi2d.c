/* Time-stepped 2-D Jacobi as a program writes it: two n x n grids from posix_memalign that
 * swap roles, for t { B = f(A); A = f(B) } (the classic out-of-core pattern: each sweep streams
 * one grid in and the other out). Five-point average; the borders stay at their input values.
 * Built with -fopenmp it is the OpenMP variant (omp_jacobi2d): the same sweeps with the rows
 * shared among threads, the same result bit for bit. Built with -DROW_POINTERS it is
 * rows_jacobi2d: each grid allocated row by row (SciMark's and Numerical Recipes' layout, an
 * array of row pointers, a malloc per row), the same result bit for bit. */
#include "bench_data.h"

#if defined(ROW_POINTERS)
#define KERNEL_NAME "rows_jacobi2d"
#define GRID(name) double **name
#elif defined(_OPENMP)
#define KERNEL_NAME "omp_jacobi2d"
#else
#define KERNEL_NAME "heap_jacobi2d"
#endif
#ifndef GRID
#define GRID(name) double (*name)[n]
#endif

/* An n x n grid. */
static void *new_grid(long n) {
#ifdef ROW_POINTERS
  double **rows = malloc(n * sizeof *rows);
  for (long i = 0; rows && i < n; i++)
    if (!(rows[i] = malloc(n * sizeof **rows)))
      return NULL;
  return rows;
#else
  void *grid;
  return posix_memalign(&grid, 64, sizeof(double[n][n])) ? NULL : grid;
#endif
}

static void free_grid(long n, GRID(grid)) {
#ifdef ROW_POINTERS
  for (long i = 0; i < n; i++)
    free(grid[i]);
#else
  (void)n;
#endif
  free(grid);
}

/* FNV-1a over the grid's rows in order. */
static uint64_t grid_checksum(long n, GRID(grid)) {
  uint64_t h = 0;
  for (long i = 0; i < n; i++)
    h = bench_fnv1a(h, grid[i], n * sizeof(double));
  return h;
}

__attribute__((noinline)) void jacobi2d(long steps, long n, GRID(A), GRID(B)) {
  for (long t = 0; t < steps; t++) {
#pragma omp parallel for
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        B[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j]) * 0.2;
#pragma omp parallel for
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        A[i][j] = (B[i - 1][j] + B[i][j - 1] + B[i][j] + B[i][j + 1] + B[i + 1][j]) * 0.2;
  }
}

static double input_value(long i, long j) { return (double)((i * 31 + j * 17) % 101); }

/* Point (i, j) after `sweeps` sweeps, with the kernel's expression (same rounding). */
static double expected(long n, int sweeps, long i, long j) {
  if (sweeps == 0 || i == 0 || j == 0 || i == n - 1 || j == n - 1) return input_value(i, j);
  int s = sweeps - 1;
  return (expected(n, s, i - 1, j) + expected(n, s, i, j - 1) + expected(n, s, i, j) +
          expected(n, s, i, j + 1) + expected(n, s, i + 1, j)) * 0.2;
}

int main(int argc, char **argv) {
  bench_init_program(argc, argv);
  long n = bench_arg(argc, argv, 2), steps = bench_arg(argc, argv, 3);
  GRID(A) = new_grid(n);
  GRID(B) = new_grid(n);
  if (!A || !B)
    bench_fail("allocation", KERNEL_NAME);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) A[i][j] = input_value(i, j);
  for (long k = 0; k < n; k++) {
    B[0][k] = input_value(0, k);
    B[n - 1][k] = input_value(n - 1, k);
    B[k][0] = input_value(k, 0);
    B[k][n - 1] = input_value(k, n - 1);
  }

  bench_phase_begin();
  jacobi2d(steps, n, A, B);
  bench_phase_end();

  const long samples[][2] = {{1, 1}, {2, n / 2}, {n / 2, n / 3}, {n - 2, n - 2}, {n - 3, 1}};
  int ok = 1;
  for (size_t k = 0; k < sizeof samples / sizeof samples[0]; k++)
    ok &= A[samples[k][0]][samples[k][1]] == expected(n, 2 * steps, samples[k][0], samples[k][1]);
  bench_report(KERNEL_NAME, grid_checksum(n, A), ok);
  free_grid(n, A);
  free_grid(n, B);
  return !ok;
}
