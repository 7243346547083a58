/* What backs a large malloc'd block, and a large static array? Prints "backing <what>" and
 * "static_backing <what>": "anonymous" or the file (a spill file shows as "<dir>/<name>
 * (deleted)"). benchmarks/run.py builds it like the transformed kernels and runs it under
 * OUTCORE_SPILL=on to tell whether the runtime spills at all. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BYTES (16u << 20)

static char big_static[BYTES];

/* Prints what /proc/self/maps says backs address p. */
static void print_backing(const char *label, const void *p) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096];
  const char *what = "unmapped";
  while (maps && fgets(line, sizeof line, maps)) {
    unsigned long lo, hi;
    int name = 0;
    if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &lo, &hi, &name) < 2) continue;
    if ((uintptr_t)p < lo || (uintptr_t)p >= hi) continue;
    line[strcspn(line, "\n")] = 0;
    what = name && line[name] ? line + name : "anonymous";
    break;
  }
  printf("%s %s\n", label, what);
  if (maps) fclose(maps);
}

int main(void) {
  char *p = malloc(BYTES);
  if (!p) return 1;
  memset(p, 1, BYTES);
  memset(big_static, 2, BYTES);
  print_backing("backing", p + BYTES / 2); /* the middle: .bss starts in the data page */
  print_backing("static_backing", big_static + BYTES / 2);
  printf("bytes %d %d\n", p[BYTES - 1], big_static[BYTES - 1]);
  free(p);
  return 0;
}
