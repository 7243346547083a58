/*
 * Column walk over a row-major matrix of doubles in a file, through a shared mapping,
 * with the hints the compiler places in the version that keeps a column of pages:
 * entering a page of the rows, the page DISTANCE rows ahead is prefetched; leaving
 * it, the row behind is released. Mode `all` sums every column (the walk advances
 * a page along the rows per sweep); mode `one` sums column 0 only, releasing each
 * row's page behind it; mode `rewritten` first writes every row again (the same
 * values) and releases it behind, as a program's initialisation loop does, then sums
 * every column. With `paged`, the file is mapped by oc_pager_map (the userfaultfd
 * pager under OUTCORE_BACKEND=pager). Checks every sum against the generator's formula.
 * Usage: column_walk <file> <cols> all|one|rewritten [paged], or
 *        column_walk <file> <cols> gen <rows>
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAGE 4096L
#define PER_PAGE (PAGE / (long)sizeof(double))
#define DISTANCE 64L /* rows ahead */
#define TAG 1

static double element(long i, long j) { return (double)((i * 3 + j * 5) % 17); }

static int generate(int fd, long rows, long cols) {
  double *row = malloc(cols * sizeof *row);
  for (long i = 0; row && i < rows; i++) {
    for (long j = 0; j < cols; j++)
      row[j] = element(i, j);
    if (write(fd, row, cols * sizeof *row) != (ssize_t)(cols * sizeof *row))
      return 2;
  }
  free(row);
  return row ? 0 : 2;
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  long cols = atol(argv[2]);
  const char *mode = argv[3];
  bool gen = !strcmp(mode, "gen"), paged = !gen && argc == 5 && !strcmp(argv[4], "paged");
  if (argc != (gen || paged ? 5 : 4))
    return 2;
  int fd = open(argv[1], gen ? O_WRONLY | O_TRUNC : O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || cols <= 0 || cols % PER_PAGE)
    return 2;
  if (gen)
    return generate(fd, atol(argv[4]), cols);
  long rows = st.st_size / (cols * (long)sizeof(double));
  double *a = paged ? oc_pager_map(st.st_size, argv[1])
                    : mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  if (!a || a == MAP_FAILED)
    return 2;
  if (!strcmp(mode, "rewritten")) {
    if (!paged)
      return 2; /* the shared mapping is read-only */
    for (long i = 0; i < rows; i++) {
      for (long j = 0; j < cols; j++)
        a[i * cols + j] = element(i, j);
      oc_release_block(&a[i * cols], cols / PER_PAGE, 0, TAG + 1);
    }
  }
  long last_col = strcmp(mode, "one") ? cols : 1;
  long wrong = 0;
  for (long j = 0; j < last_col; j++) {
    bool entering = j % PER_PAGE == 0, leaving = j % PER_PAGE == PER_PAGE - 1 || j == last_col - 1;
    double s = 0, want = 0;
    for (long i = 0; i < rows; i++) {
      if (entering && i + DISTANCE < rows)
        oc_prefetch_block(&a[(i + DISTANCE) * cols + j], 1, 0, TAG);
      if (leaving && i > 0)
        oc_release_block(&a[(i - 1) * cols + j], 1, 0, TAG);
      s += a[i * cols + j];
      want += element(i, j);
    }
    if (leaving)
      oc_release_block(&a[(rows - 1) * cols + j], 1, 0, TAG);
    wrong += s != want;
  }
  printf("column_walk: %s, %ld rows, %ld columns, %ld sums wrong\n", mode, rows, last_col, wrong);
  if (paged && oc_pager_unmap(a, st.st_size) != 0)
    return 1;
  return wrong != 0;
}
