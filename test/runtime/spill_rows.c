/*
 * spill_rows ROWS COLS SWEEPS: a matrix allocated row by row (SciMark's and
 * Numerical Recipes' layout; every row a malloc or calloc of its own), swept by a
 * five-point relaxation as a user writes it; rows freed and allocated again (a
 * calloc'd row must read as zeros), one row grown by realloc; prints a checksum and,
 * on stderr, how many shared mappings of deleted files the process has (spilled
 * memory: the rows share the arena's one mapping, not one each). Built twice: plain,
 * and linked with liboutcore-rt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spilled_mappings.h"

int main(int argc, char **argv) {
  long rows = argc > 1 ? atol(argv[1]) : 8192, cols = argc > 2 ? atol(argv[2]) : 4096;
  int sweeps = argc > 3 ? atoi(argv[3]) : 2;
  double **g = malloc((size_t)rows * sizeof *g);
  if (!g)
    return 2;
  for (long i = 0; i < rows; i++) {
    g[i] = i % 2 ? calloc((size_t)cols, sizeof **g) : malloc((size_t)cols * sizeof **g);
    if (!g[i])
      return 2;
    for (long j = 0; j < cols; j++)
      g[i][j] += (double)((i * 31 + j * 17) % 101) / 101.0; /* calloc'd rows start at 0 */
  }
  for (int p = 0; p < sweeps; p++)
    for (long i = 1; i < rows - 1; i++)
      for (long j = 1; j < cols - 1; j++)
        g[i][j] = 0.3125 * (g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1]) -
                  0.25 * g[i][j];
  int zeros_kept = 1;
  for (long i = rows / 4; i < rows / 4 + 64; i++) { /* freed, then calloc'd again */
    free(g[i]);
    g[i] = calloc((size_t)cols, sizeof **g);
    if (!g[i])
      return 2;
    for (long j = 0; j < cols; j++)
      zeros_kept &= g[i][j] == 0.0;
  }
  double *grown = realloc(g[rows - 1], (size_t)(2 * cols) * sizeof **g);
  if (!grown)
    return 2;
  g[rows - 1] = grown;
  for (long j = cols; j < 2 * cols; j++)
    grown[j] = grown[j - cols];
  double sum = 0;
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      sum += g[i][j] * (double)((i + j) % 7);
  for (long j = cols; j < 2 * cols; j++)
    sum += grown[j];
  fprintf(stderr, "spill_rows: %d shared mappings of deleted files\n", spilled_mappings());
  printf("rows %ld x %ld doubles, %d sweeps: checksum %.10e, calloc zeros %s\n", rows, cols,
         sweeps, sum, zeros_kept ? "kept" : "LOST");
  for (long i = 0; i < rows; i++)
    free(g[i]);
  free(g);
  return 0;
}
