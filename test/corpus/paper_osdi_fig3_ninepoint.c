// OSDI Fig. 3 shape: a nine-point nearest-neighbour stencil updated in place over time steps
// (each point reads already-updated neighbours, so iteration order matters).
// ARRAYS: ninepoint: a
#include "corpus.h"

enum { ROWS = 600, COLS = 811, STEPS = 3 };

__attribute__((noinline)) void ninepoint(int steps, int n, int m, double a[n][m]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = (a[i - 1][j - 1] + a[i - 1][j] + a[i - 1][j + 1] + a[i][j - 1] + a[i][j] + a[i][j + 1] +
                   a[i + 1][j - 1] + a[i + 1][j] + a[i + 1][j + 1]) / 9.0;
}

int main(void) {
  corpus_seed(15);
  double (*a)[COLS] = (double (*)[COLS])corpus_doubles((size_t)ROWS * COLS);
  ninepoint(STEPS, ROWS, COLS, a);
  corpus_print_hash("a", a, sizeof(double) * ROWS * COLS);
  corpus_print_double("a[300][400]", a[300][400]);
  return 0;
}
