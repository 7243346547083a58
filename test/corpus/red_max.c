// Maximum and its first index over a 2-D array scanned row by row (a reduction into two scalars).
// ARRAYS: argmax2d: a
#include "corpus.h"

enum { ROWS = 1201, COLS = 777 };

__attribute__((noinline)) long argmax2d(int rows, int cols, const double a[rows][cols], double *best) {
  double m = a[0][0];
  long where = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      if (a[i][j] > m) {
        m = a[i][j];
        where = (long)i * cols + j;
      }
  *best = m;
  return where;
}

int main(void) {
  corpus_seed(30);
  double (*a)[COLS] = (double (*)[COLS])corpus_doubles((size_t)ROWS * COLS);
  double best;
  long where = argmax2d(ROWS, COLS, a, &best);
  corpus_print_long("where", where);
  corpus_print_double("max", best);
  return 0;
}
