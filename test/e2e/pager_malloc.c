/* Column sums, a 5-point stencil and row sums over two malloc'd ROWS x COLS arrays of
 * doubles (96 MiB together), written as plain in-core C; prints checksums. */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 1536
#define COLS 4096

int main(void) {
  double(*a)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  double(*b)[COLS] = malloc(sizeof(double[ROWS][COLS]));
  static double colsum[COLS], rowsum[ROWS];
  if (!a || !b)
    return 1;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      a[i][j] = (double)((i * 31 + j * 17) % 1000) / 8.0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      colsum[j] += a[i][j];
  for (int i = 1; i < ROWS - 1; i++)
    for (int j = 1; j < COLS - 1; j++)
      b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      rowsum[i] += b[i][j];
  double c = 0, r = 0;
  for (int j = 0; j < COLS; j++)
    c += colsum[j] * (j % 7);
  for (int i = 0; i < ROWS; i++)
    r += rowsum[i] * (i % 5);
  printf("colsum %.10e rowsum %.10e corner %.6f\n", c, r, b[ROWS / 2][COLS / 3]);
  free(a);
  free(b);
  return 0;
}
