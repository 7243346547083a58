#include "spill.h"

#include <assert.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "backend_linux.h"
#include "outcore/outcore.h"
#include "limit.h"
#include "pager.h"
#include "runtime.h"
#include "spill_arena.h"
#include "spill_file.h"
#include "spill_slab.h"
#include "stats.h"
#include "uffd.h"

/* In the page before the data; magic is the last word (spill.h). */
struct spill_header {
  struct spill_header *prev, *next; /* live blocks, under blocks_lock */
  size_t file_len;                  /* bytes mapped from the file = usable size */
  int fd;      /* -1: ordinary memory, which may move into a file (spill.h) */
  int fork_fd; /* the child's copy while a fork is under way, else -1 */
  bool paged;  /* private memory paged by the pager from fd (OUTCORE_BACKEND=pager) */
  uint64_t magic;
};

_Atomic(size_t) oc_spill_ask_min = OC_SPILL_MIN_FLOOR;
_Atomic(size_t) oc_spill_ask_total;
_Atomic(size_t) oc_spill_small_min = SIZE_MAX;
_Atomic(bool) oc_spill_slab_made;
_Atomic(long) oc_spill_heap_bytes;
_Atomic(uintptr_t) oc_spill_arena_start;
_Atomic(size_t) oc_spill_arena_span;

static struct oc_spill_config settings;
static char spill_dir[OC_SPILL_DIR_MAX]; /* empty: no disk-backed directory */
static size_t page_size;
static pthread_once_t settings_once = PTHREAD_ONCE_INIT;
static _Atomic(bool) settings_read;

static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static struct spill_header *blocks; /* under blocks_lock */
static long live_blocks, live_bytes; /* in files, under blocks_lock */
static long ordinary_bytes;          /* of the blocks of fd -1, under blocks_lock */
static _Atomic(bool) refusal_reported;

/* The arena (spill.h), under blocks_lock; its range is oc_spill_arena_start/span. */
#define ARENA_SPAN_MAX ((size_t)256 << 30) /* address space only: halved until it maps */
#define ARENA_SPAN_MIN ((size_t)1 << 30)
/* The range starts at a multiple of this, the largest alignment its blocks take
 * (tiles of 8-64 KiB for SIMD, 2 MiB for huge pages). */
#define ARENA_ALIGN_MAX ((size_t)2 << 20)
static int arena_fd = -1;
static int arena_fork_fd = -1;
static bool arena_refused;          /* no address space for it: never tried again */
/* Per arena page: the pages of the block starting there, or SLAB_PAGE | the id of
 * the slab run the page is part of. */
static uint32_t *arena_block_pages;
#define SLAB_PAGE 0x80000000u
static struct oc_arena_extents arena_extents;
/* Blocks at the top are reserved ahead, so that rows of a few pages do not cost a
 * fallocate each: [top, arena_reserved) is reserved and unused. */
#define ARENA_RESERVE_AHEAD ((size_t)1 << 20)
static size_t arena_reserved;
/* Freed extents not yet punched out: at most this much memory, and at most 1/64 of
 * the limit (their pages hold no data, only room the program's own pages need: 8 MiB
 * is an eighth of a 64 MiB group). */
#define ARENA_PENDING_BYTES ((size_t)8 << 20)
#define ARENA_PENDING_LIMIT_SHARE 64
/* A freed extent handed out again before its punch keeps its disk blocks and is
 * cleared instead, up to this size while the program fits: a row grown by
 * push_back frees its last page for the next row to take, and a punch and fallocate
 * each time (the punch waits for the device's discard) had cost a
 * vector<vector<float>> 6x plain's time. */
#define ARENA_UNPUNCHED_REUSE_MAX ((size_t)64 << 10)
static struct oc_arena_pending arena_pending;
/* The file is mapped over the range as far as blocks reach, in steps: the rest stays
 * an inaccessible reservation, so that the runtime's residency sweeps (mincore over
 * every data mapping near a hinted page) never walk gigabytes of file that hold
 * nothing. [0, arena_mapped) maps the file. */
#define ARENA_MAP_STEP ((size_t)64 << 20)
static size_t arena_mapped;

/* Small blocks (spill_slab.h): per class, a lock and the runs with a free slot;
 * the runs by id (a table as long as the arena has runs, made with it) and the
 * records of emptied runs, ready for reuse, under blocks_lock. A class's lock is
 * taken before blocks_lock. */
struct slab_class {
  pthread_mutex_t lock;
  struct oc_slab_run *partial;
};
static struct slab_class slab_classes[OC_SLAB_CLASSES] = {
    [0 ... OC_SLAB_CLASSES - 1] = {PTHREAD_MUTEX_INITIALIZER, NULL}};
static struct oc_slab_run **slab_runs;
static uint32_t slab_ids;
static struct oc_slab_run *slab_spare;

void *__libc_malloc(size_t bytes); /* the run records: glibc's, never spilled */

/* Set while this thread starts the runtime for a block, which allocates: none of
 * those blocks is spilled (that would start it again, under its lock). */
static __thread bool starting_runtime __attribute__((tls_model("initial-exec")));
/* Set while this thread holds blocks_lock: a block allocated meanwhile (by the
 * pager's registration, stdio) is glibc's, never spilled under the lock again. */
static __thread bool holding_blocks __attribute__((tls_model("initial-exec")));

static void lock_blocks(void) {
  pthread_mutex_lock(&blocks_lock);
  holding_blocks = true;
}

static void unlock_blocks(void) {
  holding_blocks = false;
  pthread_mutex_unlock(&blocks_lock);
}

static bool reentered(void) { return starting_runtime || holding_blocks; }

extern char **environ;

static size_t nonnegative(long n) { return n > 0 ? (size_t)n : 0; }

/* bytes rounded up to whole pages (less than bytes where that overflows). */
static size_t whole_pages(size_t bytes) { return (bytes + page_size - 1) & ~(page_size - 1); }

static bool in_core(const struct oc_spill_inputs *in, size_t bytes) {
  return bytes + nonnegative(in->heap) + nonnegative(in->spilled) <
         nonnegative(oc_spill_in_core_line(in->limit));
}

