// Insertion sort of doubles: a data-dependent inner while loop that shifts elements right.
// ARRAYS: insertion_sort: a
#include "corpus.h"

enum { N = 3001 };

__attribute__((noinline)) void insertion_sort(int n, double *a) {
  for (int i = 1; i < n; i++) {
    double v = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

int main(void) {
  corpus_seed(20);
  double *a = corpus_doubles(N);
  insertion_sort(N, a);
  corpus_print_hash("a", a, sizeof(double) * N);
  corpus_print_double("a[0]", a[0]);
  corpus_print_double("a[N-1]", a[N - 1]);
  return 0;
}
