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

#endif
