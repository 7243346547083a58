/* Spilled memory as /proc/self/maps shows it: writable shared mappings of deleted
 * files. For the spill tests' programs. */
#ifndef SPILLED_MAPPINGS_H
#define SPILLED_MAPPINGS_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Calls visit(start, end, spilled, arg) on each mapping until it returns nonzero,
 * and returns that (or 0). */
static int each_mapping(int (*visit)(uintptr_t, uintptr_t, int, void *), void *arg) {
  FILE *f = fopen("/proc/self/maps", "r");
  char line[512];
  int stop = 0;
  while (f && !stop && fgets(line, sizeof line, f)) {
    uintptr_t start, end;
    if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR, &start, &end) == 2)
      stop = visit(start, end, strstr(line, " rw-s ") && strstr(line, "(deleted)"), arg);
  }
  if (f)
    fclose(f);
  return stop;
}

static int count_spilled(uintptr_t start, uintptr_t end, int spilled, void *count) {
  (void)start, (void)end;
  *(int *)count += spilled;
  return 0;
}

static int spilled_mappings(void) {
  int n = 0;
  each_mapping(count_spilled, &n);
  return n;
}

static int holds_spilled(uintptr_t start, uintptr_t end, int spilled, void *p) {
  return spilled && (uintptr_t)p >= start && (uintptr_t)p < end;
}

/* Is p in a spilled mapping? */
static inline int in_spilled_mapping(const void *p) {
  return each_mapping(holds_spilled, (void *)p);
}

#endif
