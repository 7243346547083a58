/* spill_static's kernel, in a file without main: it writes the main file's external
 * array out and defines deviation, which main reads. */
#include "spill_static.h"

double deviation[ROWS];

void centre(double (*m)[COLS], const double *colsum) {
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++) {
      out[i][j] = m[i][j] - colsum[j] / ROWS;
      deviation[i] += out[i][j] * out[i][j];
    }
}
