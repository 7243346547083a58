/*
 * oc_love and oc_hate with real madvise: two 16 MiB shared file mappings, one loved
 * and one hated, plus hated anonymous data.
 * - hate: the hated file's pages leave memory (mincore), its data reads back intact,
 *   and hated anonymous data keeps its contents (never MADV_DONTNEED);
 * - love: release hints over the loved file are skipped (it stays resident), and
 *   after the kernel pages it out the runtime brings it back;
 * - bad ranges (null, negative, huge, the stack, unmapped) are ignored.
 * Prints one line per check; exits 1 on the first failure. Usage: love_hate DIR
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

#include "resident_pages.h"

#define BYTES (16L << 20)
#define WORDS (BYTES / 8)

static uint64_t *map_file(const char *dir, const char *name, uint64_t seed) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || ftruncate(fd, BYTES) != 0)
    exit(2);
  unlink(path);
  uint64_t *p = mmap(NULL, BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED)
    exit(2);
  for (long i = 0; i < WORDS; i++)
    p[i] = i * seed;
  msync(p, BYTES, MS_SYNC);
  return p;
}

static double resident(const void *p, long bytes) {
  long n = resident_pages(p, bytes / 4096);
  return n < 0 ? -1 : (double)n / (bytes / 4096);
}

static int intact(const uint64_t *p, uint64_t seed) {
  for (long i = 0; i < WORDS; i++)
    if (p[i] != (uint64_t)i * seed)
      return 0;
  return 1;
}

static void check(int ok, const char *what, double figure) {
  printf("love_hate: %-46s %s (%.2f)\n", what, ok ? "ok" : "FAILED", figure);
  if (!ok)
    exit(1);
}

static void pause_ms(long ms) {
  struct timespec ts = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&ts, NULL);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  int on_stack[1024] = {0};
  oc_love(NULL, 4096);
  oc_hate(NULL, 4096);
  oc_love((void *)4096, -1);
  oc_hate((void *)-4096L, 1L << 40);
  oc_hate(on_stack, sizeof on_stack);
  oc_love(on_stack, sizeof on_stack);
  oc_hate((void *)(uintptr_t)0x7ff000000000, 1L << 30);
  check(on_stack[0] == 0 && on_stack[1023] == 0, "bad ranges ignored", 0);

  uint64_t *loved = map_file(argv[1], "loved", 3), *hated = map_file(argv[1], "hated", 7);
  uint64_t *anon = malloc(BYTES);
  for (long i = 0; i < WORDS; i++)
    anon[i] = i * 11;
  oc_love(loved, BYTES);
  oc_hate(hated, BYTES);
  oc_hate(anon, BYTES);
  /* Release hints over the loved file, as a loop that has finished with it would send. */
  oc_release_block(loved, BYTES / 4096, 0, 7);
  oc_release_block(loved + WORDS / 2, 1, 0, 7);
  pause_ms(600);
  double h = resident(hated, BYTES), l = resident(loved, BYTES);
  check(h < 0.1, "hated file left memory", h);
  check(l > 0.9, "loved file kept despite release hints", l);
  check(intact(hated, 7), "hated file data intact", 1);
  check(intact(anon, 11), "hated anonymous data intact", 1);

  /* The kernel takes the loved pages (as reclaim would); one touch shows the runtime
   * a fault, and it brings the rest back. */
  madvise(loved, BYTES, MADV_PAGEOUT);
  double gone = resident(loved, BYTES);
  volatile uint64_t touch = loved[WORDS / 3];
  (void)touch;
  double back = 0;
  for (int i = 0; i < 40 && back <= 0.9; i++) {
    pause_ms(100);
    back = resident(loved, BYTES);
  }
  printf("love_hate: loved file paged out to %.2f resident\n", gone);
  check(gone > 0.9 || back > 0.9, "loved file refilled after eviction", back);
  check(intact(loved, 3), "loved file data intact", 1);
  free(anon);
  return 0;
}
