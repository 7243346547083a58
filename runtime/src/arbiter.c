#include "arbiter.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "arbiter_policy.h"
#include "arbiter_segment.h"
#include "release.h"
#include "runtime.h"
#include "stats.h"

_Static_assert(OC_ARBITER_SLOTS <= OC_ARBITER_MAX_MEMBERS, "every slot can be a member");

/* Demand counts what a member brings in over this window on top of what it holds. */
#define DEMAND_WINDOW_NS 1000000000L
/* Slots of members that stopped ticking are checked for a dead process this often. */
#define REAP_EVERY_NS 1000000000L

/* The segment pointer is the switch: NULL when this process is not a member. Set
 * by join before the arbiter is registered with the limit sampling, cleared after. */
static struct oc_arbiter_segment *_Atomic segment;
static char segment_name[OC_ARBITER_NAME_MAX];
static int self = -1;
static enum oc_arbitration policy;
/* Only the release worker's tick touches these. */
static long last_tick_ns, last_incoming, last_reap_ns, short_since_ns;
static bool held_at_last_tick;
static long last_recorded, last_recorded_ns; /* release hints taken in, and when they grew */
static long last_token_tick_ns;
static int io_fd = -1; /* /proc/self/io */

static long now_ns(void) { return oc_now_ns(); }

static bool slot_live(const struct oc_arbiter_slot *slot, long now) {
  return atomic_load_explicit(&slot->claim, memory_order_acquire) != 0 &&
         now - atomic_load_explicit(&slot->heartbeat_ns, memory_order_relaxed) <
             OC_ARBITER_STALE_NS;
}

bool oc_arbiter_join(enum oc_arbitration chosen) {
  if (chosen == OC_ARBITRATION_OFF)
    return false;
  char key[PATH_MAX];
  oc_limit_group_key(key, sizeof key);
  oc_segment_name(key, segment_name, sizeof segment_name);
  struct oc_arbiter_segment *s = oc_segment_open(segment_name);
  uint64_t identity = oc_segment_identity((int)getpid());
  int slot = s && identity ? oc_segment_claim(s, identity) : -1;
  if (slot < 0) {
    fprintf(stderr, "outcore: OUTCORE_ARBITRATION=%s: cannot join %s (arbitration off)\n",
            oc_arbitration_name(chosen), segment_name);
    if (s)
      oc_segment_forget(s);
    return false;
  }
  struct oc_arbiter_slot *mine = &s->slots[slot];
  atomic_store(&mine->rss, 0);
  atomic_store(&mine->demand, 0);
  atomic_store(&mine->incoming_rate, 0);
  atomic_store(&mine->short_of_memory, 0);
  atomic_store(&mine->cannot_release, 0);
  atomic_store(&mine->unsuitable_until_ns, 0);
  atomic_store(&mine->heartbeat_ns, now_ns());
  self = slot;
  policy = chosen;
  io_fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC);
  atomic_store_explicit(&segment, s, memory_order_release);
  oc_limit_set_arbiter(oc_arbiter_adjust);
  return true;
}

void oc_arbiter_adjust(const struct oc_limit_inputs *in, struct oc_limit_figures *out) {
  struct oc_arbiter_segment *s = atomic_load_explicit(&segment, memory_order_acquire);
  if (!s)
    return;
  struct oc_arbiter_slot *mine = &s->slots[self];
  atomic_store_explicit(&mine->rss, in->process_rss, memory_order_relaxed);
  long now = now_ns();
  int holder = oc_token_slot(atomic_load_explicit(&s->token, memory_order_acquire));
  struct oc_member_view views[OC_ARBITER_SLOTS];
  int n = 0, me = -1;
  long rss_sum = 0;
  for (int i = 0; i < OC_ARBITER_SLOTS; i++) {
    struct oc_arbiter_slot *slot = &s->slots[i];
    if (i != self && !slot_live(slot, now))
      continue;
    if (i == self)
      me = n;
    long rss = atomic_load_explicit(&slot->rss, memory_order_relaxed);
    views[n++] = (struct oc_member_view){
        rss, atomic_load_explicit(&slot->demand, memory_order_relaxed),
        i == holder && slot_live(&s->slots[i], now),
        atomic_load_explicit(&slot->cannot_release, memory_order_relaxed) != 0};
    rss_sum += rss;
  }
  /* The pool: the limit the members would have as one process (alone: its own). */
  long pool = out->limit, share = out->limit, parts = out->limit, fit_share = share;
  if (n > 1) {
    struct oc_limit_inputs together = *in;
    together.env_limit = 0;
    together.process_rss = rss_sum;
    struct oc_limit_figures pool_figures;
    oc_limit_compute(&together, &pool_figures);
    pool = pool_figures.limit;
    share = oc_arbiter_share(views, n, me, pool, policy, &parts);
    fit_share = share;
    if (parts < pool && !views[me].holder) { /* the fit test: as if nobody kept anything */
      for (int i = 0; i < n; i++)
        views[i].fixed = false;
      fit_share = oc_arbiter_share(views, n, me, pool, policy, NULL);
    }
    if (in->env_limit > 0 && in->env_limit < share)
      share = in->env_limit;
  }
  /* The group's charge beyond the members' resident pages (page cache they read,
   * others' memory) is counted against each member in proportion to its part, so
   * that the members together keep the group below its limit. */
  long unmapped = parts < pool ? 0 : in->cgroup_unmapped_file;
  long usage = oc_arbiter_usage(in->process_rss, rss_sum,
                                in->cgroup_limit > 0 ? in->cgroup_usage : 0, unmapped, share,
                                parts);
  out->fit_limit = oc_arbiter_fit_limit(fit_share, pool, out->fit_limit);
  out->limit = share;
  out->usage = usage;
  out->working_set = usage;
  atomic_store_explicit(&mine->limit, share, memory_order_relaxed);
  atomic_store_explicit(&mine->pool, pool, memory_order_relaxed);
}

