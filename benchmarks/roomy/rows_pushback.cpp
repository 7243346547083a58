// Rows of a std::vector<std::vector<float>> built element by element with push_back
// (each row grows by reallocation: 1, 2, 4, ... floats), about 190 MB in all; then
// every fifth row changes length and a column pass reads them back.
#include <cstdint>
#include <cstdio>
#include <vector>

#ifndef ROWS
#define ROWS 44000
#endif

int main() {
  std::vector<std::vector<float>> m;
  uint32_t x = 12345;
  for (int i = 0; i < ROWS; i++) {
    std::vector<float> row;
    int n = 880 + (i % 233);
    for (int j = 0; j < n; j++) {
      x = x * 1664525u + 1013904223u;
      row.push_back(static_cast<float>(x >> 20) * 0.001f);
    }
    m.push_back(std::move(row));
  }
  for (size_t i = 0; i < m.size(); i += 5) {
    m[i].pop_back();
    m[i].push_back(0.5f);
    m[i].push_back(0.25f);
  }
  std::vector<double> col(1200, 0.0);
  double total = 0;
  for (const auto &row : m) {
    float s = 0;
    for (float v : row)
      s += v;
    total += s;
    for (size_t j = 0; j < row.size(); j += 4)
      col[j] += row[j];
  }
  double weighted = 0;
  for (size_t j = 0; j < col.size(); j++)
    weighted += col[j] * static_cast<double>(j % 7 + 1);
  std::printf("rows_pushback rows=%zu total=%a weighted=%a\n", m.size(), total, weighted);
  return 0;
}
