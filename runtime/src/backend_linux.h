/*
 * Linux side: what kind of memory an address is (from /proc/self/maps, cached and
 * refreshed), and the madvise family that prefetches and releases it. Every call
 * here tolerates addresses that were unmapped meanwhile (the kernel returns an
 * error, which is ignored): hints are advice.
 */
#ifndef OC_BACKEND_LINUX_H
#define OC_BACKEND_LINUX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

enum oc_map_kind {
  OC_MAP_ANON,         /* private anonymous (heap, mmap): written data exists nowhere else */
  OC_MAP_FILE_PRIVATE, /* private file mapping: written pages are anonymous copies */
  OC_MAP_FILE_SHARED,  /* shared file mapping: data goes back to the file */
  OC_MAP_SHMEM,        /* shared anonymous, memfd, SysV, /dev/shm: lives in tmpfs */
  OC_MAP_PAGED,        /* paged by the userfaultfd pager (OUTCORE_BACKEND=pager) */
  OC_MAP_STACK,
  OC_MAP_CODE,
  OC_MAP_SPECIAL,      /* vdso, vvar, guard pages, inaccessible memory */
  OC_MAP_RUNTIME,      /* the runtime's own memory */
  OC_MAP_KIND_COUNT
};

/* Single-page prefetches remembered per mapping, to tell streams from scatter. */
#define OC_RECENT_PAGES 16
/* Scattered single-page prefetches after which read-around is turned off. */
#define OC_SCATTERED_BEFORE_RANDOM 32
/* Block prefetch streams remembered per mapping, and the blocks a stream must have
 * continued before the kernel's readahead is trusted with it. */
#define OC_STREAMS 4
#define OC_STREAM_RUN 2
/* Pages a block may start before the page where its stream's last block ended: the
 * pass rounds a strip (rows of 8000 bytes, two a strip) up to whole pages, and an
 * unaligned strip's block spans one page more. */
#define OC_STREAM_OVERLAP 2

struct oc_mapping {
  uintptr_t start, end;
  uint64_t offset; /* file offset of start */
  uint64_t device, inode;
  enum oc_map_kind kind;
  bool writable;    /* a read-only mapping cannot have dirtied its pages */
  const char *path; /* "" when anonymous; valid while the reference is held */
  _Atomic(bool) random_advised;
  /* Read-around turned off by oc_os_readaround_off (not by scattered prefetches):
   * a prefetched stream turns it back on. */
  _Atomic(bool) readaround_guarded;
  /* Recent single-page prefetches and how many were far from all of them. */
  _Atomic(uintptr_t) recent_pages[OC_RECENT_PAGES];
  _Atomic(unsigned) recent_next, scattered_pages;
  /* Where each recent block stream's last prefetch ended, and how many blocks it ran. */
  _Atomic(uintptr_t) stream_ends[OC_STREAMS]; /* granule after each stream's last block */
  _Atomic(unsigned) stream_runs[OC_STREAMS], stream_next;
};

/* Hints act only on these kinds; never on stacks, code or unknown memory. */
static inline bool oc_kind_is_program_data(enum oc_map_kind kind) {
  return kind <= OC_MAP_PAGED;
}

/* Kinds whose pages only swap can free (MADV_PAGEOUT does nothing for them
 * without it), and which a prefetch swaps back in. */
static inline bool oc_kind_needs_swap(enum oc_map_kind kind) {
  return kind == OC_MAP_ANON || kind == OC_MAP_SHMEM;
}

/* Parses one /proc/self/maps line; path points into line. False if malformed. */
bool oc_maps_parse_line(const char *line, struct oc_mapping *mapping, const char **path,
                        size_t *path_len);
enum oc_map_kind oc_maps_classify(const char *perms, const char *path, size_t path_len,
                                  uint64_t inode);

/* The mapping holding addr, with the table read-locked until oc_maps_put; NULL (and
 * nothing held) when addr is not in the table. For the hint paths: never reads
 * /proc; a miss asks the release worker to reread the maps (oc_maps_on_miss,
 * oc_maps_refresh_wanted), so a hint on a mapping made since is dropped until then. Threads' stacks other
 * than the main one read as anonymous memory: callers check their own
 * (oc_on_own_stack). */
#define OC_MAPS_REFRESH_NS 2000000L
const struct oc_mapping *oc_maps_get(uintptr_t addr);
/* Called (on the hinting thread) when a hint first misses the table since the last
 * reread: wakes the release worker, at most one wake-up per reread. */
void oc_maps_on_miss(void (*wake_rereader)(void));
/* Rereads /proc/self/maps if a hint missed since the last call (at most once per
 * OC_MAPS_REFRESH_NS); the release worker calls it each time it wakes. True when a
 * reread is still wanted (too soon after the last): call again OC_MAPS_REFRESH_NS on. */
