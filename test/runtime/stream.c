/*
 * Release-behind stream: reads a file through a shared mapping, start to end, with
 * the hints the compiler places for a streaming loop (strips of 16 pages: prefetch a
 * strip ahead, release the strip behind, priority 0 unless given). Prints the sum of
 * its bytes.
 * Usage: stream <file> [priority]
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAGE 4096L
#define STRIP 16L
#define DISTANCE 4L /* strips ahead */

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3)
    return 2;
  int priority = argc == 3 ? atoi(argv[2]) : 0; /* > 0: buffered under OUTCORE_POLICY=buffered */
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    return 2;
  const uint64_t *data = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  if (data == MAP_FAILED)
    return 2;
  const long words_per_strip = STRIP * PAGE / 8, strips = st.st_size / (STRIP * PAGE);
  uint64_t sum = 0;
  for (long s = 0; s < strips; s++) {
    const uint64_t *strip = data + s * words_per_strip;
    oc_prefetch_release_block(strip + DISTANCE * words_per_strip, strip - words_per_strip, STRIP,
                              priority, 1);
    for (long k = 0; k < words_per_strip; k++)
      sum += strip[k];
  }
  oc_release_block(data + (strips - 1) * words_per_strip, STRIP, priority, 1);
  printf("stream: sum %llu\n", (unsigned long long)sum);
  return 0;
}
