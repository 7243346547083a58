/*
 * The runtime's own memory is not program data: the first release reserves stamps
 * for its leaf (16 MiB, from a gigabyte of address space), and a mapping outside
 * the runtime's range would be walked by every residency sweep (mincore in 2 MiB
 * windows: 757 k calls in one run of PolyBench's syr2k) and take hints. After a
 * page is marked released, every writable mapping outside [lo, hi) of
 * oc_residency_arena must be one that was there before. Exit status 0 when so.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "residency.h"

enum { MAX_MAPPINGS = 4096 };
struct span { uintptr_t start, end; };

/* The parts of writable mappings outside [lo, hi), from /proc/self/maps (the kernel
 * merges a new mapping with a neighbour of the same flags). Read with no allocation:
 * under AddressSanitizer a FILE's buffer is a new heap region each time. */
static size_t writable_outside(uintptr_t lo, uintptr_t hi, struct span *out) {
  static char text[1 << 20];
  int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  size_t len = 0;
  for (ssize_t got = 1; fd >= 0 && got > 0 && len + 1 < sizeof text; len += (size_t)got)
    got = read(fd, text + len, sizeof text - 1 - len);
  if (fd >= 0)
    close(fd);
  text[len] = 0;
  size_t n = 0;
  for (char *line = text; *line && n + 2 <= MAX_MAPPINGS;) {
    unsigned long start, end;
    char perms[5];
    if (sscanf(line, "%lx-%lx %4s", &start, &end, perms) == 3 && perms[1] == 'w') {
      if (start < lo)
        out[n++] = (struct span){start, end < lo ? end : lo};
      if (end > hi)
        out[n++] = (struct span){start > hi ? start : hi, end};
    }
    char *next = strchr(line, '\n');
    line = next ? next + 1 : line + strlen(line);
  }
  return n;
}

static bool listed(const struct span *spans, size_t n, struct span s) {
  for (size_t i = 0; i < n; i++)
    if (spans[i].start <= s.start && s.end <= spans[i].end)
      return true;
  return false;
}

int main(void) {
  if (!oc_residency_init())
    return fprintf(stderr, "runtime_memory: no residency arena\n"), 1;
  uintptr_t lo, hi;
  oc_residency_arena(&lo, &hi);
  static struct span before[MAX_MAPPINGS], after[MAX_MAPPINGS];
  size_t n_before = writable_outside(lo, hi, before);
  static char page[4096];
  uintptr_t granule = (uintptr_t)page >> OC_GRANULE_SHIFT;
  oc_residency_set_resident(granule, granule + 1);
  oc_residency_mark_released(granule, granule + 1, oc_release_stamp_of(1, 1));
  size_t n_after = writable_outside(lo, hi, after);
  int failures = 0;
  for (size_t i = 0; i < n_after; i++)
    if (!listed(before, n_before, after[i])) {
      fprintf(stderr, "runtime_memory: %#lx-%#lx is new and outside the runtime's range\n",
              (unsigned long)after[i].start, (unsigned long)after[i].end);
      failures++;
    }
  printf("runtime_memory: %s\n", failures ? "FAILED" : "the stamps are the runtime's own");
  return failures != 0;
}
