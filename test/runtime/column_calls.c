/*
 * Releases that come back: a matrix of one page per row, summed by columns through a
 * function called once per column, with the hints a compiler places seeing one call
 * (prefetch a row ahead, release the row's page behind, priority 0, one tag). The
 * next calls walk the same pages, so each release is taken back by the tag's own
 * prefetches: the runtime is to stop issuing them. A plain one-pass stream over a
 * second array, its own tag, is to keep all of its releases. Prints both sums, each
 * checked against the values written.
 * Usage: column_calls <scratch file>
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096L
#define ROWS 2048L
#define COLS (PAGE / 8)
#define STEP 64L     /* columns apart: COLS / STEP calls walk each page */
#define DISTANCE 8L  /* rows ahead */
#define STREAM_PAGES 4096L
enum { COLUMN_TAG = 2, STREAM_TAG = 1 };

static double value(long i, long j) { return (double)((i * 7 + j * 3) % 11); }

__attribute__((noinline)) static double column_sum(const double (*a)[COLS], long j) {
  double s = 0;
  for (long i = 0; i < ROWS; i++) {
    oc_prefetch_block(&a[i + DISTANCE < ROWS ? i + DISTANCE : i][j], 1, 0, COLUMN_TAG);
    s += a[i][j];
    if (i > 0)
      oc_release_block(&a[i - 1][0], 1, 0, COLUMN_TAG);
  }
  oc_release_block(&a[ROWS - 1][0], 1, 0, COLUMN_TAG);
  return s;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  size_t matrix = ROWS * PAGE, stream = STREAM_PAGES * PAGE;
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || ftruncate(fd, (off_t)(matrix + stream)) != 0)
    return 2;
  char *base = mmap(NULL, matrix + stream, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED)
    return 2;
  double(*a)[COLS] = (double(*)[COLS])base;
  double *s = (double *)(base + matrix);
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++)
      a[i][j] = value(i, j);
  for (long k = 0; k < (long)(stream / 8); k++)
    s[k] = (double)(k % 5);

  int bad = 0;
  double total = 0, expected = 0;
  for (long j = 0; j < COLS; j += STEP) {
    total += column_sum((const double(*)[COLS])a, j);
    for (long i = 0; i < ROWS; i++)
      expected += value(i, j);
  }
  bad |= total != expected;
  double stream_sum = 0, stream_expected = 0;
  const long per_page = PAGE / 8;
  for (long p = 0; p < STREAM_PAGES; p++) {
    if (p + DISTANCE < STREAM_PAGES)
      oc_prefetch_block(s + (p + DISTANCE) * per_page, 1, 0, STREAM_TAG);
    for (long k = 0; k < per_page; k++) {
      stream_sum += s[p * per_page + k];
      stream_expected += (double)((p * per_page + k) % 5);
    }
    if (p > 0)
      oc_release_block(s + (p - 1) * per_page, 1, 0, STREAM_TAG);
  }
  bad |= stream_sum != stream_expected;
  printf("column_calls: columns %.1f, stream %.1f%s\n", total, stream_sum, bad ? " WRONG" : "");
  munmap(base, matrix + stream);
  close(fd);
  unlink(argv[1]);
  return bad;
}
