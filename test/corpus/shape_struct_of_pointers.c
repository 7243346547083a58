// Arrays held by a struct (struct grid { double *u, *v; }), reached as g->u[i] in the
// loop: the loop reads the pointers from the struct, which nothing in it writes.
// ARRAYS: smooth: u v
#include "corpus.h"

enum { N = 400001, SWEEPS = 3 };

struct grid {
  long n;
  double *u, *v;
};

__attribute__((noinline)) void smooth(struct grid *g, int sweeps) {
  for (int t = 0; t < sweeps; t++) {
    for (long i = 1; i < g->n - 1; i++)
      g->v[i] = (g->u[i - 1] + 2.0 * g->u[i] + g->u[i + 1]) * 0.25;
    double *swap = g->u;
    g->u = g->v;
    g->v = swap;
  }
}

int main(void) {
  corpus_seed(72);
  struct grid g = {N, corpus_doubles(N), corpus_doubles(N)};
  for (long i = 0; i < N; i++)
    g.v[i] = g.u[i];
  smooth(&g, SWEEPS);
  corpus_print_hash("u", g.u, N * sizeof(double));
  corpus_print_hash("v", g.v, N * sizeof(double));
  return 0;
}
