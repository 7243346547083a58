// outcore-prof's end-to-end kernel for the userfaultfd pager: a matrix in a region of
// oc_pager_map (a temporary store), written and then swept by rows three times under an
// OUTCORE_MEM_LIMIT of half its size, so that the pager fills and evicts it and the
// trace holds the faults it saw. Prints a checksum (the same under OUTCORE_BACKEND=madvise, where
// the region is a shared file mapping).
#include <stdint.h>
#include <stdio.h>

#include "outcore/outcore.h"

enum { ROWS = 1024, N = 2048, SWEEPS = 3 }; /* 16 MiB */

__attribute__((noinline)) double weighted_sum(long rows, long n, const double a[rows][n]) {
  double s = 0;
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < n; j++)
      s += a[i][j] * (double)(j & 7);
  return s;
}

int main(void) {
  double (*a)[N] = oc_pager_map(sizeof(double) * ROWS * N, NULL);
  if (!a) {
    perror("oc_pager_map");
    return 2;
  }
  for (long i = 0; i < ROWS; i++)
    for (long j = 0; j < N; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 11);
  uint64_t hash = 1469598103934665603u;
  for (int s = 0; s < SWEEPS; s++) {
    union { double d; uint64_t u; } v = {weighted_sum(ROWS, N, (const double(*)[N])a)};
    hash = (hash ^ v.u) * 1099511628211u;
    a[s][s] += 1; /* the next sweep's sum differs */
  }
  printf("checksum %016llx\n", (unsigned long long)hash);
  return oc_pager_unmap(a, sizeof(double) * ROWS * N) == 0 ? 0 : 1;
}
