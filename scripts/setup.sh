#!/usr/bin/env bash
# Installs what Outcore needs on Debian 12 (idempotent: only what is missing) and
# configures and builds the project in build/.
set -euo pipefail
cd "$(dirname "$0")/.."

DEB_PACKAGES=(clang-19 libclang-rt-19-dev libomp-19-dev llvm-19-dev llvm-19-tools libpolly-19-dev googletest
              libgtest-dev cmake ninja-build valgrind python3 python3-pip python3-yaml pkg-config
              mpich libmpich-dev) # MPI: the mpi.stencil_compare test, benchmarks/corun.py --mpi
missing=()
for p in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq -o DPkg::Lock::Timeout=300
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${missing[@]}"
fi

if ! python3 -c 'import matplotlib' 2>/dev/null; then
  echo "setup: installing matplotlib (benchmark plots)"
  python3 -m pip install -q matplotlib || echo "setup: matplotlib unavailable; plots will be skipped"
fi

BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$BUILD_DIR"