enum oc_spill_place oc_spill_decide(const struct oc_spill_inputs *in, size_t bytes) {
  if (in->mode == OC_SPILL_OFF || bytes < (size_t)in->min)
    return OC_SPILL_NOWHERE;
  if (in->mode == OC_SPILL_ON)
    return bytes >= OC_SPILL_OWN_FILE_MIN ? OC_SPILL_OWN_FILE : OC_SPILL_ARENA;
  size_t held = bytes + nonnegative(in->heap);
  bool under_half = held < (size_t)(in->limit / OC_SPILL_HELD_FRACTION);
  bool sizeable = bytes >= (size_t)(in->limit / OC_SPILL_SIZEABLE_FRACTION);
  if (sizeable && under_half && in->grows)
    return OC_SPILL_OWN_MAPPING;
  if (under_half || (size_t)in->swap_room >= (sizeable ? bytes : held))
    return OC_SPILL_NOWHERE;
  if (bytes >= (size_t)(in->limit / OC_SPILL_MOVABLE_FRACTION) && in->movable && in_core(in, bytes))
    return OC_SPILL_OWN_MAPPING;
  return sizeable ? OC_SPILL_OWN_FILE : OC_SPILL_ARENA;
}

size_t oc_spill_to_move(const struct oc_spill_inputs *in, size_t bytes) {
  if (in->mode != OC_SPILL_AUTO || !in->movable || in_core(in, bytes))
    return 0;
  size_t heap = nonnegative(in->heap), half = (size_t)(in->limit / OC_SPILL_HELD_FRACTION);
  return heap >= half ? heap - half + 1 : 0;
}

static bool readaround_too_large(void);
static void fork_prepare(void);
static void fork_parent(void);
static void fork_child(void);

/* The least small block spilled while small blocks spill: OUTCORE_SPILL_MIN, or
 * none when that is above the largest slab class. */
static size_t small_min(void) {
  return (size_t)settings.min <= OC_SLAB_MAX ? (size_t)settings.min : SIZE_MAX;
}

static void read_settings(void) {
  oc_spill_config_from_env(&settings);
  page_size = (size_t)sysconf(_SC_PAGESIZE);
  if (settings.dir[0] && oc_spill_dir_on_disk(settings.dir)) {
    strcpy(spill_dir, settings.dir);
  } else if (settings.dir[0] && access(settings.dir, F_OK) == 0) {
    /* On tmpfs the "spilled" pages would be memory again. */
    bool fallback = oc_spill_default_dir(spill_dir, sizeof spill_dir);
    fprintf(stderr, "outcore: ignoring OUTCORE_SPILL_DIR=%s (in memory, not on a disk; using %s)\n",
            settings.dir, fallback ? spill_dir : "no spilling");
  } else if (settings.dir[0]) {
    strcpy(spill_dir, settings.dir); /* missing: reported when a block needs it */
  } else {
    oc_spill_default_dir(spill_dir, sizeof spill_dir);
  }
  size_t ask = settings.mode == OC_SPILL_OFF ? SIZE_MAX : (size_t)settings.min;
  atomic_store_explicit(&oc_spill_ask_min, ask, memory_order_relaxed);
  if (settings.mode == OC_SPILL_ON)
    atomic_store_explicit(&oc_spill_small_min, small_min(), memory_order_relaxed);
  /* Here, with no lock held: pthread_atfork may allocate. */
  pthread_atfork(fork_prepare, fork_parent, fork_child);
  atomic_store_explicit(&settings_read, true, memory_order_release);
}

/* False while the environment is not there yet (allocations made while the
 * dynamic loader starts the program): those blocks are never spilled. */
static bool ensure_settings(void) {
  if (atomic_load_explicit(&settings_read, memory_order_acquire))
    return true;
  if (!environ)
    return false;
  pthread_once(&settings_once, read_settings);
  return true;
}

/* The swap's room, read once per limit sample (taken at sampled_ns): the rows of a
 * matrix spilled one after another would read /proc/meminfo each (64 000 reads). */
static long swap_room_at(long sampled_ns) {
  static _Atomic(long) read_at = OC_LIMIT_NEVER_SAMPLED, room;
  if (atomic_load_explicit(&read_at, memory_order_acquire) != sampled_ns) {
    atomic_store_explicit(&room, oc_limit_swap_room(), memory_order_relaxed);
    atomic_store_explicit(&read_at, sampled_ns, memory_order_release);
  }
  return atomic_load_explicit(&room, memory_order_relaxed);
}

static bool spills(enum oc_spill_place place) {
  return place == OC_SPILL_OWN_FILE || place == OC_SPILL_ARENA;
}

/* Whether the pager backend pages spilled memory. Before blocks_lock: starting the
 * pager starts threads, whose own allocations (their thread-local storage) are
 * glibc's: they must not start it again. */
static bool pager_selected(void) {
  starting_runtime = true;
  bool pager = oc_backend_select() == &oc_backend_pager;
  starting_runtime = false;
  return pager;
}

/* The program's own threads are one (the runtime's counted apart). */
static bool program_on_one_thread(void) {
  long threads = oc_os_thread_count();
  return threads > 0 && threads - oc_runtime_threads() <= 1;
}

/* Whether write holds can be had here (uffd.h), asked once. */
static bool write_holds_available(void) {
  static _Atomic(int) available; /* 0: not asked, 1: yes, -1: no */
  int known = atomic_load_explicit(&available, memory_order_relaxed);
  if (!known) {
    int fd = oc_write_hold_open();
    known = fd >= 0 ? 1 : -1;
    if (fd >= 0)
      close(fd);
    atomic_store_explicit(&available, known, memory_order_relaxed);
  }
  return known > 0;
}

/* Whether ordinary blocks can move now, and the write hold a move takes (-1: none,
 * the program's thread being its only one). False when other threads run and their
 * writes cannot be held, or the pager pages spilled memory (a block moved beside
 * other threads would stay a shared file mapping, whose dirty pages the pager's
 * room does not count: its paged blocks filled beside one had the group
 * OOM-killed). */
static bool blocks_can_move(int *hold) {
  *hold = -1;
  if (program_on_one_thread())
    return true;
  *hold = pager_selected() ? -1 : oc_write_hold_open();
  return *hold >= 0;
}

static void move_out(size_t bytes);

