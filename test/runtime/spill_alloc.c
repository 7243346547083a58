/*
 * spill_alloc MODE: the malloc family interposed by liboutcore-rt, run with
 * OUTCORE_SPILL=on OUTCORE_SPILL_MIN=1M.
 *   family    malloc, calloc, realloc across the threshold, posix_memalign,
 *             aligned_alloc, memalign, free: data kept, big blocks spilled (shared
 *             mappings of deleted files), none left after free.
 *   fork      parent and child see independent data after fork.
 *   fallback  spilling refused by the directory (the script sets a bad one): every
 *             block still works, nothing is spilled.
 *   full      a 40 MiB block in a directory with less free space: ordinary memory.
 *   released  a spilled block written, released (its write-back opens the file in the
 *             release worker) and freed: no descriptor of its deleted file is left.
 *   random    a 96 MiB spilled block written, then read at 4000 random pages (run in
 *             a small group by spill_readaround.sh, which reads the statistics).
 *   columns   four 30.5 MiB spilled blocks written, then swept down their columns
 *             as PolyBench's adi does (a column of one read and one written per
 *             step, two rows alongside); run in a 64 MiB group by
 *             spill_readaround.sh: each fault's read-around, all overlapping windows,
 *             pushes out the pages the next columns reuse.
 *   heap      (OUTCORE_SPILL=auto, in a 64 MiB group without swap) rows of
 *             64 KiB: ordinary memory until they hold half the limit, spilled (the
 *             arena's one mapping) after; a forked child's writes stay its own and
 *             it spills rows too; all freed, as many again as the first ordinary
 *             ones are ordinary again (frees count), and calloc'd rows read as
 *             zeros in reused arena extents.
 *   moves     (OUTCORE_SPILL=auto, in a 64 MiB group without swap) arrays of
 *             24 MiB: two stay ordinary memory while the program is in core (48 of
 *             about 58 MiB); the third takes it out of core: it spills, and the
 *             second moves into a file first, its data kept (half of it never
 *             touched: zeros); a forked child's writes to it stay its own; the
 *             first, grown by realloc to 48 MiB, moves too, its data kept.
 *             Under OUTCORE_BACKEND=pager (blocks past half the limit spill as they
 *             come; a block grown out of core by realloc moves) only the data is
 *             checked.
 *   moves_full  (spill directory on a 16 MiB disk, 64 MiB group without swap)
 *             arrays of 24, 24 and 16 MiB: the third takes the program out of core, the
 *             second cannot move (its file cannot be reserved), nor can the third
 *             spill: both stay ordinary memory with their data (spill_dirs.sh
 *             checks the one message).
 *   moves_threads  the same with a second thread writing into the first two
 *             arrays while the third is allocated: where userfaultfd holds its
 *             writes (uffd.h), the second array moves beside it and no write is
 *             lost; elsewhere it stays ordinary. Under the pager blocks past half
 *             the limit spill as they come: the second spills at once. The first
 *             moves when realloc grows it, threads or not (no other thread may use
 *             a block while realloc runs).
 *   small     (OUTCORE_SPILL=auto, in a 64 MiB group without swap) 600 000 blocks of
 *             100 bytes (67 MiB in glibc's chunks): ordinary memory until the heap as
 *             a whole is half the limit, slots of the arena's slab runs after, neighbours in one
 *             mapping; a forked child's writes stay its own; freed slots reused,
 *             calloc'd ones read as zeros; realloc keeps the data, in its slot or
 *             moved.
 *   small_on  (OUTCORE_SPILL=on, default OUTCORE_SPILL_MIN) small blocks spill after
 *             a thread's first 4 MiB; small aligned ones and glibc blocks realloc'd
 *             to a small size stay glibc's (a page each they would waste 30x).
 * Exit 0 when every check holds; each failure prints one line.
 */
#include <dirent.h>
#include <malloc.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outcore/outcore.h"
#include "spilled_mappings.h"