bool oc_maps_refresh_wanted(void);
void oc_maps_put(const struct oc_mapping *mapping);
/* Copies the mapping holding addr (path into path[size]) without keeping a lock:
 * for the workers, which must not hold the table across blocking calls. A miss
 * rereads /proc/self/maps, at most once per OC_MAPS_REFRESH_NS. */
bool oc_maps_lookup(uintptr_t addr, struct oc_mapping *mapping, char *path, size_t size);
/* The first program-data mapping that ends after addr: [*start, *end). False if none. */
bool oc_maps_next_data(uintptr_t addr, uintptr_t *start, uintptr_t *end);
/* Rereads /proc/self/maps now (housekeeping, after the program may have remapped). */
void oc_maps_refresh(void);
/* Times /proc/self/maps was read (statistics: each read costs the process's
 * mmap lock and a few page faults). */
long oc_maps_reads(void);
/* Marks [start, end) as the runtime's own. */
void oc_maps_set_runtime_range(uintptr_t start, uintptr_t end);
/* Mappings starting where paged(start) holds are OC_MAP_PAGED (set once by the
 * pager: a registered range is its own mapping, its flags differ from its
 * neighbours'). */
void oc_maps_set_paged_test(bool (*paged)(uintptr_t start));

/* Memory the runtime itself unmaps or moves (spilled blocks): between begin and end
 * no release of a shared file mapping is between its check and its advice, and end
 * drops [start, start + len) from the table, so a release never takes memory mapped
 * there since (anonymous memory, where MADV_DONTNEED would lose data) for the file
 * mapping it replaced. */
void oc_maps_unmap_begin(void);
void oc_maps_unmap_end(uintptr_t start, size_t len);

void oc_maps_fork_prepare(void);
void oc_maps_fork_parent(void);
void oc_maps_fork_child(void);

/* Kernel limit on one asynchronous MADV_WILLNEED request (measured: about 8 MiB). */
#define OC_WILLNEED_MAX ((size_t)8 << 20)

void oc_os_willneed(uintptr_t start, size_t len);
/* Residency of [start, start + len), one byte per page (mincore); false if unmapped. */
bool oc_os_residency(uintptr_t start, size_t len, unsigned char *vec);
/* Which of the pages of [start, start + pages * page size) hold data: mapped or in
 * swap (/proc/self/pagemap), one byte per page; a private page never touched, or
 * dropped, reads as zeros and holds none. False if pagemap cannot be read. */
bool oc_os_pages_held(uintptr_t start, size_t pages, unsigned char *held);
/* The process's threads (/proc/self/stat), 0 if it cannot be read. */
long oc_os_thread_count(void);
/* Maps the pages in (blocking); false if the kernel lacks MADV_POPULATE_READ. While
 * read-around is too large for the group (oc_os_readaround_too_large), only reads
 * them ahead (MADV_WILLNEED), without waiting. */
bool oc_os_populate_read(uintptr_t start, size_t len);
/* Notes a prefetch of the single page `page` (address >> page shift) in the mapping,
 * and stops the kernel's read-around there (MADV_RANDOM, once) when the program is
 * seen to prefetch scattered pages: strided or indirect references, where each
 * fault's read-around would fetch megabytes nobody asked for. A page next to one of
 * the recent ones continues a stream (the short rows of a 3-D stencil, an FFT
 * stage's butterflies, several interleaved): on a file mapping whose read-around is
 * on, the kernel's read-around and readahead already serve it with large reads, and
 * a 4 KiB read of ours just ahead of the fault would replace them. */
enum oc_single_page {
  OC_PAGE_PREFETCH,        /* prefetch it */
  OC_PAGE_READAROUND_OFF,  /* prefetch it: the mapping's read-around is off */
  OC_PAGE_IN_STREAM,       /* leave it to the kernel's read-around */
};
enum oc_single_page oc_os_note_single_page(const struct oc_mapping *mapping, uintptr_t page);
/* Turns the kernel's read-around off in [start, start + len), a mapping of its own
 * (a spilled block), where faults the program does not hint are seen to be
 * scattered: each would read megabytes around the page. Until a prefetched stream
 * there turns it back on (oc_os_readahead_serves). */
void oc_os_readaround_off(uintptr_t start, size_t len);
/* Turns it back on there (the group has grown: oc_os_readaround_too_large). */
void oc_os_readaround_on(uintptr_t start, size_t len);
/* Releases gathered by the release worker and issued together: one
 * process_madvise(2) MADV_PAGEOUT call on the process's own pidfd for up to
 * OC_RELEASE_BATCH ranges (strided pages cost one system call per batch, not one
 * each). Where the kernel refuses it (EINVAL, ENOSYS, EPERM, or no pidfd_open),
 * decided once, every range gets its own madvise. */
