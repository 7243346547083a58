#include "uffd.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Headers older than the kernels that have it (6.4). */
#ifndef UFFD_FEATURE_WP_UNPOPULATED
#define UFFD_FEATURE_WP_UNPOPULATED (1 << 13)
#endif

int oc_uffd_new(void) {
  int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
  if (fd >= 0)
    return fd;
  int saved = errno;
  int dev = open("/dev/userfaultfd", O_RDWR | O_CLOEXEC);
  if (dev < 0) {
    errno = saved;
    return -1;
  }
  fd = ioctl(dev, USERFAULTFD_IOC_NEW, O_CLOEXEC | O_NONBLOCK);
  close(dev);
  return fd;
}

int oc_write_hold_open(void) {
  int fd = oc_uffd_new();
  if (fd < 0)
    return -1;
  const unsigned long long wanted = UFFD_FEATURE_PAGEFAULT_FLAG_WP | UFFD_FEATURE_WP_UNPOPULATED;
  struct uffdio_api api = {.api = UFFD_API, .features = wanted};
  if (ioctl(fd, UFFDIO_API, &api) != 0 || (api.features & wanted) != wanted) {
    close(fd);
    errno = EOPNOTSUPP;
    return -1;
  }
  return fd;
}

bool oc_write_hold(int uffd, uintptr_t start, size_t len) {
  struct uffdio_register reg = {.range = {start, len}, .mode = UFFDIO_REGISTER_MODE_WP};
  struct uffdio_writeprotect protect = {.range = {start, len}, .mode = UFFDIO_WRITEPROTECT_MODE_WP};
  return ioctl(uffd, UFFDIO_REGISTER, &reg) == 0 && ioctl(uffd, UFFDIO_WRITEPROTECT, &protect) == 0;
}

void oc_write_release(int uffd, uintptr_t start, size_t len) {
  struct uffdio_range range = {start, len};
  ioctl(uffd, UFFDIO_WAKE, &range);
}
