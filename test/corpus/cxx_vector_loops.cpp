// C++ loops over std::vector as users write them: a range-based for, an explicit
// iterator loop, an index loop bounded by size(), a vector of vectors walked by index
// and by range, a library algorithm, and a grid class whose at() calls operator[]. Before the inliner runs each of these calls
// accessors (begin(), operator!=, operator*, size(), operator[]); inlined first, they
// are loops over arrays. The kernels have C linkage so that remarks name them plainly.
// ARRAYS: scale: v
// ARRAYS: sum_iter: it
// ARRAYS: axpy: x y
// ARRAYS: row_sums: m s
// ARRAYS: total: m
// ARRAYS: jacobi: a.u b.u
#include "corpus.h"

#include <numeric>
#include <vector>

#ifndef N
#define N 300000
#endif
#ifndef ROWS
#define ROWS 400
#endif
#ifndef COLS
#define COLS 900
#endif
#ifndef GRID
#define GRID 500
#endif

extern "C" __attribute__((noinline)) void scale(std::vector<double> &v, double a) {
  for (double &x : v)
    x *= a;
}

extern "C" __attribute__((noinline)) double sum_iter(const std::vector<double> &v) {
  double s = 0;
  for (std::vector<double>::const_iterator it = v.begin(); it != v.end(); ++it)
    s += *it;
  return s;
}

extern "C" __attribute__((noinline)) void axpy(std::vector<double> &y, const std::vector<double> &x, double a) {
  for (size_t i = 0; i < y.size(); i++)
    y[i] += a * x[i];
}

extern "C" __attribute__((noinline)) void row_sums(const std::vector<std::vector<double>> &m,
                                                   std::vector<double> &s) {
  for (size_t i = 0; i < m.size(); i++) {
    double t = 0;
    for (size_t j = 0; j < m[i].size(); j++)
      t += m[i][j];
    s[i] = t;
  }
}

extern "C" __attribute__((noinline)) double total(const std::vector<std::vector<double>> &m) {
  double t = 0;
  for (const std::vector<double> &row : m)
    t = std::accumulate(row.begin(), row.end(), t);
  return t;
}

struct Grid {
  long n;
  std::vector<double> u;
  double &at(long i, long j) { return u[i * n + j]; }
  const double &at(long i, long j) const { return u[i * n + j]; }
};

extern "C" __attribute__((noinline)) void jacobi(const Grid &a, Grid &b) {
  for (long i = 1; i < a.n - 1; i++)
    for (long j = 1; j < a.n - 1; j++)
      b.at(i, j) = 0.25 * (a.at(i - 1, j) + a.at(i + 1, j) + a.at(i, j - 1) + a.at(i, j + 1));
}

int main() {
  corpus_seed(83);
  std::vector<double> x(N), y(N);
  for (double &e : x)
    e = corpus_double();
  for (double &e : y)
    e = corpus_double();
  std::vector<std::vector<double>> m(ROWS, std::vector<double>(COLS));
  for (std::vector<double> &row : m)
    for (double &e : row)
      e = corpus_double();
  std::vector<double> s(ROWS);

  scale(y, 0.5);
  axpy(y, x, 0.25);
  corpus_print_double("sum_iter", sum_iter(y));
  corpus_print_hash("y", y.data(), y.size() * sizeof(double));
  row_sums(m, s);
  corpus_print_hash("s", s.data(), s.size() * sizeof(double));
  corpus_print_double("total", total(m));
  Grid a{GRID, std::vector<double>(GRID * GRID)}, b{GRID, std::vector<double>(GRID * GRID)};
  for (double &e : a.u)
    e = corpus_double();
  jacobi(a, b);
  corpus_print_hash("b", b.u.data(), b.u.size() * sizeof(double));
  return 0;
}