enum oc_spill_place oc_spill_wanted(size_t bytes, size_t replaced) {
  if (reentered() || !ensure_settings())
    return OC_SPILL_NOWHERE;
  struct oc_spill_inputs in = {
      settings.mode, settings.min, 0, 0,
      atomic_load_explicit(&oc_spill_heap_bytes, memory_order_relaxed) - (long)replaced, 0, false,
      replaced > 0 && bytes > replaced};
  if (settings.mode != OC_SPILL_AUTO || bytes < (size_t)settings.min)
    return oc_spill_decide(&in, bytes);
  /* Most blocks are far from the limit: the last sample says so without a clock
   * read. A block spilled with no swap and many threads (the inputs that only keep
   * blocks ordinary) takes a fresh sample, and only then do the swap's room, the
   * spilled bytes and the threads matter. */
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  in.limit = f.limit;
  atomic_store_explicit(&oc_spill_ask_total,
                        (size_t)(f.limit > 0 ? f.limit : 0) / (2 * OC_SPILL_SIZEABLE_FRACTION),
                        memory_order_relaxed);
  enum oc_spill_place place = oc_spill_decide(&in, bytes);
  if (f.sampled_ns != OC_LIMIT_NEVER_SAMPLED && !spills(place))
    return place;
  oc_limit_open();
  oc_limit_get(&f);
  in.limit = f.limit;
  if (!spills(place = oc_spill_decide(&in, bytes)))
    return place;
  in.swap_room = swap_room_at(f.sampled_ns);
  lock_blocks();
  in.spilled = live_bytes;
  long ordinary = ordinary_bytes;
  unlock_blocks();
  in.movable = true;
  bool threads_matter = !spills(oc_spill_decide(&in, bytes)) ||
                        (ordinary > 0 && oc_spill_to_move(&in, bytes) > 0);
  /* Not under the pager: a block kept ordinary that cannot move later (the program
   * has started threads) leaves the pager's paged blocks too little room (two
   * 24 MiB blocks pinned in a 64 MiB group got it OOM-killed); there the blocks past
   * half the limit spill as they come. */
  in.movable = threads_matter && !pager_selected() &&
               (program_on_one_thread() || write_holds_available());
  place = oc_spill_decide(&in, bytes);
  if (spills(place) && ordinary > 0)
    move_out(oc_spill_to_move(&in, bytes));
  return place;
}

/* The read-around guard runs in the release worker. */
static void start_runtime(void) {
  starting_runtime = true;
  if (oc_runtime_init())
    oc_workers_ensure_started();
  starting_runtime = false;
}

static void report_refusal(size_t bytes, int error) {
  if (atomic_exchange(&refusal_reported, true))
    return;
  fprintf(stderr,
          "outcore: cannot spill a %zu %s block to %s (%s); using ordinary memory "
          "(reported once)\n",
          bytes >= (1 << 20) ? bytes >> 20 : bytes, bytes >= (1 << 20) ? "MiB" : "byte",
          spill_dir[0] ? spill_dir : "a disk-backed directory",
          spill_dir[0] ? strerror(error) : "none found: set OUTCORE_SPILL_DIR");
}

static struct spill_header *header_of(const void *data) {
  return (struct spill_header *)data - 1;
}

static void link_block(struct spill_header *h, void *data) {
  h->magic = OC_SPILL_MAGIC ^ (uintptr_t)data;
  h->prev = NULL;
  h->next = blocks;
  if (blocks)
    blocks->prev = h;
  blocks = h;
}

static void unlink_block(struct spill_header *h) {
  if (h->prev)
    h->prev->next = h->next;
  else
    blocks = h->next;
  if (h->next)
    h->next->prev = h->prev;
  h->magic = 0;
}

/* Under blocks_lock. */
static void block_made(size_t len) {
  live_blocks++;
  live_bytes += (long)len;
}

/* Under blocks_lock: the file fd, holding the data of [data, data + len) in its
 * first stored bytes, maps there in place of the untouched private memory there:
 * as that memory, paged from the file (under the pager), or as a shared mapping. */
