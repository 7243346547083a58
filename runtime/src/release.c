#include "release.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "residency.h"
#include "stats.h"

/* A tag is judged per window of this many granules it retires (16 MiB): distrusted
 * for the next window when its own prefetches took back at least a quarter as many
 * (the walks of a column summed per call, 2048 or 4096 rows: 0.3-1.0 per window, from
 * the second walk on; loops that do not come back: none). */
#define TRUST_WINDOW_GRANULES 4096
#define TRUST_RESCUED_SHARE 4
#define CLOCK_TICK_SHIFT 8 /* the release clock ticks every 256 granules (1 MiB) */

struct tag_state {
  int tag, priority;
  /* First granule of the last release + 1 (0: none): the lock-free repeat check. */
  _Atomic(uintptr_t) last_first_plus_one;
  struct oc_range last; /* recorded, not yet handed on; under lock */
  bool has_last;
  long last_ns;
  struct oc_chunk_accumulator acc;
  struct oc_range queue[OC_TAG_QUEUE_CAPACITY]; /* buffered pieces, oldest first */
  unsigned queue_count;
  long taken_back_seen; /* buffered_taken_back at the last compaction; under lock */
  long window_granules; /* granules retired in the trust window; under lock */
  _Atomic(bool) distrusted; /* written under lock */
  _Atomic(unsigned) sampled; /* releases seen while distrusted */
  _Atomic(long) rescued_in_window;
  _Atomic(long) recorded, dropped, coalesced, issued, bytes_issued, rescued_own, ignored;
};

