/*
 * Output planes that do not fill whole chunks: a 3-D stencil's result written plane by
 * plane (MGRID's planes of 355 x 355 doubles, 1008200 bytes) through a writable shared
 * mapping of a file, as the compiler hints its short rows: in strips of 9 rows, each
 * strip released at priority 0 once the next one is written, and a plane's last
 * strip at its end. A plane's first and last row and word (the grid's border) are
 * never written or released, so the releases of a plane end inside a 2 MiB chunk
 * whose rest the next plane is writing when they are handed on. Prints how many
 * bytes the process dirtied (/proc/self/io write_bytes: the kernel counts a folio
 * each time it becomes dirty, so a folio written back and then dirtied again counts
 * twice) against the bytes written, and how much of the file the page cache still
 * holds once the releases settled (a chunk whose release ended a page short of its
 * end, beside the next plane's border, stayed whole), then checks that every interior
 * word was written exactly once and no border word (read back without hints).
 * Usage: planes <file>
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "resident_pages.h"

#define PAGE 4096L
#define ROW_WORDS 355L
#define PLANE_WORDS (ROW_WORDS * ROW_WORDS)
#define BORDER_WORDS (ROW_WORDS + 1) /* a row and one word */
#define STRIP_ROWS 9L

static long process_write_bytes(void) {
  FILE *io = fopen("/proc/self/io", "r");
  long bytes = -1;
  char line[128];
  while (io && fgets(line, sizeof line, io))
    if (sscanf(line, "write_bytes: %ld", &bytes) == 1)
      break;
  if (io)
    fclose(io);
  return bytes;
}

/* 1, after about as long as a 27-point stencil takes per point (10 ns): the release
 * worker then hands a plane's last strip on while the next plane is written. */
static uint64_t stencil_point(long k) {
  double x = (double)k;
  for (int i = 0; i < 24; i++)
    x = x * 0.5 + 1.0;
  return x > 0.0;
}

static long pages(long words) { return (words * 8 + PAGE - 1) / PAGE; }

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  int fd = open(argv[1], O_RDWR);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    return 2;
  long words = st.st_size / 8, planes = words / PLANE_WORDS;
  uint64_t *data = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (data == MAP_FAILED)
    return 2;
  long written_before = process_write_bytes();
  const long strip_words = STRIP_ROWS * ROW_WORDS;
  for (long plane = 0; plane < planes; plane++) {
    long first = plane * PLANE_WORDS + BORDER_WORDS, end = (plane + 1) * PLANE_WORDS - BORDER_WORDS;
    for (long strip = first; strip < end; strip += strip_words) {
      long strip_end = strip + strip_words < end ? strip + strip_words : end;
      for (long k = strip; k < strip_end; k++)
        data[k] += stencil_point(k);
      if (strip > first)
        oc_release_block(data + strip - strip_words, pages(strip_words), 0, 1);
      if (strip_end == end)
        oc_release_block(data + strip, pages(strip_end - strip), 0, 1);
    }
  }
  long interior_bytes = planes * (PLANE_WORDS - 2 * BORDER_WORDS) * 8;
  long dirtied = process_write_bytes() - written_before;
  /* The release worker's last write-backs and assembled chunks: until it settles,
   * the same for 300 ms (one AddressSanitizer run counted 6.1 MiB, a chunk more than
   * the 4 MiB where the drops end, after two equal samples 100 ms apart; its reruns
   * counted 4 MiB). */
  long cached = resident_pages(data, st.st_size / PAGE) * PAGE;
  for (int i = 0, unchanged = 0; i < 50 && unchanged < 3; i++) {
    usleep(100000);
    long now = resident_pages(data, st.st_size / PAGE) * PAGE;
    unchanged = now == cached ? unchanged + 1 : 0;
    cached = now;
  }
  long wrong = 0;
  for (long k = 0; k < words; k++) {
    long in_plane = k % PLANE_WORDS;
    bool interior = k < planes * PLANE_WORDS && in_plane >= BORDER_WORDS &&
                    in_plane < PLANE_WORDS - BORDER_WORDS;
    wrong += data[k] != (interior ? 1 : 0);
  }
  printf("planes: dirtied %ld bytes for %ld written, %ld cached after, %ld words wrong\n",
         dirtied, interior_bytes, cached, wrong);
  return wrong != 0;
}
