// A double ** matrix of rows of 600 doubles (4800 bytes, not a page multiple)
// malloc'd one by one, 190 MB, smoothed row against row four times.
#include <stdio.h>
#include <stdlib.h>

#ifndef ROWS
#define ROWS 40000
#endif
#define COLS 600

int main(void) {
  double **a = malloc(ROWS * sizeof *a);
  for (int i = 0; i < ROWS; i++) {
    a[i] = malloc(COLS * sizeof(double));
    for (int j = 0; j < COLS; j++)
      a[i][j] = ((i * 7 + j * 13) % 97) * 0.01;
  }
  for (int pass = 0; pass < 4; pass++)
    for (int i = 1; i < ROWS; i++) {
      const double *up = a[i - 1];
      double *row = a[i];
      for (int j = 0; j < COLS; j++)
        row[j] = 0.5 * row[j] + 0.25 * up[j] + 0.25 * up[(j + 1) % COLS];
    }
  double sum = 0, weighted = 0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++) {
      sum += a[i][j];
      weighted += a[i][j] * ((i + j) % 5);
    }
  printf("rows_smooth sum=%a weighted=%a\n", sum, weighted);
  for (int i = 0; i < ROWS; i++)
    free(a[i]);
  free(a);
  return 0;
}
