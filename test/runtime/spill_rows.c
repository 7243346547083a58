/*
 * spill_rows ROWS COLS SWEEPS [aligned]: a matrix allocated row by row (SciMark's and
 * Numerical Recipes' layout; every row a malloc or calloc of its own), swept by a
 * five-point relaxation as a user writes it; rows freed and allocated again (a
 * calloc'd row must read as zeros), one row grown by realloc; prints a checksum and,
 * on stderr, how many shared mappings of deleted files the process has (spilled
 * memory: the rows share the arena's one mapping, not one each). With "aligned" the
 * rows come from the aligned allocators in turn (posix_memalign to 64 KiB,
 * aligned_alloc, valloc, pvalloc, memalign), as tiles for SIMD kernels, and the
 * output says whether every row had its alignment. Built twice: plain, and linked
 * with liboutcore-rt.
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spilled_mappings.h"

/* A row of bytes from one of the aligned allocators, cleared; NULL when refused. */
static void *aligned_row(size_t bytes, long i, int *misaligned) {
  static const size_t align[] = {64 << 10, 16 << 10, 4096, 4096, 8 << 10};
  void *p = NULL;
  size_t a = align[i % 5];
  switch (i % 5) {
  case 0:
    if (posix_memalign(&p, a, bytes) != 0)
      p = NULL;
    break;
  case 1:
    p = aligned_alloc(a, (bytes + a - 1) / a * a);
    break;
  case 2:
    p = valloc(bytes);
    break;
  case 3:
    p = pvalloc(bytes);
    break;
  default:
    p = memalign(a, bytes);
  }
  *misaligned |= p && (uintptr_t)p % a != 0;
  return p ? memset(p, 0, bytes) : NULL;
}

int main(int argc, char **argv) {
  long rows = argc > 1 ? atol(argv[1]) : 8192, cols = argc > 2 ? atol(argv[2]) : 4096;
  int sweeps = argc > 3 ? atoi(argv[3]) : 2;
  int aligned = argc > 4 && strcmp(argv[4], "aligned") == 0, misaligned = 0;
  double **g = malloc((size_t)rows * sizeof *g);
  if (!g)
    return 2;
  for (long i = 0; i < rows; i++) {
    size_t bytes = (size_t)cols * sizeof **g;
    g[i] = aligned ? aligned_row(bytes, i, &misaligned) : i % 2 ? calloc(1, bytes) : malloc(bytes);
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
  printf("rows %ld x %ld doubles, %d sweeps: checksum %.10e, calloc zeros %s%s\n", rows, cols,
         sweeps, sum, zeros_kept ? "kept" : "LOST",
         !aligned ? "" : misaligned ? ", alignment LOST" : ", alignment kept");
  for (long i = 0; i < rows; i++)
    free(g[i]);
  free(g);
  return 0;
}
