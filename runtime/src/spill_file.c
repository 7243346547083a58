#include "spill_file.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/statfs.h>
#include <unistd.h>

#ifndef RAMFS_MAGIC
#define RAMFS_MAGIC 0x858458f6
#endif

bool oc_spill_dir_on_disk(const char *dir) {
  struct statfs fs;
  if (!dir || !*dir || statfs(dir, &fs) != 0)
    return false;
  return fs.f_type != TMPFS_MAGIC && fs.f_type != RAMFS_MAGIC;
}

/* The first number in path, or -1. */
static long read_number(const char *path) {
  FILE *f = fopen(path, "re");
  long value = -1;
  if (f) {
    if (fscanf(f, "%ld", &value) != 1)
      value = -1;
    fclose(f);
  }
  return value;
}

long oc_spill_dir_readaround_bytes(const char *dir) {
  struct stat st;
  if (!dir || !*dir || stat(dir, &st) != 0)
    return 0;
  /* A partition has no queue of its own: its disk's is one level up. */
  static const char *const queues[] = {"queue", "../queue"};
  for (unsigned i = 0; i < sizeof queues / sizeof queues[0]; i++) {
    char path[96];
    snprintf(path, sizeof path, "/sys/dev/block/%u:%u/%s/read_ahead_kb", major(st.st_dev),
             minor(st.st_dev), queues[i]);
    long kb = read_number(path);
    if (kb >= 0)
      return kb * 1024;
  }
  return 0;
}

bool oc_spill_default_dir(char *dir, size_t size) {
  const char *candidates[] = {getenv("TMPDIR"), "/var/tmp", "/tmp"};
  for (unsigned i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
    if (candidates[i] && candidates[i][0] == '/' && oc_spill_dir_on_disk(candidates[i]) &&
        snprintf(dir, size, "%s", candidates[i]) < (int)size)
      return true;
  }
  return false;
}

static int open_unlinked(const char *dir) {
  int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
    return fd;
  /* File systems without O_TMPFILE: a private name, unlinked at once. */
  char path[4096];
  if (snprintf(path, sizeof path, "%s/.outcore-spill-XXXXXX", dir) >= (int)sizeof path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  fd = mkostemp(path, O_CLOEXEC);
  if (fd >= 0)
    unlink(path);
  return fd;
}

bool oc_spill_file_reserve(int fd, size_t off, size_t len) {
  int r;
  do
    r = fallocate(fd, 0, (off_t)off, (off_t)len);
  while (r != 0 && errno == EINTR);
  if (r == 0)
    return true;
  if (errno != EOPNOTSUPP)
    return false;
  /* No block reservation here (some network file systems): at least check that
   * the space exists now. */
  struct statfs fs;
  struct stat st;
  if (fstatfs(fd, &fs) != 0 ||
      (unsigned long long)fs.f_bavail * (unsigned long long)fs.f_bsize < (unsigned long long)len ||
      fstat(fd, &st) != 0) {
    errno = ENOSPC;
    return false;
  }
  return (size_t)st.st_size >= off + len || ftruncate(fd, (off_t)(off + len)) == 0;
}

bool oc_spill_file_resize(int fd, size_t old_len, size_t len) {
  if (len <= old_len)
    return ftruncate(fd, (off_t)len) == 0;
  return oc_spill_file_reserve(fd, old_len, len - old_len);
}

bool oc_spill_file_punch(int fd, size_t off, size_t len) {
  int r;
  do
    r = fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)off, (off_t)len);
  while (r != 0 && errno == EINTR);
  return r == 0;
}

int oc_spill_file_create(const char *dir, size_t len) {
  int fd = open_unlinked(dir);
  if (fd < 0)
    return -1;
  if (!oc_spill_file_resize(fd, 0, len)) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

/* Copies [from_off, from_off + len) in the kernel. */
static bool copy_range(int from, int to, off_t off, size_t len) {
  while (len) {
    off_t in = off, out = off;
    ssize_t n = copy_file_range(from, &in, to, &out, len, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += n;
    len -= (size_t)n;
  }
  return true;
}

int oc_spill_file_copy(const char *dir, int from, size_t len) {
  int to = oc_spill_file_create(dir, len);
  if (to < 0)
    return -1;
  /* Only the data: a block the program never touched stays a hole (zeros). */
  off_t off = 0;
  while ((size_t)off < len) {
    off_t data = lseek(from, off, SEEK_DATA);
    if (data < 0 || (size_t)data >= len)
      break; /* ENXIO: only a hole is left */
    off_t hole = lseek(from, data, SEEK_HOLE);
    if (hole < 0 || (size_t)hole > len)
      hole = (off_t)len;
    if (!copy_range(from, to, data, (size_t)(hole - data))) {
      int saved = errno;
      close(to);
      errno = saved;
      return -1;
    }
    off = hole;
  }
  return to;
}

bool oc_spill_file_write(int fd, const void *data, size_t len, size_t off) {
  for (size_t done = 0; done < len;) {
    ssize_t n = pwrite(fd, (const char *)data + done, len - done, (off_t)(off + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += (size_t)n;
  }
  return true;
}
