/*
 * Micro-benchmark of the hint fast path (not a test): the cost of a prefetch hint
 * the bit vector filters, in nanoseconds per hint (wall clock) and, under
 * valgrind --tool=callgrind (see run.sh), in instructions per hint.
 * Usage: fastpath [hints]   (prints ns/hint for oc_prefetch and oc_prefetch_block)
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define DATA_BYTES (4L << 20)
#define PAGE 4096L

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Kept out of line so callgrind shows the hint loops as functions of their own. */
__attribute__((noinline)) static void single_page_hints(const char *data, long hints) {
  for (long i = 0; i < hints; i++)
    oc_prefetch(data + ((i * PAGE) & (DATA_BYTES - 1)));
}

__attribute__((noinline)) static void block_hints(const char *data, long hints) {
  for (long i = 0; i < hints; i++)
    oc_prefetch_block(data + ((i * 4 * PAGE) & (DATA_BYTES - 1)), 4, 1, 1);
}

int main(int argc, char **argv) {
  long hints = argc > 1 ? atol(argv[1]) : 100000000L;
  char path[] = "/var/tmp/outcore-fastpath-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || ftruncate(fd, DATA_BYTES) != 0) {
    perror("fastpath: data file");
    return 1;
  }
  unlink(path);
  char *data = mmap(NULL, DATA_BYTES, PROT_READ, MAP_SHARED, fd, 0);
  if (data == MAP_FAILED) {
    perror("fastpath: mmap");
    return 1;
  }
  /* One unfiltered pass marks every page resident; every later hint is filtered. */
  oc_prefetch_block(data, DATA_BYTES / PAGE, 1, 1);
  for (long off = 0; off < DATA_BYTES; off += PAGE)
    oc_prefetch(data + off);
  usleep(100000);

  double t0 = now_s();
  single_page_hints(data, hints);
  double t1 = now_s();
  block_hints(data, hints);
  double t2 = now_s();
  printf("oc_prefetch (filtered):         %.2f ns/hint\n", (t1 - t0) * 1e9 / hints);
  printf("oc_prefetch_block 4 (filtered): %.2f ns/hint\n", (t2 - t1) * 1e9 / hints);
  munmap(data, DATA_BYTES);
  close(fd);
  return 0;
}
