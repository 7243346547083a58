#include "pager_store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spill_file.h"

int oc_pager_store_open_direct(int fd) {
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  return open(path, O_RDWR | O_DIRECT | O_CLOEXEC);
}

bool oc_pager_store_reserve(int fd, size_t len) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return false;
  size_t size = (size_t)st.st_size;
  /* Holes in the existing part would fail a write-back on a full disk. */
  size_t kept = size < len ? size : len;
  if (kept && fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)kept) != 0 && errno != EOPNOTSUPP)
    return false;
  return size >= len || oc_spill_file_resize(fd, size, len);
}

bool oc_pager_store_read(int fd, bool direct, void *buf, size_t len, off_t off) {
  char *to = buf;
  while (len) {
    ssize_t n = pread(fd, to, len, off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    if (n == 0) { /* end of file */
      memset(to, 0, len);
      break;
    }
    to += n;
    off += n;
    len -= (size_t)n;
  }
  if (!direct) /* the pages now live in the region: a cached copy would count twice */
    posix_fadvise(fd, off - (to - (char *)buf), to - (char *)buf, POSIX_FADV_DONTNEED);
  return true;
}

bool oc_pager_store_write(int fd, bool direct, const void *buf, size_t len, off_t off) {
  const char *from = buf;
  off_t first = off;
  size_t total = len;
  while (len) {
    ssize_t n = pwrite(fd, from, len, off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (n == 0)
        errno = EIO;
      return false;
    }
    from += n;
    off += n;
    len -= (size_t)n;
  }
  if (!direct) { /* written out and dropped, or the copy stays in memory */
    if (sync_file_range(fd, first, (off_t)total,
                        SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                            SYNC_FILE_RANGE_WAIT_AFTER) != 0)
      return false;
    posix_fadvise(fd, first, (off_t)total, POSIX_FADV_DONTNEED);
  }
  return true;
}
