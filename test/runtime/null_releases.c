/*
 * The pass passes null for "no release this iteration" (a select at a loop's exit),
 * millions of times in a triangular nest. Such a hint must cost no lookup: a miss in
 * the mapping table has the release worker reread /proc/self/maps (every 2 ms at
 * most), which took the process's mmap lock and page faults about 240 times a second
 * in PolyBench's syr2k. Null and first-page hints on fresh tags, spread over 60 ms,
 * must cause no reread (one periodic reread may fall inside). Exit status 0 when so.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "outcore/outcore.h"
#include "anon_data.h"
#include "backend.h"

enum { ROUNDS = 60, TAGS = 16 };

int main(void) {
  size_t bytes = 4 << 20;
  char *data = anon_data(bytes, 1);
  if (!data)
    return 1;
  oc_prefetch_block(data, 4, 0, 1); /* starts the runtime; the miss of a new mapping */
  usleep(50000);                    /* ... is reread by now */
  long before = oc_maps_reads();
  for (int round = 0; round < ROUNDS; round++) {
    for (int tag = 1; tag <= TAGS; tag++) {
      oc_release_block(NULL, 1, tag % 3, 100 + round * TAGS + tag);
      oc_release_block((const void *)4095, 1, 1, 100 + round * TAGS + tag);
      oc_prefetch_release_block(data + (size_t)tag * 4096, NULL, 1, 1, tag);
    }
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  }
  long rereads = oc_maps_reads() - before;
  if (rereads > 1) {
    fprintf(stderr, "null_releases: %ld rereads of /proc/self/maps for null hints\n", rereads);
    return 1;
  }
  printf("null_releases: %ld rereads\n", rereads);
  return 0;
}