static long major_faults(void) {
  struct rusage usage;
  return getrusage(RUSAGE_SELF, &usage) == 0 ? usage.ru_majflt : 0;
}

/* Bytes the process has read from storage (/proc/self/io read_bytes: its faults,
 * the kernel's readahead for it, its prefetches); -1 when unknown. */
static long bytes_read(void) {
  char text[512];
  ssize_t n = io_fd >= 0 ? pread(io_fd, text, sizeof text - 1, 0) : -1;
  if (n <= 0)
    return -1;
  text[n] = 0;
  const char *field = strstr(text, "read_bytes:");
  return field ? atol(field + 11) : -1;
}

/* Dead members' slots are freed; a dead holder's token is taken by whoever needs it. */
static void reap(struct oc_arbiter_segment *s, long now) {
  for (int i = 0; i < OC_ARBITER_SLOTS; i++) {
    uint64_t claim = atomic_load(&s->slots[i].claim);
    if (i != self && claim && !slot_live(&s->slots[i], now) && oc_segment_claim_dead(claim))
      atomic_compare_exchange_strong(&s->slots[i].claim, &claim, 0);
  }
}

static void publish(struct oc_arbiter_slot *mine, long now) {
  long incoming = oc_counter_value(OC_BYTES_PREFETCHED) + major_faults() * 4096;
  long read = bytes_read();
  if (read > incoming)
    incoming = read;
  long elapsed = now - last_tick_ns;
  if (last_tick_ns && elapsed > 0) {
    long rate = (long)((__int128)(incoming - last_incoming) * 1000000000L / elapsed);
    long smooth = (atomic_load_explicit(&mine->incoming_rate, memory_order_relaxed) + rate) / 2;
    atomic_store_explicit(&mine->incoming_rate, smooth, memory_order_relaxed);
  }
  last_tick_ns = now;
  last_incoming = incoming;
  long bands[OC_ARBITER_BANDS];
  oc_release_buffered_by_band(bands, OC_ARBITER_BANDS);
  for (int b = 0; b < OC_ARBITER_BANDS; b++)
    atomic_store_explicit(&mine->releasable[b], bands[b], memory_order_relaxed);
  long rss = atomic_load_explicit(&mine->rss, memory_order_relaxed);
  long rate = atomic_load_explicit(&mine->incoming_rate, memory_order_relaxed);
  long demand = rss - bands[0] - bands[1] + (long)((__int128)rate * DEMAND_WINDOW_NS / 1000000000L);
  long recorded = oc_counter_value(OC_BYTES_RECORDED);
  if (recorded != last_recorded) {
    last_recorded = recorded;
    last_recorded_ns = now;
  }
  long buffered = 0;
  for (int b = 0; b < OC_ARBITER_BANDS; b++)
    buffered += bands[b];
  atomic_store_explicit(&mine->cannot_release,
                        buffered == 0 && now - last_recorded_ns >= DEMAND_WINDOW_NS,
                        memory_order_relaxed);
  atomic_store_explicit(&mine->demand, demand > 0 ? demand : 0, memory_order_relaxed);
  atomic_store_explicit(&mine->major_faults, major_faults(), memory_order_relaxed);
  atomic_store_explicit(&mine->heartbeat_ns, now, memory_order_release);
}

