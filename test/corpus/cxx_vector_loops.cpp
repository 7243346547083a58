// C++ loops over std::vector as users write them: a range-based for, an explicit
// iterator loop, an index loop bounded by size(), a vector of vectors walked by index
// and by range, and a library algorithm. Before the inliner runs each of these calls
// accessors (begin(), operator!=, operator*, size(), operator[]); inlined first, they
// are loops over arrays. The kernels have C linkage so that remarks name them plainly.
// ARRAYS: scale: v
// ARRAYS: sum_iter: it
// ARRAYS: axpy: x y
// ARRAYS: row_sums: m s
// ARRAYS: total: m
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
  return 0;
}
