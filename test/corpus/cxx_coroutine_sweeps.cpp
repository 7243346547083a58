// C++20 coroutines whose bodies hold loop nests: a generator that yields a column sum per
// sweep, and one that transposes a matrix and yields a checksum twice. The pass sees each
// coroutine before CoroSplit, as one function. The kernels have C linkage so that remarks
// name them plainly.
// CFLAGS: -std=c++20
// ARRAYS: column_sums: a
// ARRAYS: transposed: a b
#include "corpus.h"

#include <coroutine>

#ifndef ROWS
#define ROWS 300
#endif
#ifndef COLS
#define COLS 500
#endif

struct Sums {
  struct promise_type {
    double current = 0;
    Sums get_return_object() { return Sums{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(double v) {
      current = v;
      return {};
    }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> handle;
  Sums(const Sums &) = delete;
  explicit Sums(std::coroutine_handle<promise_type> h) : handle(h) {}
  ~Sums() { handle.destroy(); }
  bool next() {
    handle.resume();
    return !handle.done();
  }
  double value() const { return handle.promise().current; }
};

#pragma clang diagnostic ignored "-Wreturn-type-c-linkage"

// One column-major sweep per weight (noinline: its frame is on the heap).
extern "C" __attribute__((noinline)) Sums column_sums(const double *a, long rows, long cols) {
  for (long w = 1; w <= 3; w++) {
    double s = 0;
    for (long j = 0; j < cols; j++)
      for (long i = 0; i < rows; i++)
        s += a[i * cols + j] * (double)w;
    co_yield s;
  }
}

// Inlinable into its caller, where CoroElide keeps the frame on the caller's stack.
extern "C" Sums transposed(const double *a, double *b, long rows, long cols) {
  double s = 0;
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++) {
      b[j * rows + i] = a[i * cols + j] + 1;
      s += b[j * rows + i];
    }
  co_yield s;
  co_yield s * 2;
}

int main() {
  corpus_seed(97);
  double *a = corpus_doubles((size_t)ROWS * COLS);
  double *b = (double *)corpus_alloc(sizeof(double) * ROWS * COLS);
  {
    Sums sums = column_sums(a, ROWS, COLS);
    for (int k = 0; sums.next(); k++)
      printf("column sweep %d %a\n", k, sums.value());
  }
  {
    Sums sums = transposed(a, b, ROWS, COLS);
    for (int k = 0; sums.next(); k++)
      printf("transposed %d %a\n", k, sums.value());
  }
  corpus_print_hash("b", b, sizeof(double) * ROWS * COLS);
  free(a);
  free(b);
  return 0;
}
