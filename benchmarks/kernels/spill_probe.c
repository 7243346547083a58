/* What backs a large malloc'd block? Prints "backing anonymous" or "backing <file>" (a spill
 * file shows as "<dir>/<name> (deleted)"). benchmarks/run.py builds it like the transformed
 * kernels and runs it under OUTCORE_SPILL=on to tell whether the runtime spills at all. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  size_t bytes = 16u << 20;
  char *p = malloc(bytes);
  if (!p) return 1;
  memset(p, 1, bytes);
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) return 1;
  char line[4096];
  const char *what = "unmapped";
  while (fgets(line, sizeof line, maps)) {
    unsigned long lo, hi;
    int name = 0;
    if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &lo, &hi, &name) < 2) continue;
    if ((uintptr_t)p < lo || (uintptr_t)p >= hi) continue;
    line[strcspn(line, "\n")] = 0;
    what = name && line[name] ? line + name : "anonymous";
    break;
  }
  printf("backing %s\n", what);
  printf("byte %d\n", p[bytes - 1]);
  fclose(maps);
  free(p);
  return 0;
}
