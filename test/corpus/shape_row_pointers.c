// A matrix allocated row by row (double **, a malloc per row, SciMark's and Numerical
// Recipes' layout): an SOR sweep in place through three row pointers, a mat-vec, and a
// column walk; the rows are references through pointers the outer loop loads.
// ARRAYS: sor: g
// ARRAYS: matvec: a x y
// ARRAYS: column_sums: a s
#include "corpus.h"

#ifndef ROWS
#define ROWS 600
#endif
#ifndef COLS
#define COLS 700
#endif

__attribute__((noinline)) void sor(int m, int n, double omega, double **g, int sweeps) {
  double quarter = omega * 0.25, rest = 1.0 - omega;
  for (int p = 0; p < sweeps; p++)
    for (int i = 1; i < m - 1; i++) {
      double *gi = g[i], *gm = g[i - 1], *gp = g[i + 1];
      for (int j = 1; j < n - 1; j++)
        gi[j] = quarter * (gm[j] + gp[j] + gi[j - 1] + gi[j + 1]) + rest * gi[j];
    }
}

__attribute__((noinline)) void matvec(long m, long n, double **a, const double *x, double *y) {
  for (long i = 0; i < m; i++) {
    double s = 0;
    for (long j = 0; j < n; j++)
      s += a[i][j] * x[j];
    y[i] = s;
  }
}

__attribute__((noinline)) void column_sums(long m, long n, double **a, double *s) {
  for (long j = 0; j < n; j++) {
    double t = 0;
    for (long i = 0; i < m; i++)
      t += a[i][j];
    s[j] = t;
  }
}

int main(void) {
  corpus_seed(71);
  double **g = corpus_alloc(ROWS * sizeof *g);
  for (int i = 0; i < ROWS; i++) {
    g[i] = corpus_alloc(COLS * sizeof **g);
    for (int j = 0; j < COLS; j++)
      g[i][j] = corpus_double();
  }
  double *x = corpus_alloc(COLS * sizeof *x), *y = corpus_alloc(ROWS * sizeof *y);
  double *s = corpus_alloc(COLS * sizeof *s);
  for (int j = 0; j < COLS; j++)
    x[j] = corpus_double();
  sor(ROWS, COLS, 1.25, g, 3);
  matvec(ROWS, COLS, g, x, y);
  column_sums(ROWS, COLS, g, s);
  for (int i = 0; i < ROWS; i += ROWS / 6)
    corpus_print_hash("g row", g[i], COLS * sizeof **g);
  corpus_print_hash("y", y, ROWS * sizeof *y);
  corpus_print_hash("s", s, COLS * sizeof *s);
  return 0;
}
