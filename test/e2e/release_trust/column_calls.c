/* Column sums of a file-mapped matrix, one call per column: the pass sees one walk down
 * the rows and releases each page behind it, but the next calls use the same pages.
 * Prints every column's sum. Usage: column_calls FILE */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

enum { ROWS = 256, COLS = 4096 }; /* 8 MiB; rows of 32 KiB; 1 MiB of pages per call */

__attribute__((noinline)) double column_sum(long rows, long cols, const double a[rows][cols],
                                            long j) {
  double s = 0;
  for (long i = 0; i < rows; i++)
    s += a[i][j];
  return s;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  size_t bytes = sizeof(double) * ROWS * COLS;
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0)
    return 2;
  double(*a)[COLS] = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (a == MAP_FAILED)
    return 2;
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < COLS; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 11);
  double total = 0;
  for (long j = 0; j < COLS; j++) {
    double s = column_sum(ROWS, COLS, (const double(*)[COLS])a, j);
    total += s;
    if (j % 512 == 0)
      printf("column %ld: %.1f\n", j, s);
  }
  printf("total %.1f\n", total);
  munmap(a, bytes);
  close(fd);
  return 0;
}
