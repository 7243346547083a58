/*
 * A member for arbiter_fit.sh, built with outcore-cc: scans a file of MIB mebibytes
 * (its words a function of the offset) through a shared mapping, pass after pass. The
 * pass versions the scan with a fit test that loads oc_memory_limit_now: a file above
 * the fit answer runs the hinted loop, one below it the original. Once GO_FILE exists
 * it prints the fit answer as oc_memory_limit() returns it and as oc_memory_limit_now
 * holds it, then scans on until STOP_FILE exists and prints one pass's sum.
 * Usage: arbiter_fit gen FILE MIB | arbiter_fit run FILE MIB GO_FILE STOP_FILE
 */
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

__attribute__((noinline)) static uint64_t scan(const uint64_t *data, long words) {
  uint64_t sum = 0;
  for (long i = 0; i < words; i++)
    sum += data[i] ^ (uint64_t)i;
  return sum;
}

/* oc_memory_limit() and the load after it come from one sample unless the release
 * worker resampled in between while the shares moved: read again until they agree. */
static void fit_answer(long *called, long *loaded) {
  for (int tries = 0; tries < 100; tries++) {
    *called = oc_memory_limit();
    *loaded = __atomic_load_n(&oc_memory_limit_now, __ATOMIC_RELAXED);
    if (*called == *loaded)
      return;
    usleep(1000);
  }
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  long words = atol(argv[3]) << 17;
  bool gen = strcmp(argv[1], "gen") == 0;
  if (!gen && (strcmp(argv[1], "run") != 0 || argc != 6))
    return 2;
  int fd = open(argv[2], gen ? O_RDWR | O_CREAT | O_TRUNC : O_RDONLY, 0600);
  if (fd < 0 || (gen && ftruncate(fd, words * 8) != 0))
    return 2;
  uint64_t *data = mmap(NULL, words * 8, gen ? PROT_READ | PROT_WRITE : PROT_READ,
                        MAP_SHARED, fd, 0);
  if (data == MAP_FAILED)
    return 2;
  if (gen) {
    for (long i = 0; i < words; i++)
      data[i] = (uint64_t)i * 2654435761u;
    return msync(data, words * 8, MS_SYNC) != 0;
  }
  uint64_t first = scan(data, words);
  bool reported = false;
  while (access(argv[5], F_OK) != 0) {
    if (!reported && access(argv[4], F_OK) == 0) {
      long called, loaded;
      fit_answer(&called, &loaded);
      printf("fit: oc_memory_limit %ld oc_memory_limit_now %ld footprint %ld\n", called, loaded,
             words * 8);
      fflush(stdout);
      reported = true;
    }
    if (scan(data, words) != first)
      return 3;
  }
  printf("sum: %llu\n", (unsigned long long)first);
  return 0;
}
