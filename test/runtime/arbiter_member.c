/*
 * A member for the arbitration tests: makes a file of MiB mebibytes (its contents a
 * function of the offset), then scans it through a shared mapping pass after pass
 * with buffered release hints (priority 1: it comes back next pass) until STOP_FILE
 * exists, and prints the sum of one pass (the same every pass) and whether every
 * pass agreed. Usage: arbiter_member FILE MIB STOP_FILE
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define STRIP_PAGES 64L
#define STRIP_WORDS (STRIP_PAGES * 4096 / 8)

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  long words = atol(argv[2]) << 17;
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || ftruncate(fd, words * 8) != 0)
    return 2;
  uint64_t *data = mmap(NULL, words * 8, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (data == MAP_FAILED)
    return 2;
  for (long i = 0; i < words; i++)
    data[i] = (uint64_t)i * 2654435761u;
  msync(data, words * 8, MS_SYNC);
  uint64_t first_sum = 0;
  long passes = 0, disagreements = 0;
  do {
    uint64_t sum = 0;
    for (long s = 0; s + STRIP_WORDS <= words; s += STRIP_WORDS) {
      oc_prefetch_release_block(data + s + 4 * STRIP_WORDS, data + s - STRIP_WORDS, STRIP_PAGES,
                                1, 1);
      for (long k = 0; k < STRIP_WORDS; k++)
        sum += data[s + k] ^ (uint64_t)k;
    }
    if (passes++ == 0)
      first_sum = sum;
    else
      disagreements += sum != first_sum;
  } while (access(argv[3], F_OK) != 0);
  printf("member: pass sum %llu, passes agree: %s\n", (unsigned long long)first_sum,
         disagreements ? "no" : "yes");
  fprintf(stderr, "member %d: %ld passes\n", (int)getpid(), passes);
  munmap(data, words * 8);
  close(fd);
  unlink(argv[1]);
  return 0;
}
