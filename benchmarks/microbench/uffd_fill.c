/*
 * What one pager fill window costs, without a program (docs/runtime.md, the pager's
 * "Twenty-first round"): reads a store file in 1 MiB windows with O_DIRECT and maps
 * each into a userfaultfd-registered region, the way pager_fill.c does, and prints the
 * time per MiB.
 *
 *   cc -O2 uffd_fill.c -o uffd_fill
 *   ./uffd_fill STORE copy       one pread, one UFFDIO_COPY (write-protected), per window
 *   ./uffd_fill STORE move       one pread, one UFFDIO_MOVE (kernel 6.8 or later)
 *   ./uffd_fill STORE pieces N   N reads of the window in flight (Linux AIO), each piece
 *                                copied as it completes, the first one first
 *
 * STORE must hold at least 256 MiB, on the disk to measure (e.g. head -c 256M
 * /dev/urandom > /var/tmp/store). Needs userfaultfd (root, or
 * vm.unprivileged_userfaultfd=1).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/userfaultfd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef UFFDIO_MOVE /* headers before 6.8 */
struct uffdio_move {
  __u64 dst, src, len, mode;
  __s64 move;
};
#define UFFDIO_MOVE _IOWR(UFFDIO, 0x05, struct uffdio_move)
#define UFFD_FEATURE_MOVE (1 << 16)
#endif

#define TOTAL (256UL << 20)
#define WINDOW (1UL << 20)
#define PIECES_MAX 16

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char *what) {
  fprintf(stderr, "uffd_fill: %s: %s\n", what, strerror(errno));
  exit(1);
}

static int uffd;

static void copy_in(char *dst, const char *src, size_t len) {
  struct uffdio_copy c = {(unsigned long)dst, (unsigned long)src, len, UFFDIO_COPY_MODE_WP, 0};
  if (ioctl(uffd, UFFDIO_COPY, &c) != 0)
    die("UFFDIO_COPY");
}

/* The window at off read as `pieces` reads in flight, each copied in as it completes
 * (in order: the faulting page is in the first); returns when the first was mapped. */
static double read_pieces(aio_context_t ctx, int fd, char *buf, char *dst, size_t off,
                          int pieces, double start) {
  size_t piece = WINDOW / (size_t)pieces;
  struct iocb cb[PIECES_MAX], *cbp[PIECES_MAX];
  for (int k = 0; k < pieces; k++) {
    cb[k] = (struct iocb){.aio_data = (unsigned long)k, .aio_lio_opcode = IOCB_CMD_PREAD,
                          .aio_fildes = (unsigned)fd, .aio_buf = (unsigned long)(buf + k * piece),
                          .aio_nbytes = piece, .aio_offset = (long long)(off + k * piece)};
    cbp[k] = &cb[k];
  }
  if (syscall(SYS_io_submit, ctx, pieces, cbp) != pieces)
    die("io_submit");
  bool done[PIECES_MAX] = {false};
  double first = 0;
  for (int got = 0, next = 0; got < pieces;) {
    struct io_event ev[PIECES_MAX];
    long n = syscall(SYS_io_getevents, ctx, 1, pieces - got, ev, NULL);
    if (n < 0)
      die("io_getevents");
    for (long e = 0; e < n; e++) {
      if (ev[e].res != (long long)piece)
        die("short read");
      done[ev[e].data] = true;
    }
    got += (int)n;
    for (; next < pieces && done[next]; next++) {
      copy_in(dst + off + next * piece, buf + next * piece, piece);
      if (next == 0)
        first = now() - start;
    }
  }
  return first;
}

int main(int argc, char **argv) {
  if (argc < 3 || (strcmp(argv[2], "copy") && strcmp(argv[2], "move") &&
                   (strcmp(argv[2], "pieces") || argc < 4))) {
    fprintf(stderr, "usage: uffd_fill STORE copy|move|pieces N\n");
    return 2;
  }
  bool move = !strcmp(argv[2], "move");
  int pieces = argc > 3 ? atoi(argv[3]) : 1;
  if (pieces < 1 || pieces > PIECES_MAX || WINDOW % (size_t)pieces)
    pieces = 1;
  int fd = open(argv[1], O_RDONLY | O_DIRECT);
  if (fd < 0)
    die(argv[1]);
  uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
  struct uffdio_api api = {.api = UFFD_API, .features = move ? UFFD_FEATURE_MOVE : 0};
  if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api) != 0)
    die("userfaultfd");
  char *dst = mmap(NULL, TOTAL, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  char *buf = mmap(NULL, WINDOW, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (dst == MAP_FAILED || buf == MAP_FAILED)
    die("mmap");
  madvise(dst, TOTAL, MADV_NOHUGEPAGE);
  madvise(buf, WINDOW, MADV_NOHUGEPAGE);
  struct uffdio_register reg = {
      .range = {(unsigned long)dst, TOTAL},
      .mode = UFFDIO_REGISTER_MODE_MISSING | (move ? 0 : UFFDIO_REGISTER_MODE_WP)};
  if (ioctl(uffd, UFFDIO_REGISTER, &reg) != 0)
    die("UFFDIO_REGISTER");
  aio_context_t ctx = 0;
  if (pieces > 1 && syscall(SYS_io_setup, PIECES_MAX, &ctx) != 0)
    die("io_setup");
  double read_s = 0, map_s = 0, first_s = 0, t0 = now();
  for (size_t off = 0; off < TOTAL; off += WINDOW) {
    double a = now();
    if (pieces > 1) {
      first_s += read_pieces(ctx, fd, buf, dst, off, pieces, a);
      continue;
    }
    if (pread(fd, buf, WINDOW, (off_t)off) != (ssize_t)WINDOW)
      die("pread");
    double b = now();
    if (move) {
      /* The buffer's pages move into place; the next read gets fresh ones. */
      struct uffdio_move m = {(unsigned long)dst + off, (unsigned long)buf, WINDOW, 0, 0};
      if (ioctl(uffd, UFFDIO_MOVE, &m) != 0)
        die("UFFDIO_MOVE");
    } else {
      copy_in(dst + off, buf, WINDOW);
    }
    read_s += b - a;
    map_s += now() - b;
    first_s += now() - a;
  }
  double total = now() - t0, mib = (double)(TOTAL >> 20);
  long sum = 0; /* every page mapped, with the store's data */
  for (size_t i = 0; i < TOTAL; i += 4096)
    sum += dst[i];
  printf("%s x%d: %.3f s, %.3f ms/MiB", argv[2], pieces, total, total * 1e3 / mib);
  if (pieces == 1) /* pieces overlap reads and maps: no split */
    printf(" (read %.3f, map %.3f)", read_s * 1e3 / mib, map_s * 1e3 / mib);
  printf(", first page mapped after %.3f ms per window; checksum %ld\n", first_s * 1e3 / mib,
         sum);
  return 0;
}
