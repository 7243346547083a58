// NAS BUK-like bucket sort: count keys per bucket (histogram), prefix-sum, rank every key, then
// the indirect copy key2[rank[i]] = key[i].
// ARRAYS: rank_keys: key count rank
// ARRAYS: scatter_keys: key rank key2
#include "corpus.h"

enum { N = 500009, MAXKEY = 1 << 15 };

__attribute__((noinline)) void rank_keys(int n, int maxkey, const int *key, int *count, int *rank) {
  for (int k = 0; k < maxkey; k++)
    count[k] = 0;
  for (int i = 0; i < n; i++)
    count[key[i]]++;
  int running = 0;
  for (int k = 0; k < maxkey; k++) {
    int c = count[k];
    count[k] = running;
    running += c;
  }
  for (int i = 0; i < n; i++)
    rank[i] = count[key[i]]++;
}

__attribute__((noinline)) void scatter_keys(int n, const int *key, const int *rank, int *key2) {
  for (int i = 0; i < n; i++)
    key2[rank[i]] = key[i];
}

int main(void) {
  corpus_seed(21);
  int *key = corpus_alloc(sizeof(int) * N), *rank = corpus_alloc(sizeof(int) * N);
  int *key2 = corpus_alloc(sizeof(int) * N), *count = corpus_alloc(sizeof(int) * MAXKEY);
  for (int i = 0; i < N; i++)
    key[i] = (int)((corpus_next() % MAXKEY + corpus_next() % MAXKEY) / 2);
  rank_keys(N, MAXKEY, key, count, rank);
  scatter_keys(N, key, rank, key2);
  corpus_print_hash("rank", rank, sizeof(int) * N);
  corpus_print_hash("key2", key2, sizeof(int) * N);
  corpus_print_long("key2[N/2]", key2[N / 2]);
  return 0;
}
