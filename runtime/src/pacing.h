/*
 * Pacing of buffered releases (OSDI Sec. 3.3, eq. 1): keep the group's usage below the
 * limit by a headroom that covers what the program consumes before the next decision
 * can take effect, rather than acting only once usage has reached a fixed fraction
 * of the limit. Consumption is the bytes the program's hints name (prefetched and
 * recorded releases) per unit of time. Pure arithmetic on figures (unit-tested); the
 * release worker feeds it every limit sample.
 */
#ifndef OC_PACING_H
#define OC_PACING_H

#include <stdbool.h>

struct oc_pace {
  long rate;          /* bytes per second: the latest rate, or a decaying earlier peak */
  long last_ns;       /* time of the last sample; 0: none yet */
  long last_consumed; /* consumed bytes at that sample */
};

/* Takes the total of consumed bytes at now_ns (monotonic) and updates the rate. */
void oc_pace_sample(struct oc_pace *pace, long now_ns, long consumed);
/* How often to decide: the time the program takes to consume limit/16 at its rate,
 * between OC_PACE_MIN_PERIOD_NS and OC_PACE_MAX_PERIOD_NS (a fast stream under a
 * small limit is looked at every millisecond, a slow program every limit sample). */
#define OC_PACE_MIN_PERIOD_NS 1000000L
#define OC_PACE_MAX_PERIOD_NS 5000000L
long oc_pace_period_ns(const struct oc_pace *pace, long limit);
/* Bytes to keep free below the limit: rate * react_ns plus a margin of limit/16 (at
 * least the kernel's 8 MiB readahead window), at most half the limit. */
long oc_pace_headroom(const struct oc_pace *pace, long limit, long react_ns);
/* Bytes to release now so that usage + headroom stays within the limit; 0: none. */
long oc_pace_release_bytes(const struct oc_pace *pace, long limit, long usage, long react_ns);

/* Bytes of released pages queued for the release worker beyond which a hinting
 * thread waits for it, as the kernel's dirty throttling does: limit/16, at least
 * two 2 MiB release chunks (a piece being issued and the next). Bounds what a
 * program holds beyond its pipeline where the worker falls behind (no CPU for it,
 * a burst of releases), at every limit. */
long oc_pace_backlog_budget(long limit);

/* Bytes a prefetch of private memory (anonymous, shmem, private file) may bring into
 * the group now: limit - usage - what such prefetches took since the usage was
 * sampled - margin (calls in flight when it was sampled); 0: none. */
long oc_pace_prefetch_room(long limit, long usage, long taken_since_sample, long margin);

/* Trust in releasing ahead of the limit. Released pages that left memory and came
 * back within about a limit's worth of releases (counted by the prefetch path: the
 * release clock, which counts recorded releases, a little more than the distinct
 * pages a sweep touches) are reuse the limit could have held: a loop re-reading an
 * array of nearly the limit (PolyBench's gemm, its B of 55.6 MiB in a 64 MiB
 * group), whose buffered releases the headroom pushed out, read back the next sweep;
 * the re-reads then raised the consumption rate and with it the headroom (9.3 s
 * plain, over 150 s with B). When a quarter of a window's released bytes came back
 * that soon, no buffered release goes out ahead of the limit for a while (the
 * kernel's reclaim at the limit keeps what the program reuses, as for plain): a
 * quarter second at first, doubling while the windows that follow say the same, up
 * to 4 s; then releasing ahead is tried again. A cyclic re-scan larger than the limit
 * comes back later than that and keeps its MRU releases. */
#define OC_TRUST_WINDOW_BYTES (16L << 20)
#define OC_DISTRUST_MIN_NS 250000000L
#define OC_DISTRUST_MAX_NS 4000000000L
struct oc_pace_trust {
  long window_released, window_back; /* the totals where the window began */
  long distrust_ns, distrusted_until_ns;
  long distrusts; /* windows that found too many coming back */
};
/* Takes the totals of released bytes and of those that came back soon at now_ns;
 * true when releasing ahead of the limit is trusted. */
bool oc_pace_trust_update(struct oc_pace_trust *trust, long now_ns, long released,
                          long back_soon);

#endif
