// OpenMP worksharing with `long` counters (built with -fopenmp): each thread's chunk of the
// outlined body is a nest; a time-stepped 2-D Jacobi whose sweeps swap roles, and a
// matrix-vector product over a VLA parameter. Without -fopenmp the pragmas are ignored.
// CFLAGS: -fopenmp
// ARRAYS: jacobi2d: A B
// ARRAYS: matvec: M x y
#include "corpus.h"

enum { N = 397, STEPS = 3, ROWS = 611, COLS = 523 };

__attribute__((noinline)) void jacobi2d(long steps, long n, double (*A)[n], double (*B)[n]) {
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

__attribute__((noinline)) void matvec(long rows, long cols, double M[rows][cols],
                                      const double *x, double *y) {
#pragma omp parallel for
  for (long i = 0; i < rows; i++) {
    double s = 0;
    for (long j = 0; j < cols; j++)
      s += M[i][j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  corpus_seed(71);
  double *A = corpus_doubles((long)N * N);
  double *B = corpus_doubles((long)N * N);
  jacobi2d(STEPS, N, (double (*)[N])A, (double (*)[N])B);
  corpus_print_hash("A", A, sizeof(double) * N * N);
  corpus_print_hash("B", B, sizeof(double) * N * N);
  double *M = corpus_doubles((long)ROWS * COLS);
  double *x = corpus_doubles(COLS);
  double *y = corpus_doubles(ROWS);
  matvec(ROWS, COLS, (double (*)[COLS])M, x, y);
  corpus_print_hash("y", y, sizeof(double) * ROWS);
  corpus_print_double("y[ROWS-1]", y[ROWS - 1]);
  return 0;
}
