#!/usr/bin/env bash
# Sets up, builds and runs every test: unit (googletest), lit/FileCheck, end-to-end,
# runtime data-safety tests, and the runtime under ThreadSanitizer and ASan+UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

scripts/setup.sh -DOUTCORE_WERROR=ON
ctest --test-dir build --output-on-failure -j "$jobs"

# Sanitizer configurations build only the runtime and its tests, with clang-19:
# GCC 12's ASan can deadlock a child forked while another thread allocates.
for san in thread "address,undefined"; do
  dir="build-san-${san%%,*}"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DOUTCORE_BUILD_PASS=OFF \
        -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
        -DOUTCORE_SANITIZE="$san" >/dev/null
  cmake --build "$dir"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" -L runtime --no-tests=error
done
echo "test: all suites passed"