static bool map_file_at(char *data, size_t len, int fd, size_t stored, bool pager, bool *paged) {
  *paged = pager && oc_pager_adopt(data, len, fd, stored, "spilled memory", true);
  if (*paged)
    return true;
  if (mmap(data, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED)
    return false;
  if (readaround_too_large())
    oc_os_readaround_off((uintptr_t)data, len);
  return true;
}

/* A private anonymous mapping of head + len bytes (mmap's prot, and flags beside
 * MAP_PRIVATE | MAP_ANONYMOUS) whose byte head is a multiple of align (a power of
 * two): that byte's address, NULL when the address space refuses. */
static char *map_aligned(size_t head, size_t len, size_t align, int prot, int flags) {
  if (align < page_size)
    align = page_size;
  size_t reserve_len = head + len + (align - page_size);
  if (reserve_len < len)
    return NULL;
  char *base = mmap(NULL, reserve_len, prot, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
  if (base == MAP_FAILED)
    return NULL;
  char *data = (char *)(((uintptr_t)base + head + align - 1) & ~(uintptr_t)(align - 1));
  if (data - head > base) /* keep only [data - head, data + len) */
    munmap(base, (size_t)(data - head - base));
  if (data + len < base + reserve_len)
    munmap(data + len, (size_t)(base + reserve_len - data - len));
  return data;
}

/* The len bytes of untouched private memory at data, after a header page of the
 * caller's, become a block: in a file of its own mapped there (in_file), or
 * ordinary memory that may move into one. False, nothing changed, when the file
 * cannot be made or mapped (one message). */
static bool adopt_block(char *data, size_t len, bool in_file, size_t bytes) {
  bool pager = in_file && pager_selected(), paged = false;
  lock_blocks();
  int fd = -1, error = 0;
  bool adopted = true;
  if (in_file) {
    fd = spill_dir[0] ? oc_spill_file_create(spill_dir, len) : -1;
    error = errno;
    adopted = fd >= 0 && map_file_at(data, len, fd, 0, pager, &paged);
    if (fd >= 0 && !adopted) {
      error = errno;
      close(fd);
    }
  }
  if (adopted) {
    struct spill_header *h = header_of(data);
    h->file_len = len;
    h->fd = fd;
    h->fork_fd = -1;
    h->paged = paged;
    link_block(h, data);
    if (in_file) {
      block_made(len);
    } else {
      ordinary_bytes += (long)len;
      atomic_fetch_add_explicit(&oc_spill_heap_bytes, (long)len, memory_order_relaxed);
    }
  }
  unlock_blocks();
  if (in_file && !adopted)
    report_refusal(bytes, error);
  else if (in_file && !paged)
    start_runtime();
  return adopted;
}

/* A block of its own mapping after a header page: in a file of its own (in_file),
 * or ordinary private memory (fd -1) that may move into one. */
static void *alloc_own(size_t bytes, size_t align, bool in_file) {
  if (reentered() || !ensure_settings())
    return NULL;
  size_t len = whole_pages(bytes);
  if (len == 0 || len < bytes)
    return NULL;
  /* Ordinary memory is reserved as glibc reserves its own mappings; a file's
   * reservation only holds the place. */
  char *data = map_aligned(page_size, len, align, PROT_READ | PROT_WRITE,
                           in_file ? MAP_NORESERVE : 0);
  if (!data) {
    if (in_file)
      report_refusal(bytes, errno);
    return NULL;
  }
  if (!adopt_block(data, len, in_file, bytes)) {
    munmap(data - page_size, page_size + len);
    return NULL;
  }
  return data;
}

/* ---- moving ordinary blocks into files ---------------------------------------- */

/* Moved a chunk at a time: the memory held grows by at most a chunk of file pages
 * before the ordinary pages they copy are gone. */
#define MOVE_CHUNK ((size_t)2 << 20)

/* Writes the pages of [data, data + len) that hold data to fd at off. */
static bool write_held_pages(int fd, const char *data, size_t len, size_t off) {
  unsigned char held[MOVE_CHUNK / 4096];
  size_t pages = len / page_size;
  if (pages > sizeof held || !oc_os_pages_held((uintptr_t)data, pages, held))
    return oc_spill_file_write(fd, data, len, off);
  for (size_t first = 0; first < pages;) {
    if (!held[first]) {
      first++;
      continue;
    }
    size_t end = first;
    while (end < pages && held[end])
      end++;
    if (!oc_spill_file_write(fd, data + first * page_size, (end - first) * page_size,
                             off + first * page_size))
      return false;
    first = end;
  }
  return true;
}

/* After a move failed with the data of [data, data + moved) in fd: ordinary memory
 * again, holding the file's copy of that part and the rest as it was. */
static bool move_back(char *data, size_t len, size_t moved, int fd) {
  char *copy = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (copy == MAP_FAILED)
    return false;
  for (size_t done = 0; done < moved;) {
    ssize_t n = pread(fd, copy + done, moved - done, (off_t)done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break; /* past the file's end (never: it holds len bytes) reads as zeros */
    done += (size_t)n;
  }
  memcpy(copy + moved, data + moved, len - moved);
  return mremap(copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, data) != MAP_FAILED;
}

/* Under blocks_lock, the program on one thread or hold a write hold (uffd.h: no
 * write to the block is lost while it is copied): an ordinary block moves into a
 * file of its own, mapped where it was. A block that cannot move stays ordinary
 * memory, as it was. */
static bool move_into_file(struct spill_header *h, bool pager, int hold) {
  char *data = (char *)(h + 1);
  size_t len = h->file_len, moved = 0;
  int fd = spill_dir[0] ? oc_spill_file_create(spill_dir, len) : -1;
  if (fd < 0) {
    report_refusal(len, errno);
    return false;
  }
  /* written: the data of [0, written) is in the file (a chunk whose mapping failed
   * may have lost its ordinary pages, but not its data); moved: and mapped there. */
  size_t written = 0;
  oc_maps_unmap_begin();
  while (moved < len) {
    size_t n = len - moved < MOVE_CHUNK ? len - moved : MOVE_CHUNK;
    if ((hold >= 0 && !oc_write_hold(hold, (uintptr_t)(data + moved), n)) ||
        !write_held_pages(fd, data + moved, n, moved))
      break;
    written += n;
    bool remapped = mmap(data + moved, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd,
                         (off_t)moved) != MAP_FAILED;
    if (hold >= 0 && remapped)
      oc_write_release(hold, (uintptr_t)(data + moved), n);
    if (!remapped)
      break;
    moved += n;
  }
  int error = errno;
  bool paged = false, mapped = moved == len;
  /* Under the pager the file becomes the store of private memory paged from it
   * (never beside other threads, blocks_can_move: a write between the two mappings
   * would be lost). */
  if (mapped && pager) {
    mapped = mmap(data, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
                  0) != MAP_FAILED &&
             map_file_at(data, len, fd, len, true, &paged);
    error = errno;
  }
  if (!mapped && !move_back(data, len, written, fd)) {
    fprintf(stderr, "outcore: cannot move a %zu MiB block back into memory (%s)\n", len >> 20,
            strerror(errno));
    abort(); /* its data is in the file, mapped nowhere: never run on without it */
  }
  oc_maps_unmap_end((uintptr_t)data, len);
  if (!mapped) {
    if (hold >= 0) /* the held part was mapped anew by move_back */
      oc_write_release(hold, (uintptr_t)data, len);
    close(fd);
    report_refusal(len, error);
    return false;
  }
  if (!paged && readaround_too_large())
    oc_os_readaround_off((uintptr_t)data, len);
  h->fd = fd;
  h->paged = paged;
  ordinary_bytes -= (long)len;
  atomic_fetch_sub_explicit(&oc_spill_heap_bytes, (long)len, memory_order_relaxed);
  block_made(len);
  oc_count(OC_SPILL_BYTES_MOVED, (long)len);
  return true;
}

/* Moves ordinary blocks into files, the most recent first, until at least bytes
 * of them moved (or none is left). */
static void move_out(size_t bytes) {
  if (!bytes)
    return;
  int hold;
  if (!blocks_can_move(&hold))
    return;
  bool pager = pager_selected(), any = false;
  lock_blocks();
  size_t moved = 0;
  for (struct spill_header *h = blocks; h && moved < bytes; h = h->next)
    if (h->fd < 0 && move_into_file(h, pager, hold)) {
      moved += h->file_len;
      any = true;
    }
  unlock_blocks();
  if (hold >= 0)
    close(hold);
  if (any) {
    start_runtime();
    oc_maps_refresh(); /* the hints see the moved blocks as files at once */
  }
}

/* Under blocks_lock: the arena's file mapped over its range, made on first use. */
static bool arena_open(void) {
  if (arena_fd >= 0)
    return true;
  if (arena_refused || !spill_dir[0])
    return false;
  int fd = oc_spill_file_create(spill_dir, 0);
  if (fd < 0)
    return false;
  for (size_t span = ARENA_SPAN_MAX; span >= ARENA_SPAN_MIN; span /= 2) {
    /* The slab runs' table follows the page table. */
    size_t pages_len = span / page_size * sizeof *arena_block_pages;
    size_t table_len = pages_len + span / OC_SLAB_RUN_BYTES * sizeof *slab_runs;
    char *table = mmap(NULL, table_len, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (table == MAP_FAILED)
      continue;
    char *base = map_aligned(0, span, ARENA_ALIGN_MAX, PROT_NONE, MAP_NORESERVE);
    if (!base) {
      munmap(table, table_len);
      continue;
    }
    arena_block_pages = (uint32_t *)table;
    slab_runs = (struct oc_slab_run **)(table + pages_len);
    oc_arena_extents_init(&arena_extents, span);
    arena_fd = fd;
    atomic_store_explicit(&oc_spill_arena_start, (uintptr_t)base, memory_order_relaxed);
    atomic_store_explicit(&oc_spill_arena_span, span, memory_order_relaxed);
    return true;
  }
  close(fd);
  arena_refused = true;
  errno = ENOMEM;
  return false;
}

static char *arena_base(void) {
  return (char *)atomic_load_explicit(&oc_spill_arena_start, memory_order_relaxed);
}

/* Under blocks_lock. A freed extent reads as zeros once punched out; where a punch
 * fails, zeros are written instead. Each is punched as the whole free extent around
 * it, once for all the ranges inside: rows freed out of address order (a program
 * freeing its matrix at exit) leave ranges that do not touch one another but join
 * in the free list, and a punch waits for the device's discard (20 000 rows freed
 * at exit took 2 500 punches and 0.25 s). Punching holes again costs little. */
static void arena_punch_pending(void) {
  struct oc_arena_extent *pending = arena_pending.range;
  for (size_t i = 0; i < arena_pending.count; i++) {
    if (pending[i].len == 0)
      continue; /* inside a free extent punched already */
    struct oc_arena_extent e = oc_arena_extents_free_around(&arena_extents, pending[i].off,
                                                           pending[i].len);
    if (oc_spill_file_punch(arena_fd, e.off, e.len)) {
      for (size_t j = i + 1; j < arena_pending.count; j++)
        if (e.off <= pending[j].off && pending[j].off + pending[j].len <= e.off + e.len)
          pending[j].len = 0;
    } else {
      memset(arena_base() + pending[i].off, 0, pending[i].len);
    }
  }
  arena_pending.count = arena_pending.bytes = 0;
}

/* Under blocks_lock: the file mapped over [0, end) of the range at least. */
static bool arena_map_to(size_t end) {
  if (end <= arena_mapped)
    return true;
  size_t to = (end + ARENA_MAP_STEP - 1) / ARENA_MAP_STEP * ARENA_MAP_STEP;
  if (to > arena_extents.capacity)
    to = arena_extents.capacity;
  if (mmap(arena_base() + arena_mapped, to - arena_mapped, PROT_READ | PROT_WRITE,
           MAP_SHARED | MAP_FIXED | MAP_NORESERVE, arena_fd, (off_t)arena_mapped) == MAP_FAILED)
    return false;
  if (readaround_too_large())
    oc_os_readaround_off((uintptr_t)arena_base() + arena_mapped, to - arena_mapped);
  arena_mapped = to;
  return true;
}

/* Under blocks_lock: whether the extent at off, pending its punch, may be cleared
 * instead: small, and the program's blocks within the limit. Beyond it, reuse
 * without punches made the disk's read-around read far more: rows of 1-56 KiB
 * freed and made again (170 MB) read 5.4 GB instead of 0.57 in a 128 MiB group,
 * 12.5 GB instead of 1.4-6.4 in 64 MiB. */
static bool arena_reusable_unpunched(size_t off, size_t len) {
  if (len > ARENA_UNPUNCHED_REUSE_MAX || !oc_arena_pending_meets(&arena_pending, off, len))
    return false;
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  long held = atomic_load_explicit(&oc_spill_heap_bytes, memory_order_relaxed) + live_bytes;
  return f.sampled_ns == OC_LIMIT_NEVER_SAMPLED || held < f.limit;
}

/* Under blocks_lock: the disk blocks of the extent just taken at off, mapped. */
static bool arena_reserve(size_t off, size_t len) {
  if (!arena_map_to(off + len))
    return false;
  if (arena_reusable_unpunched(off, len) && oc_arena_pending_cancel(&arena_pending, off, len)) {
    memset(arena_base() + off, 0, len); /* as a punched extent would read */
    return true;
  }
  if (oc_arena_pending_meets(&arena_pending, off, len))
    arena_punch_pending();
  if (off + len != arena_extents.top) /* a freed extent, punched out */
    return oc_spill_file_reserve(arena_fd, off, len);
  if (off + len <= arena_reserved)
    return true;
  size_t from = off > arena_reserved ? off : arena_reserved;
  size_t ahead = arena_extents.capacity - (off + len);
  ahead = ahead < ARENA_RESERVE_AHEAD ? ahead : ARENA_RESERVE_AHEAD;
  if (oc_spill_file_reserve(arena_fd, from, off + len + ahead - from)) {
    arena_reserved = off + len + ahead;
    return true;
  }
  return oc_spill_file_reserve(arena_fd, from, off + len - from); /* no room ahead */
}

void *oc_spill_alloc_in_arena(size_t bytes, size_t align) {
  assert(align == 0 || (align & (align - 1)) == 0);
  if (reentered() || !ensure_settings() || align > ARENA_ALIGN_MAX)
    return NULL;
  if (align < page_size)
    align = page_size;
  size_t len = whole_pages(bytes);
  if (len == 0 || len < bytes || len / page_size >= SLAB_PAGE)
    return NULL;
  char *data = NULL;
  int error = ENOSPC; /* the arena's range is full */
  size_t off;
  lock_blocks();
  if (!arena_open()) {
    error = errno;
  } else if (oc_arena_extents_take(&arena_extents, len, align, &off)) {
    if (arena_reserve(off, len)) {
      data = arena_base() + off;
      arena_block_pages[off / page_size] = (uint32_t)(len / page_size);
      block_made(len);
    } else {
      error = errno;
      oc_arena_extents_give(&arena_extents, off, len);
    }
  }
  unlock_blocks();
  if (!data)
    report_refusal(bytes, error);
  else
    start_runtime();
  return data;
}

static size_t arena_block_len(const char *p) {
  return (size_t)arena_block_pages[(size_t)(p - arena_base()) / page_size] * page_size;
}

static size_t arena_pending_cap(void) {
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  size_t share = (size_t)(f.limit > 0 ? f.limit : 0) / ARENA_PENDING_LIMIT_SHARE;
  return f.sampled_ns == OC_LIMIT_NEVER_SAMPLED || share > ARENA_PENDING_BYTES
             ? ARENA_PENDING_BYTES
             : share;
}

/* Under blocks_lock: a freed extent, handed out again after its punch. */
static void arena_give_back(size_t off, size_t len) {
  live_blocks--;
  live_bytes -= (long)len;
  if (arena_fd < 0)
    return; /* a child without a copy: never used again */
  if (!oc_arena_pending_add(&arena_pending, off, len)) {
    arena_punch_pending();
    oc_arena_pending_add(&arena_pending, off, len);
  }
  size_t top = arena_extents.top;
  oc_arena_extents_give(&arena_extents, off, len);
  if (arena_extents.top < top) /* the top fell into freed extents, punched later */
    arena_reserved = arena_extents.top;
  if (arena_pending.bytes >= arena_pending_cap())
    arena_punch_pending();
}

/* Under blocks_lock. */
static void arena_free(char *p) {
  size_t off = (size_t)(p - arena_base()), len = arena_block_len(p);
  arena_block_pages[off / page_size] = 0;
  arena_give_back(off, len);
}

/* ---- small blocks: slots of slab runs in the arena ------------------------ */

static void slab_mark(const struct oc_slab_run *r, uint32_t mark) {
  for (size_t k = 0; k < OC_SLAB_RUN_BYTES / page_size; k++)
    arena_block_pages[r->off / page_size + k] = mark;
}

/* A new run of class cls, every slot free; NULL when the arena refuses (errno). */
static struct oc_slab_run *slab_run_new(unsigned cls) {
  struct oc_slab_run *r = NULL;
  size_t off;
  lock_blocks();
  bool reserved = false;
  if (arena_open()) { /* else errno says why */
    if (!oc_arena_extents_take(&arena_extents, OC_SLAB_RUN_BYTES, page_size, &off))
      errno = ENOSPC;
    else if (!(reserved = arena_reserve(off, OC_SLAB_RUN_BYTES)))
      oc_arena_extents_give(&arena_extents, off, OC_SLAB_RUN_BYTES);
  }
  if (reserved) {
    r = slab_spare;
    if (r)
      slab_spare = r->next;
    else if ((r = __libc_malloc(sizeof *r)))
      r->id = slab_ids++;
    if (r) {
      oc_slab_run_init(r, cls, off, r->id);
      slab_runs[r->id] = r;
      slab_mark(r, SLAB_PAGE | r->id);
      atomic_store_explicit(&oc_spill_slab_made, true, memory_order_relaxed);
      block_made(OC_SLAB_RUN_BYTES);
    } else {
      oc_arena_extents_give(&arena_extents, off, OC_SLAB_RUN_BYTES);
      errno = ENOMEM;
    }
  }
  unlock_blocks();
  return r;
}

/* Under the class's lock: the run's slots are free; its extent goes back. */
static void slab_run_free(struct oc_slab_run *r) {
  lock_blocks();
  slab_mark(r, 0);
  arena_give_back(r->off, OC_SLAB_RUN_BYTES);
  r->next = slab_spare;
  slab_spare = r;
  unlock_blocks();
}

static void slab_link(struct slab_class *c, struct oc_slab_run *r) {
  r->prev = NULL;
  r->next = c->partial;
  if (c->partial)
    c->partial->prev = r;
  c->partial = r;
}

static void slab_unlink(struct slab_class *c, struct oc_slab_run *r) {
  if (r->prev)
    r->prev->next = r->next;
  else
    c->partial = r->next;
  if (r->next)
    r->next->prev = r->prev;
  r->prev = r->next = NULL;
}

void *oc_spill_alloc_small(size_t bytes, size_t align) {
  if (reentered() || !ensure_settings() || bytes == 0 || bytes > OC_SLAB_MAX || align > OC_SLAB_MAX)
    return NULL;
  unsigned cls = oc_slab_class_aligned(bytes, align);
  struct slab_class *c = &slab_classes[cls];
  bool made = false;
  int error = 0;
  char *p = NULL;
  pthread_mutex_lock(&c->lock);
  struct oc_slab_run *r = c->partial;
  if (!r && (r = slab_run_new(cls))) {
    slab_link(c, r);
    made = true;
  } else if (!r) {
    error = errno;
  }
  if (r) {
    p = arena_base() + r->off + oc_slab_run_take(r);
    if (r->used == r->slots)
      slab_unlink(c, r);
  }
  pthread_mutex_unlock(&c->lock);
  if (!p)
    report_refusal(bytes, error);
  else if (made)
    start_runtime();
  return p;
}

/* The slab run holding p, an arena address, or NULL for a block of pages. */
static struct oc_slab_run *slab_run_of(const void *p) {
  uint32_t mark = arena_block_pages[((uintptr_t)p - (uintptr_t)arena_base()) / page_size];
  return mark & SLAB_PAGE ? slab_runs[mark & ~SLAB_PAGE] : NULL;
}

/* A class keeps its last run with free slots, emptied or not: a program freeing
 * and making one block in turn would otherwise make and punch a run each time. */
static void slab_free(char *p, struct oc_slab_run *r) {
  struct slab_class *c = &slab_classes[r->cls];
  pthread_mutex_lock(&c->lock);
  bool was_full = r->used == r->slots;
  if (oc_slab_run_give(r, (size_t)(p - arena_base()) - r->off)) {
    if (was_full)
      slab_link(c, r);
    if (r->used == 0 && (r->prev || r->next)) {
      slab_unlink(c, r);
      slab_run_free(r);
    }
  }
  pthread_mutex_unlock(&c->lock);
}

bool oc_spill_small_wanted(const struct oc_spill_inputs *in) {
  if (in->mode != OC_SPILL_AUTO)
    return in->mode == OC_SPILL_ON;
  size_t heap = (size_t)(in->heap > 0 ? in->heap : 0);
  return heap >= (size_t)(in->limit / OC_SPILL_HELD_FRACTION) && (size_t)in->swap_room < heap;
}

void oc_spill_small_check(void) {
  if (reentered() || !ensure_settings() || settings.mode != OC_SPILL_AUTO)
    return;
  struct mallinfo2 glibc = mallinfo2();
  lock_blocks();
  long owned = live_bytes + ordinary_bytes;
  unlock_blocks();
  struct oc_spill_inputs in = {settings.mode, settings.min, 0, 0,
                               (long)(glibc.uordblks + glibc.hblkhd) + owned, 0, false, false};
  struct oc_limit_figures f;
  oc_limit_open();
  oc_limit_get(&f);
  in.limit = f.limit;
  if (oc_spill_small_wanted(&in)) /* so far without swap: does swap hold it? */
    in.swap_room = swap_room_at(f.sampled_ns);
  atomic_store_explicit(&oc_spill_small_min, oc_spill_small_wanted(&in) ? small_min() : SIZE_MAX,
                        memory_order_relaxed);
}

void *oc_spill_alloc_at(size_t bytes, size_t align, enum oc_spill_place place) {
  switch (place) {
  case OC_SPILL_OWN_FILE:
    return alloc_own(bytes, align, true);
  case OC_SPILL_OWN_MAPPING:
    return alloc_own(bytes, align, false);
  case OC_SPILL_ARENA:
    return oc_spill_alloc_in_arena(bytes, align);
  default:
    return NULL;
  }
}

void *oc_spill_alloc(size_t bytes, size_t align) {
  return oc_spill_alloc_at(bytes, align, oc_spill_wanted(bytes, 0));
}

__attribute__((visibility("default"))) void oc_spill_map_global(void *data, size_t bytes) {
  if (reentered() || !ensure_settings() || ((uintptr_t)data & (page_size - 1)) != 0)
    return;
  size_t len = whole_pages(bytes);
  enum oc_spill_place place = oc_spill_wanted(len, 0);
  /* An array the arena would take gets a file of its own: it cannot move there. */
  if (len > 0 && place != OC_SPILL_NOWHERE)
    adopt_block(data, len, place != OC_SPILL_OWN_MAPPING, bytes);
}

__attribute__((visibility("default"))) void *oc_spill_alloc_global(size_t bytes) {
  void *p = oc_spill_alloc(bytes, 0);
  if (!p)
    p = calloc(1, bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "outcore: cannot allocate a static array of %zu bytes\n", bytes);
    abort();
  }
  return p;
}

void oc_spill_free(void *p) {
  struct oc_slab_run *run = oc_spill_in_arena(p) ? slab_run_of(p) : NULL;
  if (run) {
    slab_free(p, run);
    return;
  }
  lock_blocks();
  if (oc_spill_in_arena(p)) {
    arena_free(p);
    unlock_blocks();
    return;
  }
  struct spill_header *h = header_of(p);
  unlink_block(h);
  size_t file_len = h->file_len;
  int fd = h->fd;
  if (fd >= 0) {
    live_blocks--;
    live_bytes -= (long)file_len;
  } else {
    ordinary_bytes -= (long)file_len;
    atomic_fetch_sub_explicit(&oc_spill_heap_bytes, (long)file_len, memory_order_relaxed);
  }
  if (h->paged)
    oc_pager_forget(p, false); /* freed: nothing to write back */
  /* A release in flight must not advise the range once other memory is mapped there. */
  oc_maps_unmap_begin();
  munmap((char *)p - page_size, page_size + file_len);
  oc_maps_unmap_end((uintptr_t)p, file_len);
  unlock_blocks();
  if (fd >= 0)
    close(fd);
}

size_t oc_spill_usable_size(const void *p) {
  if (!oc_spill_in_arena(p))
    return header_of(p)->file_len;
  struct oc_slab_run *run = slab_run_of(p);
  return run ? oc_slab_class_bytes(run->cls) : arena_block_len(p);
}

bool oc_spill_is_small(const void *p) { return oc_spill_in_arena(p) && slab_run_of(p); }

/* Under blocks_lock; the old range is vacated between oc_maps_unmap_begin and _end. */
static char *move_grown(char *data, size_t old_len, size_t len) {
  char *base = mmap(NULL, page_size + len, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    return NULL;
  char *moved = base + page_size;
  if (mremap(data, old_len, len, MREMAP_MAYMOVE | MREMAP_FIXED, moved) == MAP_FAILED) {
    munmap(base, page_size + len);
    return NULL;
  }
  struct spill_header *old = header_of(data), *h = header_of(moved);
  *h = *old;
  unlink_block(old);
  link_block(h, moved);
  munmap(data - page_size, page_size);
  return moved;
}

/* Under blocks_lock: the block's file (none for ordinary memory) follows its size. */
static bool resize_file(const struct spill_header *h, size_t old_len, size_t len) {
  return h->fd < 0 || oc_spill_file_resize(h->fd, old_len, len);
}

void *oc_spill_resize(void *p, size_t bytes) {
  size_t len = whole_pages(bytes);
  if (len == 0 || len < bytes || oc_spill_in_arena(p))
    return NULL;
  char *data = p;
  struct spill_header *h = header_of(data);
  /* Ordinary memory growing out of core moves into a file first, without a write
   * hold whatever the threads: no other thread may use a block while realloc runs. */
  if (h->fd < 0 && len > h->file_len && spills(oc_spill_wanted(bytes, h->file_len)) &&
      h->fd < 0) {
    bool pager = pager_selected();
    lock_blocks();
    bool moved = move_into_file(h, pager, -1);
    unlock_blocks();
    if (moved)
      start_runtime();
  }
  lock_blocks();
  if (h->paged) { /* registered with the pager as it is: the caller copies */
    unlock_blocks();
    return NULL;
  }
  size_t old_len = h->file_len;
  char *result = data;
  oc_maps_unmap_begin();
  if (len < old_len) {
    munmap(data + len, old_len - len);
    resize_file(h, old_len, len);
  } else if (len > old_len) {
    if (!resize_file(h, old_len, len))
      result = NULL;
    else if (mremap(data, old_len, len, 0) == MAP_FAILED &&
             !(result = move_grown(data, old_len, len)))
      resize_file(h, len, old_len);
  }
  oc_maps_unmap_end((uintptr_t)data, old_len);
  if (result) {
    h = header_of(result);
    h->file_len = len;
    long grown = (long)len - (long)old_len;
    if (h->fd >= 0) {
      live_bytes += grown;
    } else {
      ordinary_bytes += grown;
      atomic_fetch_add_explicit(&oc_spill_heap_bytes, grown, memory_order_relaxed);
    }
  }
  unlock_blocks();
  return result;
}

void oc_spill_totals(long *count, long *bytes) {
  lock_blocks();
  *count = live_blocks;
  *bytes = live_bytes;
  unlock_blocks();
}

enum oc_readaround_verdict oc_spill_readaround_verdict(const struct oc_fault_sample *d,
                                                       long window) {
  if (d->major < OC_READAROUND_MIN_MAJOR)
    return OC_READAROUND_NO_VERDICT;
  long per_fault = d->read_bytes / d->major;
  if (per_fault < OC_READAROUND_WASTE_BYTES)
    return OC_READAROUND_NO_VERDICT;
  if (d->minor < OC_READAROUND_STREAM_MINOR * d->major)
    return OC_READAROUND_SCATTERED;
  return per_fault <= window / 2 ? OC_READAROUND_OVERLAPPING : OC_READAROUND_NO_VERDICT;
}

static struct oc_fault_sample fault_sample(void) {
  struct oc_fault_sample s = {0, 0, oc_stats_read_bytes()};
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    s.major = usage.ru_majflt;
    s.minor = usage.ru_minflt;
  }
  return s;
}

/* The device's read-around in bytes (0: unknown), read once. */
static long readaround_window(void) {
  static _Atomic(long) window = -1;
  long w = atomic_load_explicit(&window, memory_order_relaxed);
  if (w < 0) {
    w = oc_spill_dir_readaround_bytes(spill_dir);
    atomic_store_explicit(&window, w, memory_order_relaxed);
  }
  return w;
}

/* Whether one fault's read-around is too large for the group: more than half the
 * limit (told to the backend too, which then leaves no stream to it). A spilled axpy in an 8 or 12 MiB group was killed with 7 MiB of page cache
 * still being read around (8 MiB per fault), and in 16 MiB read 2.9 GB for 190 MB of
 * data; in 24 MiB read-around served a mat-vec and a stencil twice as fast as our
 * own reads. */
static bool readaround_too_large(void) {
  struct oc_limit_figures f;
  oc_limit_cached(&f);
  bool too_large = f.sampled_ns != OC_LIMIT_NEVER_SAMPLED && readaround_window() > f.limit / 2;
  oc_os_readaround_too_large(too_large);
  return too_large;
}

/* Blocks locked: turns read-around off (or back on) on every spilled block of its
 * own. */
static void readaround_everywhere(bool on) {
  void (*advise)(uintptr_t, size_t) = on ? oc_os_readaround_on : oc_os_readaround_off;
  for (struct spill_header *h = blocks; h; h = h->next)
    if (!h->paged) {
      advise((uintptr_t)(h + 1), h->file_len);
      oc_count(OC_SPILL_READAROUND_OFFS, !on);
    }
  if (arena_fd >= 0 && arena_extents.top) {
    advise((uintptr_t)arena_base(), arena_extents.top);
    oc_count(OC_SPILL_READAROUND_OFFS, !on);
  }
}

void oc_spill_guard_readaround(long now_ns) {
  static long sampled_ns, since_ns; /* the release worker's alone */
  static struct oc_fault_sample last;
  static bool too_large;
  static unsigned overlapping; /* consecutive OVERLAPPING intervals */
  if (now_ns - sampled_ns < OC_READAROUND_SAMPLE_NS)
    return;
  sampled_ns = now_ns;
  bool was_too_large = too_large;
  if ((too_large = readaround_too_large()) != was_too_large) {
    lock_blocks();
    readaround_everywhere(!too_large);
    unlock_blocks();
  }
  long window = readaround_window();
  struct oc_fault_sample now = fault_sample();
  struct oc_fault_sample delta = {now.major - last.major, now.minor - last.minor,
                                  now.read_bytes - last.read_bytes};
  if (delta.major < OC_READAROUND_MIN_MAJOR && now_ns - since_ns < OC_READAROUND_SPAN_NS)
    return; /* too few faults to judge yet: the interval goes on */
  last = now;
  since_ns = now_ns;
  if (now.read_bytes < 0)
    return;
  enum oc_readaround_verdict verdict = oc_spill_readaround_verdict(&delta, window);
  overlapping = verdict == OC_READAROUND_OVERLAPPING ? overlapping + 1 : 0;
  if (verdict != OC_READAROUND_SCATTERED && overlapping < OC_READAROUND_OVERLAPPING_INTERVALS)
    return;
  overlapping = 0;
  lock_blocks();
  readaround_everywhere(false);
  unlock_blocks();
}

/* ---- fork: the child gets its own copy of every block -------------------- */

/* The child's copy of the first len bytes of fd, or -1 after marking the memory at
 * start DONTFORK: never share silently, the child has no such memory at all. */
static int copy_for_child(int fd, size_t len, void *start, size_t span, bool complete,
                          bool *reported) {
  int copy = complete ? oc_spill_file_copy(spill_dir, fd, len) : -1;
  if (copy >= 0)
    return copy;
  madvise(start, span, MADV_DONTFORK);
  if (!*reported)
    fprintf(stderr, "outcore: cannot copy spilled memory for a forked child (%s); "
            "the child cannot use it\n", strerror(errno));
  *reported = true;
  return -1;
}

static void fork_prepare(void) {
  for (unsigned c = 0; c < OC_SLAB_CLASSES; c++)
    pthread_mutex_lock(&slab_classes[c].lock);
  lock_blocks();
  bool reported = false;
  for (struct spill_header *h = blocks; h; h = h->next) {
    if (h->fd < 0)
      continue; /* ordinary memory: the child's copy is the kernel's */
    /* A paged block's file is complete once its dirty pages are written back, and
     * stays so while the pager holds writes to it (until fork_parent). */
    bool complete = !h->paged || oc_pager_hold(h + 1);
    h->fork_fd = copy_for_child(h->fd, h->file_len, h + 1, h->file_len, complete, &reported);
  }
  if (arena_fd >= 0) {
    arena_punch_pending(); /* not copied */
    arena_fork_fd = copy_for_child(arena_fd, arena_extents.top, arena_base(), arena_mapped,
                                   true, &reported);
  }
}

/* Closes the child's copy, or lets the memory at start be inherited again. */
static void forked(int *fork_fd, void *start, size_t span, bool dofork) {
  if (*fork_fd >= 0)
    close(*fork_fd);
  else if (dofork)
    madvise(start, span, MADV_DOFORK);
  *fork_fd = -1;
}

static void fork_parent(void) {
  for (struct spill_header *h = blocks; h; h = h->next) {
    if (h->fd < 0)
      continue;
    if (h->paged) /* registered memory is never inherited: DONTFORK stays */
      oc_pager_unhold(h + 1);
    forked(&h->fork_fd, h + 1, h->file_len, !h->paged);
  }
  if (arena_fd >= 0)
    forked(&arena_fork_fd, arena_base(), arena_mapped, true);
  unlock_blocks();
  for (unsigned c = 0; c < OC_SLAB_CLASSES; c++)
    pthread_mutex_unlock(&slab_classes[c].lock);
}

/* In the child: the memory at start maps the copy instead of the parent's file fd,
 * which the child closes; without a copy, it is left inaccessible. Returns the
 * child's descriptor (-1: none). */
static int adopt_copy(int fd, int copy, void *start, size_t span) {
  close(fd);
  /* Failing cannot happen short of address-space exhaustion; sharing would be worse. */
  if (copy < 0 || mmap(start, span, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | MAP_NORESERVE,
                       copy, 0) == MAP_FAILED)
    mmap(start, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  return copy;
}

static void fork_child(void) {
  for (struct spill_header *h = blocks; h; h = h->next) {
    if (h->fd < 0)
      continue;
    h->paged = false; /* the child has no pager: its copy is a shared file mapping */
    h->fd = adopt_copy(h->fd, h->fork_fd, h + 1, h->file_len);
    h->fork_fd = -1;
  }
  if (arena_fd >= 0) {
    /* Without a copy the range stays reserved: its addresses are never the child's
     * other memory, and the child makes no arena of its own. */
    arena_fd = adopt_copy(arena_fd, arena_fork_fd, arena_base(), arena_mapped);
    arena_refused = arena_fd < 0;
    arena_fork_fd = -1;
    arena_reserved = arena_extents.top; /* the copy ends at the top */
  }
  pthread_mutex_init(&blocks_lock, NULL);
  holding_blocks = false;
  for (unsigned c = 0; c < OC_SLAB_CLASSES; c++)
    pthread_mutex_init(&slab_classes[c].lock, NULL);
}