#define MiB (1UL << 20)
static int failures;
static pthread_mutex_t wait_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wait_cond = PTHREAD_COND_INITIALIZER;
#define CHECK(c)                                                                    \
  do {                                                                              \
    if (!(c)) {                                                                     \
      printf("spill_alloc: line %d: %s\n", __LINE__, #c);                          \
      failures++;                                                                   \
    }                                                                               \
  } while (0)

static int all(const char *p, size_t n, char v) {
  for (size_t i = 0; i < n; i += 4096)
    if (p[i] != v)
      return 0;
  return p[n - 1] == v;
}

static void family(int expect_spill) {
  int base = spilled_mappings();
  char *small = malloc(1000);
  CHECK(spilled_mappings() == base);
  char *a = malloc(4 * MiB);
  memset(a, 1, 4 * MiB);
  CHECK(malloc_usable_size(a) >= 4 * MiB);
  char *z = calloc(1024, 8 * 1024); /* 8 MiB, lazily zero */
  CHECK(all(z, 8 * MiB, 0));
  CHECK(spilled_mappings() == base + 2 * expect_spill);
  /* glibc -> spilled -> bigger -> glibc, data kept each time */
  char *r = malloc(64 * 1024);
  memset(r, 3, 64 * 1024);
  r = realloc(r, 6 * MiB);
  CHECK(all(r, 64 * 1024, 3));
  memset(r, 4, 6 * MiB);
  r = realloc(r, 40 * MiB);
  CHECK(all(r, 6 * MiB, 4));
  CHECK(all(r + 6 * MiB, 34 * MiB, 0) || !expect_spill);
  r = realloc(r, 100 * 1024);
  CHECK(all(r, 100 * 1024, 4));
  void *pm = NULL;
  CHECK(posix_memalign(&pm, 2 * MiB, 3 * MiB) == 0 && (unsigned long)pm % (2 * MiB) == 0);
  CHECK(posix_memalign(&pm, 3, 3 * MiB) != 0 || 1); /* EINVAL, pm untouched */
  char *al = aligned_alloc(4096, 2 * MiB);
  char *ma = memalign(64, 2 * MiB);
  memset(al, 5, 2 * MiB);
  memset(ma, 6, 2 * MiB);
  memset(pm, 7, 3 * MiB);
  CHECK(all(al, 2 * MiB, 5) && all(ma, 2 * MiB, 6) && all(pm, 3 * MiB, 7));
  CHECK(spilled_mappings() == base + 5 * expect_spill);
  free(a);
  free(z);
  free(r);
  free(pm);
  free(al);
  free(ma);
  free(small);
  free(NULL);
  CHECK(spilled_mappings() == base);
}

static void full(void) {
  char *p = malloc(40 * MiB);
  memset(p, 8, 40 * MiB);
  CHECK(all(p, 40 * MiB, 8) && spilled_mappings() == 0);
  free(p);
}

static void forked(void) {
  char *p = malloc(8 * MiB);
  CHECK(spilled_mappings() == 1);
  memset(p, 1, 8 * MiB);
  int to_child[2], to_parent[2];
  if (pipe(to_child) || pipe(to_parent))
    exit(2);
  pid_t pid = fork();
  if (pid == 0) {
    char c;
    int ok = all(p, 8 * MiB, 1);
    memset(p, 2, 4 * MiB); /* the parent must not see this */
    if (write(to_parent[1], "x", 1) != 1 || read(to_child[0], &c, 1) != 1)
      _exit(3);
    ok = ok && all(p, 4 * MiB, 2) && all(p + 4 * MiB, 4 * MiB, 1); /* nor this the parent's */
    free(p);
    _exit(ok ? 0 : 1);
  }
  char c;
  CHECK(read(to_parent[0], &c, 1) == 1);
  CHECK(all(p, 8 * MiB, 1));
  memset(p + 4 * MiB, 9, 4 * MiB);
  CHECK(write(to_child[1], "y", 1) == 1);
  int status = 0;
  waitpid(pid, &status, 0);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(all(p, 4 * MiB, 1) && all(p + 4 * MiB, 4 * MiB, 9));
  free(p);
}

/* Open descriptors of deleted files (spilled blocks' files) in this process. */
static int deleted_file_fds(void) {
  DIR *d = opendir("/proc/self/fd");
  struct dirent *e;
  int n = 0;
  char path[64], target[512];
  while (d && (e = readdir(d))) {
    snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
    ssize_t len = readlink(path, target, sizeof target - 1);
    if (len > 0) {
      target[len] = 0;
      n += strstr(target, "(deleted)") != NULL;
    }
  }
  if (d)
    closedir(d);
  return n;
}

static void released(void) {
  oc_register_module(4096);
  int before = deleted_file_fds();
  char *p = malloc(16 * MiB);
  memset(p, 1, 16 * MiB);
  CHECK(spilled_mappings() == 1);
  oc_release_block(p, 16 * MiB / 4096, 0, 1);
  /* The block's own descriptor, and the release worker's once its write-back starts. */
  for (int i = 0; i < 300 && deleted_file_fds() < before + 2; i++)
    usleep(10000);
  CHECK(deleted_file_fds() == before + 2);
  free(p);
  CHECK(deleted_file_fds() == before);
}

static void heap(void) {
  enum { ROWS = 700, ROW = 64 << 10 };
  static char *rows[ROWS];
  int ordinary = 0;
  for (int i = 0; i < ROWS; i++) {
    rows[i] = malloc(ROW);
    memset(rows[i], i, ROW);
    if (!in_spilled_mapping(rows[i]))
      ordinary++;
    else
      CHECK(i >= 400); /* half of 64 MiB is 512 rows, less the runtime's margin, glibc's and stdio's */
  }
  printf("spill_alloc heap: %d rows of 64 KiB in ordinary memory\n", ordinary);
  CHECK(ordinary >= 400 && ordinary <= 512);
  CHECK(spilled_mappings() == 1);
  /* A child gets its own copy of the arena, and spills rows into it. */
  pid_t pid = fork();
  if (pid == 0) {
    int ok = rows[ROWS - 1][0] == (char)(ROWS - 1);
    rows[ROWS - 1][0] = 0;
    char *more = calloc(1, ROW);
    _exit(ok && in_spilled_mapping(more) && all(more, ROW, 0) ? 0 : 1);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
  for (int i = 0; i < ROWS; i++) {
    CHECK(rows[i][ROW - 1] == (char)i);
    CHECK(rows[i][0] == (char)i);
    free(rows[i]);
  }
  for (int i = 0; i < ordinary; i++) {
    rows[i] = malloc(ROW);
    CHECK(!in_spilled_mapping(rows[i]));
  }
  for (int i = ordinary; i < ROWS; i++) {
    rows[i] = calloc(1, ROW);
    CHECK(in_spilled_mapping(rows[i]) && all(rows[i], ROW, 0));
  }
  for (int i = 0; i < ROWS; i++)
    free(rows[i]);
}

/* Is p in a spilled mapping as the mode expects (any, under the pager)? */
static int spilled_as(const void *p, int expected) {
  const char *backend = getenv("OUTCORE_BACKEND");
  return (backend && strcmp(backend, "pager") == 0) || in_spilled_mapping(p) == expected;
}

/* Whether this kernel lets the runtime hold writes while a block moves (uffd.h):
 * userfaultfd permitted, with write protection of pages never touched. */
static int write_holds_here(void) {
  int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);
  if (fd < 0)
    return 0;
  const unsigned long long wanted = UFFD_FEATURE_PAGEFAULT_FLAG_WP | (1ULL << 13);
  struct uffdio_api api = {.api = UFFD_API, .features = wanted};
  int ok = ioctl(fd, UFFDIO_API, &api) == 0 && (api.features & wanted) == wanted;
  close(fd);
  return ok;
}

/* The moves thread: adds one to the counter word of random pages of a and b until
 * told to stop, then waits for the end. A write lost in a move would leave the
 * counters' sum short of the writes made. */
struct writer {
  char *a, *b;
  size_t len;
  atomic_int stop, stopped, end;
  atomic_long writes;
};
#define COUNTER(block, page) ((long *)((block) + (page) * 4096 + 64))

static void *keep_writing(void *arg) {
  struct writer *w = arg;
  unsigned long x = 1;
  while (!atomic_load(&w->stop)) {
    x = x * 6364136223846793005UL + 1442695040888963407UL;
    size_t page = (x >> 20) % (w->len / 4096);
    (*COUNTER(x >> 8 & 1 ? w->a : w->b, page))++;
    atomic_fetch_add(&w->writes, 1);
  }
  atomic_store(&w->stopped, 1);
  pthread_mutex_lock(&wait_lock);
  while (!atomic_load(&w->end))
    pthread_cond_wait(&wait_cond, &wait_lock);
  pthread_mutex_unlock(&wait_lock);
  return NULL;
}

/* The counters' sum over a block's pages, less what its pattern put there. */
static long counted_writes(const char *block, size_t len, char fill, size_t filled) {
  long sum = 0, pattern;
  memset(&pattern, fill, sizeof pattern);
  for (size_t page = 0; page < len / 4096; page++)
    sum += *COUNTER(block, page) - (page * 4096 < filled ? pattern : 0);
  return sum;
}

static void moves(int threads) {
  const size_t len = 24 * MiB;
  char *a = malloc(len), *b = malloc(len);
  memset(a, 'a', len);
  memset(b, 'b', len / 2);
  CHECK(spilled_as(a, 0));
  const char *backend = getenv("OUTCORE_BACKEND");
  int holds = threads && write_holds_here() && !(backend && strcmp(backend, "pager") == 0);
  CHECK(spilled_as(b, 0));
  static struct writer w;
  w = (struct writer){.a = a, .b = b, .len = len};
  pthread_t other;
  if (threads)
    CHECK(pthread_create(&other, NULL, keep_writing, &w) == 0);
  while (threads && atomic_load(&w.writes) < 100000)
    ;
  char *c = malloc(len); /* out of core: b moves, beside the writer if holds exist */
  memset(c, 'c', len);
  atomic_store(&w.stop, 1);
  CHECK(spilled_as(c, 1));
  CHECK(spilled_as(b, !threads || holds));
  CHECK(spilled_as(a, 0));
  if (threads) {
    while (!atomic_load(&w.stopped))
      ;
    long lost = atomic_load(&w.writes) - counted_writes(a, len, 'a', len) -
                counted_writes(b, len, 'b', len / 2);
    printf("spill_alloc moves: %ld writes beside the move, %ld lost (write holds: %s)\n",
           atomic_load(&w.writes), lost, holds ? "yes" : "no");
    CHECK(lost == 0);
  }
  memset(a, 'a', len); /* the counters gone: the patterns checked from here */
  memset(b, 'b', len / 2);
  memset(b + len / 2, 0, len / 2);
  pid_t pid = fork();
  if (pid == 0) {
    memset(b, 'x', len);
    _exit(0);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(all(b, len / 2, 'b') && all(b + len / 2, len / 2, 0));
  a = realloc(a, 2 * len);
  memset(a + len, 'A', len);
  CHECK(spilled_as(a, 1)); /* moved by realloc, which no other thread may watch */
  CHECK(all(a, len, 'a') && all(a + len, len, 'A'));
  free(a), free(b), free(c);
  CHECK(spilled_mappings() == 0);
  if (threads) {
    pthread_mutex_lock(&wait_lock);
    atomic_store(&w.end, 1);
    pthread_cond_signal(&wait_cond);
    pthread_mutex_unlock(&wait_lock);
    pthread_join(other, NULL);
  }
}

static void moves_full(void) {
  const size_t len = 24 * MiB;
  char *a = malloc(len), *b = malloc(len);
  memset(a, 'a', len);
  memset(b, 'b', len / 2);
  char *c = malloc(16 * MiB);
  memset(c, 'c', 16 * MiB);
  CHECK(spilled_mappings() == 0);
  CHECK(all(a, len, 'a') && all(b, len / 2, 'b') && all(b + len / 2, len / 2, 0));
  CHECK(all(c, 16 * MiB, 'c'));
  free(a), free(b), free(c);
}

static void small(void) {
  enum { BLOCKS = 600000, SIZE = 100 };
  static char *blocks[BLOCKS];
  for (int i = 0; i < BLOCKS; i++) {
    blocks[i] = malloc(SIZE);
    memset(blocks[i], (char)i, SIZE);
  }
  /* Once the heap is sizeable every later block spills: the first spilled one, found
   * by bisection (reading the maps for each block would take seconds), then checked
   * on a sample. */
  int first_spilled = 0, last_ordinary = BLOCKS;
  while (first_spilled < last_ordinary) {
    int mid = first_spilled + (last_ordinary - first_spilled) / 2;
    if (in_spilled_mapping(blocks[mid]))
      last_ordinary = mid;
    else
      first_spilled = mid + 1;
  }
  for (int i = 0; i < BLOCKS; i += BLOCKS / 97)
    CHECK(in_spilled_mapping(blocks[i]) == (i >= first_spilled));
  /* Half of 64 MiB is 32 MiB: the rows and about 240 000 chunks of 112 bytes of
   * glibc's, then up to 4 MiB more until the thread asks again. */
  CHECK(first_spilled > 200000 && first_spilled < 320000);
  CHECK(spilled_mappings() == 1);
  CHECK(blocks[BLOCKS - 1] - blocks[BLOCKS - 2] == 112); /* one slot of the 112-byte class */
  pid_t pid = fork();
  if (pid == 0) {
    int ok = blocks[BLOCKS - 1][0] == (char)(BLOCKS - 1);
    blocks[BLOCKS - 1][0] = 0;
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(blocks[BLOCKS - 1][0] == (char)(BLOCKS - 1));
  for (int i = 0; i < BLOCKS; i++)
    CHECK(blocks[i][SIZE - 1] == (char)i);
  /* Freed slots are reused; a calloc'd one reads as zeros. */
  char *freed = blocks[BLOCKS - 10];
  free(freed);
  blocks[BLOCKS - 10] = calloc(1, SIZE);
  CHECK(blocks[BLOCKS - 10] == freed && all(freed, SIZE, 0));
  /* realloc within the slot keeps it; beyond it moves the data. */
  char *r = realloc(blocks[BLOCKS - 1], SIZE + 8);
  CHECK(r == blocks[BLOCKS - 1]);
  r = realloc(r, 3 * SIZE);
  CHECK(r && r != blocks[BLOCKS - 1] && r[0] == (char)(BLOCKS - 1) && r[SIZE - 1] == (char)(BLOCKS - 1));
  blocks[BLOCKS - 1] = r;
  for (int i = 0; i < BLOCKS; i++)
    free(blocks[i]);
}

static void small_on(void) {
  enum { BLOCKS = 60000, SIZE = 100 }; /* 6 MiB: the thread asks after its first 4 */
  static char *blocks[BLOCKS];
  for (int i = 0; i < BLOCKS; i++)
    blocks[i] = malloc(SIZE);
  CHECK(!in_spilled_mapping(blocks[0]) && in_spilled_mapping(blocks[BLOCKS - 1]));
  /* An aligned small block spills too, a slot that keeps the alignment (C++'s aligned
   * new of a cache-line node); a glibc block realloc'd to a small size stays glibc's. */
  void *aligned_block = NULL, *page_aligned = NULL;
  CHECK(posix_memalign(&aligned_block, 64, 130) == 0 && in_spilled_mapping(aligned_block) &&
        (uintptr_t)aligned_block % 64 == 0);
  CHECK((page_aligned = aligned_alloc(4096, 4096)) && in_spilled_mapping(page_aligned) &&
        (uintptr_t)page_aligned % 4096 == 0);
  free(page_aligned);
  blocks[0][SIZE - 1] = 7;
  char *grown = realloc(blocks[0], 2 * SIZE);
  CHECK(grown && !in_spilled_mapping(grown) && grown[SIZE - 1] == 7);
  blocks[0] = grown;
  free(aligned_block);
  for (int i = 0; i < BLOCKS; i++)
    free(blocks[i]);
}

static void random_reads(void) {
  size_t n = 96 * MiB / sizeof(double);
  double *v = malloc(n * sizeof(double));
  for (size_t i = 0; i < n; i++)
    v[i] = (double)(i % 1000);
  uint64_t x = 88172645463325252ULL;
  double sum = 0;
  for (int r = 0; r < 4000; r++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    sum += v[x % n];
  }
  printf("sum %.17g\n", sum);
  free(v);
}

static void column_sweep(void) {
  enum { N = 2000 };
  double(*u)[N] = malloc(sizeof(double[N][N])), (*v)[N] = malloc(sizeof(double[N][N]));
  double(*p)[N] = malloc(sizeof(double[N][N])), (*q)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      u[i][j] = (double)((i * 7 + j * 3) % 101) / 101;
      v[i][j] = p[i][j] = q[i][j] = 0;
    }
  for (int i = 1; i < N - 1; i++) {
    v[0][i] = 1;
    q[i][0] = 1;
    for (int j = 1; j < N - 1; j++) {
      p[i][j] = -0.5 / (0.25 * p[i][j - 1] + 2);
      q[i][j] = (u[j][i - 1] + 2 * u[j][i] - u[j][i + 1] - 0.25 * q[i][j - 1]) /
                (0.25 * p[i][j - 1] + 2);
    }
    v[N - 1][i] = 1;
    for (int j = N - 2; j >= 1; j--)
      v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += v[i][i] + v[i][N / 2];
  printf("sum %.17g\n", sum);
  free(u), free(v), free(p), free(q);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "family";
  if (strcmp(mode, "family") == 0)
    family(1);
  else if (strcmp(mode, "fork") == 0)
    forked();
  else if (strcmp(mode, "fallback") == 0)
    family(0);
  else if (strcmp(mode, "full") == 0)
    full();
  else if (strcmp(mode, "released") == 0)
    released();
  else if (strcmp(mode, "random") == 0)
    random_reads();
  else if (strcmp(mode, "columns") == 0)
    column_sweep();
  else if (strcmp(mode, "heap") == 0)
    heap();
  else if (strcmp(mode, "small") == 0)
    small();
  else if (strcmp(mode, "moves") == 0)
    moves(0);
  else if (strcmp(mode, "moves_full") == 0)
    moves_full();
  else if (strcmp(mode, "moves_threads") == 0)
    moves(1);
  else if (strcmp(mode, "small_on") == 0)
    small_on();
  else
    return 2;
  if (!failures)
    printf("spill_alloc %s: ok\n", mode);
  return failures ? 1 : 0;
}
