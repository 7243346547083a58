// Bottom-up merge sort: merge runs of width 1, 2, 4, ... between two buffers (doubling strides,
// non-affine loop bounds from min()).
// ARRAYS: merge_pass: src dst
#include "corpus.h"

enum { N = 200003 };

__attribute__((noinline)) void merge_pass(int n, int width, const int *src, int *dst) {
  for (int lo = 0; lo < n; lo += 2 * width) {
    int mid = lo + width < n ? lo + width : n;
    int hi = lo + 2 * width < n ? lo + 2 * width : n;
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
      dst[k++] = src[i] <= src[j] ? src[i++] : src[j++];
    while (i < mid)
      dst[k++] = src[i++];
    while (j < hi)
      dst[k++] = src[j++];
  }
}

int main(void) {
  corpus_seed(22);
  int *a = corpus_alloc(sizeof(int) * N), *b = corpus_alloc(sizeof(int) * N);
  for (int i = 0; i < N; i++)
    a[i] = (int)(corpus_next() % 1000000);
  for (int width = 1; width < N; width *= 2) {
    merge_pass(N, width, a, b);
    int *t = a;
    a = b;
    b = t;
  }
  corpus_print_hash("sorted", a, sizeof(int) * N);
  corpus_print_long("median", a[N / 2]);
  return 0;
}