struct priority_level {
  int priority;
  unsigned count, capacity, cursor; /* cursor: next tag in the round robin */
  struct tag_state **tags;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(struct tag_state *) slots[OC_TAG_SLOTS];
static struct priority_level *levels; /* ascending priority; under lock */
static unsigned level_count, level_capacity;
static long buffered_granules; /* under lock */
static _Atomic(long) buffered_taken_back; /* granules prefetched back while buffered */
static _Atomic(long) recorded_granules; /* the release clock, in granules */
static struct oc_release_sink sink;
_Atomic(int) oc_withheld_tags[OC_WITHHELD_SLOTS] = {[0 ... OC_WITHHELD_SLOTS - 1] = OC_TAG_NONE};
__thread unsigned oc_withheld_seen;
static bool buffering;

void oc_release_init(const struct oc_release_sink *s, bool buffered) {
  pthread_mutex_lock(&lock);
  sink = *s;
  buffering = buffered;
  pthread_mutex_unlock(&lock);
}

static unsigned slot_of(int tag) { return ((unsigned)tag * 2654435761u) % OC_TAG_SLOTS; }

static struct tag_state *find_tag(int tag) {
  for (unsigned i = 0, s = slot_of(tag); i < OC_TAG_SLOTS; i++, s = (s + 1) % OC_TAG_SLOTS) {
    struct tag_state *t = atomic_load_explicit(&slots[s], memory_order_acquire);
    if (!t || t->tag == tag)
      return t;
  }
  return NULL;
}

static bool add_to_level(struct tag_state *t) {
  unsigned i = 0;
  while (i < level_count && levels[i].priority < t->priority)
    i++;
  if (i == level_count || levels[i].priority != t->priority) {
    if (level_count == level_capacity) {
      unsigned capacity = level_capacity ? 2 * level_capacity : 8;
      struct priority_level *bigger = realloc(levels, capacity * sizeof *levels);
      if (!bigger)
        return false;
      levels = bigger;
      level_capacity = capacity;
    }
    memmove(&levels[i + 1], &levels[i], (level_count - i) * sizeof *levels);
    levels[i] = (struct priority_level){.priority = t->priority};
    level_count++;
  }
  struct priority_level *level = &levels[i];
  if (level->count == level->capacity) {
    unsigned capacity = level->capacity ? 2 * level->capacity : 4;
    struct tag_state **bigger = realloc(level->tags, capacity * sizeof *bigger);
    if (!bigger)
      return false;
    level->tags = bigger;
    level->capacity = capacity;
  }
  level->tags[level->count++] = t;
  return true;
}

/* Under lock. NULL when the table is full or memory is short. */
static struct tag_state *create_tag(int tag, int priority) {
  struct tag_state *t = find_tag(tag);
  if (t)
    return t;
  for (unsigned i = 0, s = slot_of(tag); i < OC_TAG_SLOTS; i++, s = (s + 1) % OC_TAG_SLOTS) {
    if (atomic_load_explicit(&slots[s], memory_order_relaxed))
      continue;
    t = calloc(1, sizeof *t);
    if (!t)
      return NULL;
    t->tag = tag;
    t->priority = priority < 0 ? 0 : priority;
    t->taken_back_seen = atomic_load_explicit(&buffered_taken_back, memory_order_relaxed);
    if (t->priority > 0 && !add_to_level(t)) {
      free(t);
      return NULL;
    }
    atomic_store_explicit(&slots[s], t, memory_order_release);
    return t;
  }
  return NULL;
}

static void bump(_Atomic(long) *counter, long n) {
  atomic_fetch_add_explicit(counter, n, memory_order_relaxed);
}

static void issue_piece(struct tag_state *t, struct oc_range piece) {
  if (sink.issue(piece, sink.ctx)) {
    if (t) {
      bump(&t->issued, 1);
      bump(&t->bytes_issued, (long)(piece.end - piece.first) << 12);
    }
  } else {
    oc_count(OC_RELEASES_DROPPED, 1);
  }
}

/* The newest buffered piece of a tag: a tag's releases come from one loop, and data
 * it will touch again (priority > 0) comes back oldest first, so the newest is the
 * one needed last (MRU, what a cyclic re-scan larger than memory wants). */
static struct oc_range *newest(struct tag_state *t) {
  return &t->queue[t->queue_count - 1];
}

/* Issues at least `bytes` from the newest end of a tag's buffer, in whole chunks
 * (adjacent pieces merge, so one piece may hold a whole scan); returns the bytes. */
static long issue_newest(struct tag_state *t, long bytes) {
  struct oc_range *top = newest(t);
  uintptr_t want = ((uintptr_t)bytes + 4095) >> 12;
  struct oc_range piece = *top;
  if (piece.end - piece.first > want) {
    uintptr_t from = (piece.end - want) / OC_CHUNK_GRANULES * OC_CHUNK_GRANULES;
    if (from > piece.first)
      piece.first = from;
  }
  if (piece.first == top->first)
    t->queue_count--;
  else
    top->end = piece.first;
  buffered_granules -= (long)(piece.end - piece.first);
  issue_piece(t, piece);
  return (long)(piece.end - piece.first) << 12;
}

static bool overlapping(struct oc_range a, struct oc_range b) {
  return a.first < b.end && b.first < a.end;
}

/* Makes room in t's full buffer, when a piece may have become superfluous: some
 * buffered page was taken back since the last try (nothing else frees a piece; a
 * column walk's buffer of one page per row, tried at each release, took 27 % of
 * PolyBench symm's time). A loop that re-reads its array buffers a piece per
 * sweep over the same pages (taking the last sweep's back as it goes): pieces whose
 * pages were all taken back are dropped, and overlapping ones become one, in the
 * place of the newest (the pages' latest release). Left as they were, they filled
 * the buffer after 256 sweeps, and from then on every piece went to the OS at once:
 * gemm's B (priority 1) re-read each sweep. */
static void compact_buffer(struct tag_state *t) {
  long taken_back = atomic_load_explicit(&buffered_taken_back, memory_order_relaxed);
  if (taken_back == t->taken_back_seen)
    return;
  t->taken_back_seen = taken_back;
  unsigned kept = 0;
  for (unsigned i = 0; i < t->queue_count; i++) {
    struct oc_range r = t->queue[i];
    if (oc_residency_count_released(r.first, r.end) == 0)
      buffered_granules -= (long)(r.end - r.first);
    else
      t->queue[kept++] = r;
  }
  t->queue_count = kept;
  for (unsigned i = t->queue_count; i-- > 0;) {
    struct oc_range *merged = &t->queue[i];
    for (bool grew = true; grew;) {
      grew = false;
      for (unsigned j = 0; j < i; j++) {
        struct oc_range older = t->queue[j];
        if (older.first == older.end || !overlapping(older, *merged))
          continue;
        struct oc_range u = {older.first < merged->first ? older.first : merged->first,
                             older.end > merged->end ? older.end : merged->end};
        buffered_granules -= (long)((older.end - older.first) + (merged->end - merged->first) -
                                    (u.end - u.first));
        *merged = u;
        t->queue[j].end = t->queue[j].first; /* gone */
        grew = true;
      }
    }
  }
  kept = 0;
  for (unsigned i = 0; i < t->queue_count; i++)
    if (t->queue[i].first != t->queue[i].end)
      t->queue[kept++] = t->queue[i];
  t->queue_count = kept;
}

/* Under lock: false when t's buffer is full. */
static bool buffer_piece(struct tag_state *t, struct oc_range piece) {
  if (t->queue_count) {
    struct oc_range *tail = newest(t);
    if (tail->end == piece.first) {
      tail->end = piece.end;
      buffered_granules += (long)(piece.end - piece.first);
      bump(&t->coalesced, 1);
      oc_count(OC_RELEASES_COALESCED, 1);
      return true;
    }
  }
  if (t->queue_count == OC_TAG_QUEUE_CAPACITY)
    compact_buffer(t);
  if (t->queue_count == OC_TAG_QUEUE_CAPACITY)
    return false;
  t->queue[t->queue_count] = piece;
  t->queue_count++;
  buffered_granules += (long)(piece.end - piece.first);
  return true;
}

/* Under lock: whether t's pieces go out at once (the others wait in its queue, where
 * a rescue costs nothing). */
static bool issued_at_once(const struct tag_state *t) { return !buffering || t->priority == 0; }

static void count_ignored(struct tag_state *t, long n) {
  bump(&t->ignored, n);
  oc_count(OC_RELEASES_IGNORED, n);
}

static bool withheld(const struct tag_state *t) {
  return t && atomic_load_explicit(&t->distrusted, memory_order_relaxed);
}

/* Under lock. */
static void set_withheld(struct tag_state *t, bool on) {
  atomic_store_explicit(&t->distrusted, on, memory_order_relaxed);
  _Atomic(int) *slot = &oc_withheld_tags[(unsigned)t->tag % OC_WITHHELD_SLOTS];
  int held = atomic_load_explicit(slot, memory_order_relaxed);
  if (on && held == OC_TAG_NONE)
    atomic_store_explicit(slot, t->tag, memory_order_relaxed);
  else if (!on && held == t->tag)
    atomic_store_explicit(slot, OC_TAG_NONE, memory_order_relaxed);
}

/* A withheld tag's release reaching the slow path: the sample the fast path let through
 * (it dropped the others before it, counted here), or, for a tag whose fast-path slot
 * another holds, sampled here. */
static bool drop_withheld(struct tag_state *t) {
  if (!withheld(t))
    return false;
  if (oc_release_in_withheld_table(t->tag)) {
    count_ignored(t, OC_RELEASE_SAMPLE - 1);
    return false;
  }
  if (atomic_fetch_add_explicit(&t->sampled, 1, memory_order_relaxed) % OC_RELEASE_SAMPLE == 0)
    return false;
  count_ignored(t, 1);
  return true;
}

/* Under lock: counts a range t retires into its trust window, and closes the window
 * when it is full (see release.h). A trusted tag is distrusted as soon as its rescues
 * reach what would distrust it at the window's end: each piece issued until then is
 * read again. Buffered tags too: a buffer holds 256 pieces, a column walk's one page
 * per row, and the rest go out at once (symm's C[k][j] and B[k][j], re-read by the
 * next row's sweep). */
static void judge(struct tag_state *t, struct oc_range range) {
  if (TRUST_RESCUED_SHARE * atomic_load_explicit(&t->rescued_in_window, memory_order_relaxed) >=
      TRUST_WINDOW_GRANULES)
    set_withheld(t, true);
  t->window_granules += (long)(range.end - range.first);
  if (t->window_granules < TRUST_WINDOW_GRANULES)
    return;
  long rescued = atomic_exchange_explicit(&t->rescued_in_window, 0, memory_order_relaxed);
  set_withheld(t, TRUST_RESCUED_SHARE * rescued >= t->window_granules);
  t->window_granules = 0;
}

static void emit_piece(struct oc_range piece, void *ctx) {
  struct tag_state *t = ctx;
  if (withheld(t))
    count_ignored(t, 1); /* a sample (drop_withheld), retired to keep rescues visible */
  else if (issued_at_once(t) || !buffer_piece(t, piece))
    issue_piece(t, piece); /* a full buffer's newest goes to the OS now */
}

void oc_release_note_taken_back_buffered(long granules) {
  atomic_fetch_add_explicit(&buffered_taken_back, granules, memory_order_relaxed);
}

void oc_release_note_rescued(int tag, long granules) {
  struct tag_state *t = find_tag(tag);
  if (!t)
    return;
  bump(&t->rescued_in_window, granules);
  bump(&t->rescued_own, granules);
}

bool oc_release_withholding(int tag) { return withheld(find_tag(tag)); }

uint32_t oc_release_clock(void) {
  return (uint32_t)(atomic_load_explicit(&recorded_granules, memory_order_relaxed) >>
                    CLOCK_TICK_SHIFT) &
         OC_STAMP_CLOCK_MASK;
}

static void hand_on(struct tag_state *t, struct oc_range range) {
  judge(t, range);
  sink.retire(range, oc_release_stamp_of(oc_release_mark(t->tag), oc_release_clock()), sink.ctx);
  long merged = oc_accumulate(&t->acc, range, emit_piece, t);
  bump(&t->coalesced, merged);
  oc_count(OC_RELEASES_COALESCED, merged);
}

static void count_repeat(struct tag_state *t) {
  bump(&t->dropped, 1);
  oc_count(OC_RELEASES_DROPPED, 1);
}

static bool drop_repeat(struct tag_state *t, uintptr_t first) {
  if (!t || atomic_load_explicit(&t->last_first_plus_one, memory_order_relaxed) != first + 1)
    return false;
  count_repeat(t);
  return true;
}

bool oc_release_continues_stream(int tag, struct oc_range range) {
  struct tag_state *t = find_tag(tag);
  uintptr_t last_plus_one =
      t ? atomic_load_explicit(&t->last_first_plus_one, memory_order_relaxed) : 0;
  if (!last_plus_one)
    return false;
  uintptr_t last = last_plus_one - 1, len = range.end - range.first;
  return range.first > last ? range.first - last <= len : last - range.first <= len;
}

bool oc_release_drop_early(int tag, uintptr_t first) {
  struct tag_state *t = find_tag(tag);
  return drop_repeat(t, first) || drop_withheld(t);
}

static void count_recorded(struct oc_range range) {
  atomic_fetch_add_explicit(&recorded_granules, (long)(range.end - range.first),
                            memory_order_relaxed);
  oc_count(OC_RELEASES_RECORDED, 1);
  oc_count(OC_BYTES_RECORDED, (long)(range.end - range.first) << 12);
}

bool oc_release_record(int tag, int priority, struct oc_range range, long now_ns) {
  struct tag_state *t = find_tag(tag);
  if (drop_repeat(t, range.first))
    return false;
  pthread_mutex_lock(&lock);
  if (!t)
    t = create_tag(tag, priority);
  if (!t) { /* untracked: no repeat filter, no buffering */
    sink.retire(range, 0, sink.ctx);
    issue_piece(NULL, range);
    pthread_mutex_unlock(&lock);
    count_recorded(range);
    return true;
  }
  bool repeat = t->has_last && t->last.first == range.first;
  if (repeat) {
    count_repeat(t);
  } else {
    if (t->has_last)
      hand_on(t, t->last);
    t->last = range;
    t->has_last = true;
    atomic_store_explicit(&t->last_first_plus_one, range.first + 1, memory_order_relaxed);
    bump(&t->recorded, 1);
    count_recorded(range);
  }
  t->last_ns = now_ns;
  pthread_mutex_unlock(&lock);
  return !repeat;
}

long oc_release_batch(long bytes) {
  long issued = 0;
  pthread_mutex_lock(&lock);
  for (unsigned l = 0; l < level_count && issued < bytes; l++) {
    struct priority_level *level = &levels[l];
    /* Round robin: one piece from each tag of the level in turn. */
    unsigned idle_in_a_row = 0;
    while (issued < bytes && idle_in_a_row < level->count) {
      struct tag_state *t = level->tags[level->cursor];
      level->cursor = (level->cursor + 1) % level->count;
      if (!t->queue_count) {
        idle_in_a_row++;
        continue;
      }
      idle_in_a_row = 0;
      issued += issue_newest(t, bytes - issued);
    }
  }
  pthread_mutex_unlock(&lock);
  return issued;
}

static long tag_buffered_granules(const struct tag_state *t);

long oc_release_buffered_bytes(void) {
  pthread_mutex_lock(&lock);
  long bytes = buffered_granules << 12;
  pthread_mutex_unlock(&lock);
  return bytes;
}

void oc_release_buffered_by_band(long *bands, int count) {
  for (int b = 0; b < count; b++)
    bands[b] = 0;
  pthread_mutex_lock(&lock);
  for (unsigned l = 0; l < level_count; l++) {
    int band = 0;
    for (int p = levels[l].priority; p > 1 && band < count - 1; p >>= 1)
      band++;
    for (unsigned i = 0; i < levels[l].count; i++)
      bands[band] += tag_buffered_granules(levels[l].tags[i]) << 12;
  }
  pthread_mutex_unlock(&lock);
}

void oc_release_flush_idle(long now_ns, long idle_ns) {
  pthread_mutex_lock(&lock);
  for (unsigned s = 0; s < OC_TAG_SLOTS; s++) {
    struct tag_state *t = atomic_load_explicit(&slots[s], memory_order_relaxed);
    if (!t || now_ns - t->last_ns < idle_ns)
      continue;
    if (t->has_last) {
      hand_on(t, t->last);
      t->has_last = false;
      atomic_store_explicit(&t->last_first_plus_one, 0, memory_order_relaxed);
    }
    oc_accumulate_flush(&t->acc, emit_piece, t);
  }
  pthread_mutex_unlock(&lock);
}

static long tag_buffered_granules(const struct tag_state *t) {
  long granules = 0;
  for (unsigned i = 0; i < t->queue_count; i++) {
    const struct oc_range *r = &t->queue[i];
    granules += (long)(r->end - r->first);
  }
  return granules;
}

void oc_release_write_tags(FILE *out, void *unused) {
  (void)unused;
  const char *separator = "";
  pthread_mutex_lock(&lock);
  for (unsigned s = 0; s < OC_TAG_SLOTS; s++) {
    struct tag_state *t = atomic_load_explicit(&slots[s], memory_order_relaxed);
    if (!t)
      continue;
    fprintf(out,
            "%s\n    {\"tag\": %d, \"priority\": %d, \"recorded\": %ld, \"dropped\": %ld, "
            "\"coalesced\": %ld, \"issued\": %ld, \"bytes_issued\": %ld, \"bytes_buffered\": %ld, "
            "\"rescued_own\": %ld, \"ignored\": %ld}",
            separator, t->tag, t->priority, atomic_load(&t->recorded), atomic_load(&t->dropped),
            atomic_load(&t->coalesced), atomic_load(&t->issued), atomic_load(&t->bytes_issued),
            tag_buffered_granules(t) << 12, atomic_load(&t->rescued_own), atomic_load(&t->ignored));
    separator = ",";
  }
  pthread_mutex_unlock(&lock);
}

void oc_release_fork_prepare(void) { pthread_mutex_lock(&lock); }
void oc_release_fork_parent(void) { pthread_mutex_unlock(&lock); }
void oc_release_fork_child(void) {
  for (unsigned s = 0; s < OC_WITHHELD_SLOTS; s++)
    atomic_store_explicit(&oc_withheld_tags[s], OC_TAG_NONE, memory_order_relaxed);
  for (unsigned s = 0; s < OC_TAG_SLOTS; s++) {
    free(atomic_load_explicit(&slots[s], memory_order_relaxed));
    atomic_store_explicit(&slots[s], NULL, memory_order_relaxed);
  }
  for (unsigned l = 0; l < level_count; l++)
    free(levels[l].tags);
  free(levels);
  levels = NULL;
  level_count = level_capacity = 0;
  buffered_granules = 0;
  pthread_mutex_unlock(&lock);
}
