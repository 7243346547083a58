// 4000 rows of doubles grown by realloc in turn, 1000 to 6000 elements each (190 MB at
// the end): what a row held must survive each growth.
#include <stdio.h>
#include <stdlib.h>

#ifndef ROWS
#define ROWS 4000
#endif
#define STEP 500
#define FIRST 1000
#define LAST 6000

static double value(int i, int j) { return i + j * 1e-4; }

int main(void) {
  double **rows = malloc(ROWS * sizeof *rows);
  int *len = malloc(ROWS * sizeof *len);
  long bad = 0;
  for (int i = 0; i < ROWS; i++) {
    len[i] = FIRST;
    rows[i] = malloc(FIRST * sizeof(double));
    for (int j = 0; j < FIRST; j++)
      rows[i][j] = value(i, j);
  }
  for (int grown = FIRST; grown < LAST; grown += STEP)
    for (int i = 0; i < ROWS; i++) {
      int n = len[i] + STEP;
      rows[i] = realloc(rows[i], n * sizeof(double));
      for (int j = 0; j < len[i]; j += 61)
        bad += rows[i][j] != value(i, j);
      for (int j = len[i]; j < n; j++)
        rows[i][j] = value(i, j);
      len[i] = n;
    }
  double sum = 0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < len[i]; j++) {
      sum += rows[i][j] * ((j % 3) - 1);
      bad += rows[i][j] != value(i, j);
    }
  printf("rows_realloc_grow bad=%ld sum=%a\n", bad, sum);
  for (int i = 0; i < ROWS; i++)
    free(rows[i]);
  free(rows);
  free(len);
  return 0;
}
