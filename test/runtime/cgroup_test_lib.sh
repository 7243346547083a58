# Sourced by the runtime's cgroup test scripts.

# temp_files NAME...: sets each NAME to a new temporary file (under TMPDIR, else
# /var/tmp: disk, never tmpfs, whose pages a cgroup would count), all removed at exit.
cgroup_test_temps=()
temp_files() {
  local name path
  for name in "$@"; do
    path=$(mktemp "${TMPDIR:-/var/tmp}/outcore-$name-XXXXXX")
    cgroup_test_temps+=("$path")
    printf -v "$name" '%s' "$path"
  done
  trap 'rm -f "${cgroup_test_temps[@]}"' EXIT
}

# evict FILE...: writes the files' dirty pages back and drops their cached pages (a
# cold start; a file still mapped somewhere keeps its mapped pages).
evict() {
  python3 -c 'import os, sys
for path in sys.argv[1:]:
    fd = os.open(path, os.O_RDONLY)
    os.fsync(fd)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)' "$@"
}
