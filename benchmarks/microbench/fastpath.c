/*
 * Micro-benchmark of the hint fast path (not a test): the cost of a prefetch hint
 * the bit vector filters, and of a release hint the runtime does not issue (a repeat
 * of the tag's last page, dropped; a new page of a priority-1 tag, buffered), in
 * nanoseconds per hint (wall clock) and, under valgrind --tool=callgrind or
 * strace -c -f (see run.sh), in instructions and system calls per hint.
 * Usage: fastpath [hints [kind]]   kind: prefetch, block, repeat, buffered or all
 *        (default); prints ns/hint for each kind run
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define DATA_BYTES (4L << 20)
#define PAGE 4096L
#define WORD_BYTES (64 * PAGE)

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

__attribute__((noinline)) static void repeated_release_hints(const char *data, long hints) {
  for (long i = 0; i < hints; i++)
    oc_release_block(data, 1, 0, 2);
}

/* Every hint a new page: recorded and buffered (priority 1, no memory pressure). */
__attribute__((noinline)) static void buffered_release_hints(const char *data, long hints) {
  for (long i = 0; i < hints; i++)
    oc_release_block(data + i * PAGE, 1, 1, 3);
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
  /* Aligned to a word of the bit vector (64 pages), so every block lies in a word
   * that is all resident: the case the fast path is for. */
  char *reserved = mmap(NULL, DATA_BYTES + WORD_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
                        -1, 0);
  char *aligned = (char *)(((uintptr_t)reserved + WORD_BYTES - 1) & ~(uintptr_t)(WORD_BYTES - 1));
  char *data = reserved == MAP_FAILED ? MAP_FAILED
                                      : mmap(aligned, DATA_BYTES, PROT_READ, MAP_SHARED | MAP_FIXED,
                                             fd, 0);
  if (data == MAP_FAILED) {
    perror("fastpath: mmap");
    return 1;
  }
  /* One unfiltered pass marks every page resident; every later hint is filtered.
   * The runtime learns of a new mapping from its release worker (it never reads
   * /proc/self/maps on a hint path): hints before that are dropped, so wait. */
  oc_prefetch_block(data, DATA_BYTES / PAGE, 1, 1);
  usleep(50000);
  oc_prefetch_block(data, DATA_BYTES / PAGE, 1, 1);
  for (long off = 0; off < DATA_BYTES; off += PAGE)
    oc_prefetch(data + off);
  usleep(100000);
  /* Never touched, so releasing it costs the OS nothing: only the runtime is timed. */
  size_t release_bytes = (size_t)(hints > 0 ? hints : 1) * PAGE;
  char *release_area = mmap(NULL, release_bytes, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
                            MAP_NORESERVE, -1, 0);
  if (release_area == MAP_FAILED) {
    perror("fastpath: mmap");
    return 1;
  }
  oc_release_block(release_area, 1, 1, 4); /* the runtime learns of the mapping */
  usleep(50000);

  const struct {
    const char *name, *label;
    void (*run)(const char *data, long hints);
    const char *data;
  } kinds[] = {{"prefetch", "oc_prefetch (filtered):        ", single_page_hints, data},
               {"block", "oc_prefetch_block 4 (filtered):", block_hints, data},
               {"repeat", "oc_release_block (repeat):     ", repeated_release_hints, data},
               {"buffered", "oc_release_block (buffered):   ", buffered_release_hints,
                release_area}};
  const char *kind = argc > 2 ? argv[2] : "all";
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    if (strcmp(kind, "all") != 0 && strcmp(kind, kinds[k].name) != 0)
      continue;
    double t0 = now_s();
    kinds[k].run(kinds[k].data, hints);
    printf("%s %.2f ns/hint\n", kinds[k].label, (now_s() - t0) * 1e9 / hints);
  }
  munmap(release_area, release_bytes);
  munmap(reserved, DATA_BYTES + WORD_BYTES);
  close(fd);
  return 0;
}
