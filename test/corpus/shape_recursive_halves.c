// Divide and conquer: a recursive merge-like step (a loop after two recursive calls
// on the halves) and a pairwise sum whose base case is a short loop. The plain body
// calls itself past the entry test, which the outermost call makes once.
// ARRAYS: combine: a t
// ARRAYS: pairwise: x
#include "corpus.h"

enum { N = 200003 };

void combine(double *a, const double *t, long n) {
  if (n < 2)
    return;
  long h = n / 2;
  combine(a, t, h);
  combine(a + h, t, n - h);
  for (long k = 0; k < n; k++)
    a[k] = 0.5 * (a[k] + t[k]);
}

double pairwise(const double *x, long n) {
  if (n <= 8) {
    double s = 0.0;
    for (long i = 0; i < n; i++)
      s += x[i];
    return s;
  }
  long h = n / 2;
  return pairwise(x, h) + pairwise(x + h, n - h);
}

int main(void) {
  corpus_seed(41);
  double *a = corpus_doubles(N), *t = corpus_doubles(N);
  combine(a, t, N);
  corpus_print_hash("a", a, sizeof(double) * N);
  corpus_print_double("pairwise", pairwise(a, N));
  return 0;
}
