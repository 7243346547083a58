/*
 * Bad hints are ignored, never a crash: null, unmapped, kernel-half, non-canonical,
 * stack, code and inaccessible addresses; zero, negative and huge counts. The
 * stack and a PROT_NONE region must be untouched afterwards, and the process must
 * still work. With an argument N, also checks oc_memory_limit() <= N (run with a
 * small OUTCORE_MEM_LIMIT).
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void every_entry(const void *addr, long npages) {
  oc_prefetch(addr);
  oc_prefetch_block(addr, npages, 0, 1);
  oc_prefetch_block(addr, npages, 5, 2);
  oc_release_block(addr, npages, 0, 3);
  oc_release_block(addr, npages, 7, 4);
  oc_prefetch_release_block(addr, addr, npages, 2, 5);
  oc_prefetch_release_block(addr, (const void *)((uintptr_t)addr + 4096), npages, 0, 6);
}

int main(int argc, char **argv) {
  const long counts[] = {0, -1, -4096, 1, 4, 1L << 20, LONG_MAX / 2, LONG_MAX, LONG_MIN};
  char stack_data[3 * 4096];
  memset(stack_data, 0x5a, sizeof stack_data);

  char *gone = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  munmap(gone, 1 << 20);
  char *none = mmap(NULL, 1 << 20, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  const void *addresses[] = {
      NULL,
      (void *)1,
      (void *)4095,
      gone,
      gone + 12345,
      none,
      (void *)0x0000800000000000ull, /* just past 47-bit user space */
      (void *)0x00ff000000000000ull, /* 5-level range, unmapped */
      (void *)0x8000000000000000ull, /* kernel half */
      (void *)0xffffffffff600000ull, /* vsyscall */
      (void *)UINTPTR_MAX,
      stack_data,
      (void *)&every_entry, /* code */
      (void *)"a string literal",
  };
  for (int round = 0; round < 3; round++)
    for (size_t a = 0; a < sizeof addresses / sizeof addresses[0]; a++)
      for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
        every_entry(addresses[a], counts[c]);
  for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
    every_entry(stack_data + 100, counts[c]);
  oc_register_module(0);
  oc_register_module(-5);
  oc_register_module(LONG_MAX);
  usleep(100000); /* give the workers time to act on anything they took */

  int failures = 0;
  for (size_t i = 0; i < sizeof stack_data; i++)
    if (stack_data[i] != 0x5a) {
      fprintf(stderr, "bad_hints: stack data changed at %zu\n", i);
      failures++;
      break;
    }
  unsigned char vec[256];
  if (mincore(none, 1 << 20, vec) == 0)
    for (int i = 0; i < 256; i++)
      if (vec[i] & 1) {
        fprintf(stderr, "bad_hints: a PROT_NONE page was brought in\n");
        failures++;
        break;
      }
  long limit = oc_memory_limit();
  if (limit <= 0) {
    fprintf(stderr, "bad_hints: oc_memory_limit() = %ld\n", limit);
    failures++;
  }
  if (argc > 1 && limit > atol(argv[1])) {
    fprintf(stderr, "bad_hints: oc_memory_limit() = %ld, expected at most %s\n", limit, argv[1]);
    failures++;
  }
  printf("bad_hints: %s (limit %ld)\n", failures ? "FAILED" : "ignored", limit);
  return failures != 0;
}
