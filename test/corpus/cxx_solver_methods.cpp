// A C++ solver as users write it: a grid class whose methods (defined in the class, so
// inline) sweep its vectors, called from a time loop; a class template of the same shape
// whose sweep swaps its two vectors after it; particles pushed by a method and kicked by a
// free function taking the object by reference. The plain build inlines the methods into
// the time loop, and the constructor too, so the grid's sizes are constants and its
// vectors known apart (the copy back is a memcpy). Transformed first, the methods had been
// too costly to inline: 1.22x the plain build's instructions (issue 9, thirty-sixth round).
// ARRAYS: run_solver: s
// ARRAYS: run_field: f g
// ARRAYS: run_particles: p
#include "corpus.h"

#include <vector>

#ifndef NX
#define NX 120
#endif
#ifndef NY
#define NY 200
#endif
#ifndef STEPS
#define STEPS 40
#endif

class Solver {
public:
  Solver(int nx, int ny) : nx_(nx), ny_(ny), u_(size_t(nx) * ny), v_(size_t(nx) * ny) {
    for (double &e : u_)
      e = corpus_double();
  }
  void step() {
    for (int i = 1; i < nx_ - 1; ++i)
      for (int j = 1; j < ny_ - 1; ++j)
        v_[size_t(i) * ny_ + j] = 0.25 * (u_[size_t(i - 1) * ny_ + j] + u_[size_t(i + 1) * ny_ + j] +
                                          u_[size_t(i) * ny_ + j - 1] + u_[size_t(i) * ny_ + j + 1]);
    for (int i = 1; i < nx_ - 1; ++i)
      for (int j = 1; j < ny_ - 1; ++j)
        u_[size_t(i) * ny_ + j] = v_[size_t(i) * ny_ + j];
  }
  double norm() const {
    double s = 0;
    for (int i = 0; i < nx_; ++i)
      for (int j = 0; j < ny_; ++j)
        s += u_[size_t(i) * ny_ + j] * u_[size_t(i) * ny_ + j];
    return s;
  }
  const std::vector<double> &values() const { return u_; }

private:
  int nx_, ny_;
  std::vector<double> u_, v_;
};

template <class T> class Field {
public:
  Field(int nx, int ny) : nx_(nx), ny_(ny), a_(size_t(nx) * ny), b_(size_t(nx) * ny) {
    for (T &e : a_)
      e = T(corpus_double());
  }
  void relax(T w);
  const std::vector<T> &values() const { return a_; }

private:
  int nx_, ny_;
  std::vector<T> a_, b_;
};

template <class T> void Field<T>::relax(T w) {
  for (int i = 1; i < nx_ - 1; ++i)
    for (int j = 1; j < ny_ - 1; ++j)
      b_[size_t(i) * ny_ + j] =
          (1 - w) * a_[size_t(i) * ny_ + j] +
          w * T(0.25) * (a_[size_t(i - 1) * ny_ + j] + a_[size_t(i + 1) * ny_ + j] +
                         a_[size_t(i) * ny_ + j - 1] + a_[size_t(i) * ny_ + j + 1]);
  a_.swap(b_);
}

struct Particles {
  std::vector<double> x, v;
  void push(double dt) {
    for (size_t i = 0; i < x.size(); ++i)
      x[i] += dt * v[i];
  }
};

static void kick(Particles &p, double dt) {
  for (size_t i = 0; i < p.v.size(); ++i)
    p.v[i] -= dt * p.x[i];
}

extern "C" __attribute__((noinline)) void run_solver(int steps) {
  Solver s(NX, NY);
  double norms = 0;
  for (int t = 0; t < steps; ++t) {
    s.step();
    if (t % 10 == 0)
      norms += s.norm();
  }
  corpus_print_double("norms", norms);
  corpus_print_hash("u", s.values().data(), s.values().size() * sizeof(double));
}

extern "C" __attribute__((noinline)) void run_field(int steps) {
  Field<double> f(NX, NY);
  Field<float> g(NY, NX);
  for (int t = 0; t < steps; ++t) {
    f.relax(0.9);
    g.relax(0.8f);
  }
  corpus_print_hash("f", f.values().data(), f.values().size() * sizeof(double));
  corpus_print_hash("g", g.values().data(), g.values().size() * sizeof(float));
}

extern "C" __attribute__((noinline)) void run_particles(int steps) {
  Particles p;
  for (int k = 0; k < NX * NY; ++k) {
    p.x.push_back(corpus_double());
    p.v.push_back(corpus_double());
  }
  for (int t = 0; t < steps; ++t) {
    p.push(0.01);
    kick(p, 0.01);
  }
  corpus_print_hash("x", p.x.data(), p.x.size() * sizeof(double));
}

int main() {
  corpus_seed(36);
  run_solver(STEPS);
  run_field(STEPS);
  run_particles(STEPS);
  return 0;
}
