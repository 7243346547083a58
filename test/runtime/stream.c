/*
 * Release-behind stream: reads a file through a shared mapping, start to end, with
 * the hints the compiler places for a streaming loop (strips of 16 pages: prefetch a
 * strip ahead, release the strip behind, priority 0 unless given). Prints the sum of
 * its bytes. Mode `write` adds 1 to every word as it goes (a stencil's output: dirty
 * shared-file data); `rw` maps the file writable but only reads it (a stencil's
 * previous output, now its input: clean pages of a writable mapping). With SAMPLES,
 * it then reads that many words spread over the file without hints (a result check
 * after the hinted nest: each a fault with the kernel's read-around).
 * Usage: stream <file> [priority [read|rw|write [samples]]]
 */
#define _GNU_SOURCE
#include <outcore/outcore.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAGE 4096L
#define STRIP 16L
#define DISTANCE 4L /* strips ahead */

int main(int argc, char **argv) {
  if (argc < 2 || argc > 5)
    return 2;
  int priority = argc >= 3 ? atoi(argv[2]) : 0; /* > 0: buffered under OUTCORE_POLICY=buffered */
  const char *mode = argc >= 4 ? argv[3] : "read";
  long samples = argc == 5 ? atol(argv[4]) : 0;
  bool writes = !strcmp(mode, "write"), writable = writes || !strcmp(mode, "rw");
  if (!writable && strcmp(mode, "read"))
    return 2;
  int fd = open(argv[1], writable ? O_RDWR : O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0)
    return 2;
  uint64_t *data =
      mmap(NULL, st.st_size, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED, fd, 0);
  if (data == MAP_FAILED)
    return 2;
  const long words_per_strip = STRIP * PAGE / 8, strips = st.st_size / (STRIP * PAGE);
  uint64_t sum = 0;
  for (long s = 0; s < strips; s++) {
    uint64_t *strip = data + s * words_per_strip;
    oc_prefetch_release_block(strip + DISTANCE * words_per_strip, strip - words_per_strip, STRIP,
                              priority, 1);
    for (long k = 0; k < words_per_strip; k++)
      sum += writes ? ++strip[k] : strip[k];
  }
  oc_release_block(data + (strips - 1) * words_per_strip, STRIP, priority, 1);
  const long words = st.st_size / 8;
  for (long k = 0; k < samples; k++)
    sum += data[(2 * k + 1) * (words / (2 * samples))];
  printf("stream: sum %llu\n", (unsigned long long)sum);
  return 0;
}