/* The waiting member bringing pages in fastest; -1 when none waits. */
static int next_holder(struct oc_arbiter_segment *s, long now) {
  int best = -1;
  long best_rate = -1;
  for (int i = 0; i < OC_ARBITER_SLOTS; i++) {
    struct oc_arbiter_slot *slot = &s->slots[i];
    if (i == self || !slot_live(slot, now) || !atomic_load(&slot->short_of_memory) ||
        atomic_load(&slot->unsuitable_until_ns) > now)
      continue;
    long rate = atomic_load(&slot->incoming_rate);
    if (rate > best_rate) {
      best = i;
      best_rate = rate;
    }
  }
  return best;
}

/* Counts the token's acquisitions (taken or handed on to this member) and the time
 * held, from one tick to the next. */
static void count_holding(bool holds, long now) {
  if (holds && held_at_last_tick)
    oc_count(OC_TOKEN_HELD_NS, now - last_token_tick_ns);
  if (holds && !held_at_last_tick)
    oc_count(OC_TOKEN_ACQUIRED, 1);
  held_at_last_tick = holds;
  last_token_tick_ns = now;
}

static void run_token(struct oc_arbiter_segment *s, struct oc_arbiter_slot *mine, long now) {
  long rss = atomic_load(&mine->rss), limit = atomic_load(&mine->limit);
  bool short_now = oc_arbiter_is_short(rss, limit, atomic_load(&mine->incoming_rate));
  atomic_store(&mine->short_of_memory, short_now);
  if (short_now)
    short_since_ns = now;
  uint64_t token = atomic_load(&s->token);
  int holder = oc_token_slot(token);
  count_holding(holder == self, now);
  int next = next_holder(s, now);
  struct oc_token_facts facts = {
      .holder = holder == self,
      .token_free = holder < 0 || !slot_live(&s->slots[holder], now),
      .short_now = short_now,
      .full = oc_arbiter_is_full(rss, limit),
      .uses_limit = oc_arbiter_uses_limit(rss, limit),
      .short_since_ns = short_since_ns,
      .held_since_ns = atomic_load(&s->token_since_ns),
      .unsuitable_until_ns = atomic_load(&mine->unsuitable_until_ns),
      .someone_waits = next >= 0,
      .now_ns = now};
  switch (oc_arbiter_token_step(&facts)) {
  case OC_TOKEN_KEEP:
    return;
  case OC_TOKEN_TAKE:
    if (atomic_compare_exchange_strong(&s->token, &token, oc_token_for(token, self)))
      atomic_store(&s->token_since_ns, now);
    return;
  case OC_TOKEN_GIVE_UP:
    if (atomic_compare_exchange_strong(&s->token, &token, oc_token_for(token, -1)))
      oc_count(OC_TOKEN_GIVE_UPS, 1);
    return;
  case OC_TOKEN_HAND_ON:
    atomic_store(&mine->unsuitable_until_ns, now + OC_TOKEN_HOLD_NS);
    if (atomic_compare_exchange_strong(&s->token, &token, oc_token_for(token, next))) {
      atomic_store(&s->token_since_ns, now);
      atomic_fetch_add(&s->hand_overs, 1);
      oc_count(OC_TOKEN_HAND_ONS, 1);
    }
    return;
  }
}

void oc_arbiter_tick(long now) {
  struct oc_arbiter_segment *s = atomic_load_explicit(&segment, memory_order_acquire);
  if (!s)
    return;
  struct oc_arbiter_slot *mine = &s->slots[self];
  publish(mine, now);
  if (now - last_reap_ns >= REAP_EVERY_NS) {
    reap(s, now);
    last_reap_ns = now;
  }
  if (policy == OC_ARBITRATION_TOKEN)
    run_token(s, mine, now);
}

static void close_io(void) {
  if (io_fd >= 0)
    close(io_fd);
  io_fd = -1;
}

void oc_arbiter_leave(void) {
  oc_limit_set_arbiter(NULL); /* no sample uses the segment after this */
  struct oc_arbiter_segment *s = atomic_exchange(&segment, NULL);
  if (!s)
    return;
  uint64_t token = atomic_load(&s->token);
  if (oc_token_slot(token) == self)
    atomic_compare_exchange_strong(&s->token, &token, oc_token_for(token, -1));
  oc_segment_leave(s, segment_name, self);
  close_io();
}

void oc_arbiter_fork_child(void) {
  oc_limit_set_arbiter(NULL);
  close_io();
  struct oc_arbiter_segment *s = atomic_exchange(&segment, NULL);
  if (s)
    oc_segment_forget(s);
}
