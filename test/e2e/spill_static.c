/* Column and row sums over static (zero-initialised, .bss) arrays of ROWS x COLS
 * doubles, written as in Fortran-style C; prints checksums. A program of two files
 * (spill_static_kernel.c), each naming an external array the other defines. */
#include <stdio.h>

#include "spill_static.h"

static double m[ROWS][COLS];
double out[ROWS][COLS]; /* external, in the file with main, named by the kernel's */
static double colsum[COLS], rowsum[ROWS];

int main(void) {
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      m[i][j] = (double)((i * 31 + j * 17) % 1000) / 8.0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      colsum[j] += m[i][j];
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      rowsum[i] += m[i][j];
  centre(m, colsum);
  double c = 0, r = 0, o = 0;
  for (int j = 0; j < COLS; j++)
    c += colsum[j] * (j % 5);
  for (int i = 0; i < ROWS; i++) {
    r += rowsum[i] * (i % 3);
    o += out[i][i % COLS] + deviation[i];
  }
  printf("static %dx%d: columns %.6e rows %.6e out %.6e\n", ROWS, COLS, c, r, o);
  return 0;
}
