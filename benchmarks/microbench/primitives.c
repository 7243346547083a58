/*
 * Measures which prefetch primitive suits which pattern (backs the runtime's
 * choice; not a test). Cold file in a shared mapping, hints placed DISTANCE
 * accesses ahead, one primitive at a time:
 *   scattered: one page at a time in a random order (indirect/strided access);
 *   blocks:    64 KiB blocks in order, each touched page by page.
 * Primitives: none, MADV_WILLNEED from the program thread (with MADV_RANDOM on the
 * region for the scattered pattern), MADV_POPULATE_READ from 2 worker threads.
 * Usage: primitives <file> <pages to visit>   (prints seconds per variant)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096L
#define BLOCK_PAGES 16L
#define DISTANCE 64L
#define RING 4096

static char *data;
static long file_pages;
/* A tiny request ring for the populate workers. */
static _Atomic long ring[RING];
static _Atomic long produced, consumed;
static atomic_bool stopping;

static void *populate_worker(void *len_arg) {
  long len = (long)len_arg;
  for (;;) {
    long c = atomic_load(&consumed);
    if (c >= atomic_load(&produced)) {
      if (atomic_load(&stopping))
        return NULL;
      usleep(20);
      continue;
    }
    if (atomic_compare_exchange_weak(&consumed, &c, c + 1))
      madvise(data + ring[c % RING] * PAGE, len, MADV_POPULATE_READ);
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Cold start: the cache drops a file's pages only while nothing maps them. */
static void evict(int fd) {
  munmap(data, file_pages * PAGE);
  posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  data = mmap(NULL, file_pages * PAGE, PROT_READ, MAP_SHARED, fd, 0);
}

enum primitive { NONE, WILLNEED, POPULATE };

static double run(int fd, const long *order, long visits, long stride_pages, enum primitive p,
                  bool random_advice) {
  evict(fd);
  madvise(data, file_pages * PAGE, random_advice ? MADV_RANDOM : MADV_NORMAL);
  pthread_t workers[2];
  atomic_store(&produced, 0);
  atomic_store(&consumed, 0);
  atomic_store(&stopping, false);
  if (p == POPULATE)
    for (int i = 0; i < 2; i++)
      pthread_create(&workers[i], NULL, populate_worker, (void *)(stride_pages * PAGE));
  volatile uint64_t sum = 0;
  double t0 = now();
  for (long v = 0; v < visits; v++) {
    if (v + DISTANCE < visits) {
      long ahead = order[v + DISTANCE];
      if (p == WILLNEED)
        madvise(data + ahead * PAGE, stride_pages * PAGE, MADV_WILLNEED);
      else if (p == POPULATE && atomic_load(&produced) - atomic_load(&consumed) < RING) {
        ring[atomic_load(&produced) % RING] = ahead;
        atomic_fetch_add(&produced, 1);
      }
    }
    for (long k = 0; k < stride_pages; k++)
      sum += *(volatile uint64_t *)(data + (order[v] + k) * PAGE);
  }
  double t = now() - t0;
  atomic_store(&stopping, true);
  if (p == POPULATE)
    for (int i = 0; i < 2; i++)
      pthread_join(workers[i], NULL);
  return t;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    return 2;
  file_pages = st.st_size / PAGE;
  data = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  long visits = atol(argv[2]);
  long *scattered = malloc(visits * sizeof *scattered);
  long *blocks = malloc(visits * sizeof *blocks);
  srand(1);
  for (long v = 0; v < visits; v++) {
    scattered[v] = ((long)rand() * RAND_MAX + rand()) % file_pages;
    blocks[v] = (v * BLOCK_PAGES) % (file_pages - BLOCK_PAGES);
  }
  long block_visits = visits / BLOCK_PAGES;
  const char *names[] = {"none", "WILLNEED (caller)", "POPULATE_READ (2 workers)"};
  for (int p = NONE; p <= POPULATE; p++)
    printf("scattered pages, %-26s %s: %.3f s\n", names[p], p == NONE ? "          " : "+MADV_RANDOM",
           run(fd, scattered, visits, 1, p, p != NONE));
  for (int p = NONE; p <= POPULATE; p++)
    printf("64 KiB blocks,   %-26s %s: %.3f s\n", names[p], "          ",
           run(fd, blocks, block_visits, BLOCK_PAGES, p, false));
  return 0;
}
