// Array of structs (40-byte particles): a field-wise update touches a strided subset of each
// element; the base array is the pointer parameter.
// ARRAYS: advance: p
#include "corpus.h"

struct particle {
  double x, y, vx, vy;
  int id, flags;
};

enum { N = 150001, STEPS = 3 };

__attribute__((noinline)) void advance(int steps, int n, double dt, struct particle *p) {
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++) {
      p[i].x += dt * p[i].vx;
      p[i].y += dt * p[i].vy;
      p[i].vy -= dt * 9.81;
    }
}

int main(void) {
  corpus_seed(54);
  struct particle *p = corpus_alloc(sizeof(struct particle) * N);
  for (int i = 0; i < N; i++) {
    p[i].x = corpus_double();
    p[i].y = corpus_double();
    p[i].vx = corpus_double();
    p[i].vy = corpus_double();
    p[i].id = i;
    p[i].flags = 0;
  }
  advance(STEPS, N, 0.01, p);
  corpus_print_hash("p", p, sizeof(struct particle) * N);
  corpus_print_double("p[N-1].y", p[N - 1].y);
  return 0;
}