#define OC_RELEASE_BATCH 128
struct oc_release_batch {
  unsigned count;
  struct iovec ranges[OC_RELEASE_BATCH];
};
/* Notes a block prefetch of the pages [first, last) (page numbers, address >> 12) in
 * the mapping; true when the kernel's
 * readahead serves it already, so no prefetch is needed: a file mapping with
 * read-around on (the runtime never advised MADV_RANDOM there, or only
 * oc_os_readaround_off did, which such a stream undoes) where the block starts
 * where one of the OC_STREAMS recent block prefetches ended (in pages; up to
 * OC_STREAM_OVERLAP pages before, never at its start), that stream having
 * continued OC_STREAM_RUN blocks. Strided, scattered or anonymous data (no
 * readahead) is never a stream. Racy by design, like oc_os_note_single_page. */
bool oc_os_readahead_serves(const struct oc_mapping *mapping, uintptr_t first, uintptr_t last);
/* Whether the device's read-around is too large for the group (too_large: one
 * fault's read-around would fill a good part of it, the pages still being read when
 * the group needs them back, and the kernel then kills the program): streams and
 * pages next to each other are then not left to it, and a stream does not turn it
 * back on where oc_os_readaround_off turned it off. */
void oc_os_readaround_too_large(bool too_large);
/* Swap-backed memory (anonymous, shmem) has no readahead worth the name (the swap
 * fault reads 2^page-cluster pages, synchronously): a prefetch [first, last) that
 * continues one of the mapping's streams (as oc_os_readahead_serves tells them, the
 * stream having run OC_STREAM_RUN blocks) swaps in ahead of it, as the kernel's
 * readahead does for files: the end of the read, last plus OC_SWAPIN_AHEAD_MIN
 * pages doubling with each continuation up to OC_SWAPIN_AHEAD_MAX (the caller keeps
 * it within the mapping); last where the block is no continuation. One
 * MADV_WILLNEED then reads a window in requests the block layer merges (its plug),
 * where page-sized hints made one request, and one device notification, each. */
#define OC_SWAPIN_AHEAD_MIN 16
#define OC_SWAPIN_AHEAD_MAX 256
uintptr_t oc_os_swapin_ahead_end(const struct oc_mapping *mapping, uintptr_t first,
                                 uintptr_t last);
/* Frees memory without losing data; returns the system calls made. Shared file
 * mappings, at once, if the table still says so (oc_maps_unmap_begin): MADV_DONTNEED only unmaps there (the page cache keeps the
 * data, dirty bits move to the pages), and dropping the clean cache follows
 * (oc_os_drop_file_cache); cheaper than reclaim. Everything else goes into the
 * batch (issued when full) for MADV_PAGEOUT, which writes anonymous pages to swap
 * (callers release anonymous and shmem memory only when the group has swap:
 * oc_kind_needs_swap); never MADV_DONTNEED or MADV_FREE, which lose private and
 * anonymous data. */
long oc_os_release(struct oc_release_batch *batch, enum oc_map_kind kind, uintptr_t start,
                   size_t len);
/* Issues what the batch holds; returns the system calls made. */
long oc_os_release_flush(struct oc_release_batch *batch);
/* Gives advice to each of the n ranges (which it may change) in one
 * process_madvise(2) on the process's own pidfd, where the kernel takes that advice
 * there (a TLB flush for them all: a page each with MADV_DONTNEED cost 13 us by
 * itself and 1 us in batches of 64, the process's other thread on the other CPU);
 * else, decided once per advice, a madvise per range. Returns the system calls made. */
long oc_os_advise_ranges(struct iovec *ranges, unsigned n, int advice);
/* Drops the file's clean cached pages behind [start, start + len) of a shared file
 * mapping once they are unmapped (readahead pages the program never mapped too). */
void oc_os_drop_file_cache(const struct oc_mapping *mapping, uintptr_t start, size_t len);
/* Drops the clean, unmapped page cache of every file a release reached (those the two
 * calls around this one opened), whole: at exit, so that what the program's later,
 * unhinted code read around those files (8 MiB per fault) is not left charged to its
 * group for the next program. Dirty pages get their write-back started, never dropped. */
void oc_os_drop_released_files(void);
/* Dirty shared-file data: start write-back (start = true) or wait for it. False
 * when the file cannot be reached (then msync from the caller's mapping is used). */
bool oc_os_writeback(const struct oc_mapping *mapping, uintptr_t start, size_t len, bool start_only);
/* Pages of [start, start + len) of a shared file mapping that are dirty or under
 * write-back (cachestat(2), Linux 6.5+): 0 means the range may be dropped now. -1
 * when unknown (no cachestat, refused, file unreachable): the caller then waits as
 * if write-back were still running. */
long oc_os_unwritten_pages(const struct oc_mapping *mapping, uintptr_t start, size_t len);

#endif
