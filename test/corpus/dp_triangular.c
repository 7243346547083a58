// Interval dynamic programming with triangular bounds: the cheapest way to merge adjacent piles
// into one, where merging the piles i..j costs their total weight (cost[i][j] = min over
// i <= k < j of cost[i][k] + cost[k+1][j], plus weight(i..j)). Rows go bottom-up (i descending),
// j runs over the upper triangle and k over [i, j): bounds depend on both outer indices.
// Sizes are run-time parameters with VLA types. N is the size knob (-DN=...).
// ARRAYS: merge_costs: weight_prefix cost
#include "corpus.h"

#ifndef N
#define N 300
#endif

__attribute__((noinline)) void merge_costs(int n, const long *weight_prefix, long cost[n][n]) {
  for (int i = n - 1; i >= 0; i--) {
    cost[i][i] = 0;
    for (int j = i + 1; j < n; j++) {
      long best = cost[i][i] + cost[i + 1][j];
      for (int k = i + 1; k < j; k++) {
        long split = cost[i][k] + cost[k + 1][j];
        best = split < best ? split : best;
      }
      cost[i][j] = best + weight_prefix[j + 1] - weight_prefix[i];
    }
  }
}

int main(void) {
  corpus_seed(64);
  long *weight_prefix = corpus_alloc(sizeof(long) * (N + 1));
  weight_prefix[0] = 0;
  for (int i = 0; i < N; i++)
    weight_prefix[i + 1] = weight_prefix[i] + 1 + corpus_next() % 1000;
  // The lower triangle is never written: give it known contents so the hash covers all bytes.
  long (*cost)[N] = (long (*)[N])corpus_alloc(sizeof(long) * N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      cost[i][j] = -1;
  merge_costs(N, weight_prefix, cost);
  corpus_print_hash("cost", cost, sizeof(long) * N * N);
  corpus_print_long("cost[0][N-1]", cost[0][N - 1]);
  return 0;
}
