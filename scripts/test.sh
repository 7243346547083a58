#!/usr/bin/env bash
# Sets up, builds and runs every test: unit (googletest), lit/FileCheck, end-to-end,
# runtime data-safety tests, and the runtime under ThreadSanitizer and ASan+UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$jobs"

# Sanitizer configurations build only the runtime and its tests.
for san in thread "address,undefined"; do
  dir="build-san-${san%%,*}"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DOUTCORE_BUILD_PASS=OFF \
        -DOUTCORE_SANITIZE="$san" >/dev/null
  cmake --build "$dir"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" -L runtime --no-tests=error
done
echo "test: all suites passed"
