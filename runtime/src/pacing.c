#include "pacing.h"

#define MARGIN_FRACTION 16
/* At least the kernel's readahead window (read_ahead_kb = 8192 here): pages it reads
 * ahead of a stream are charged to the group before the program names them. */
#define MARGIN_MIN (8L << 20)
/* A rate falls by a quarter per sample once consumption slows: a pause between two
 * phases does not give away the headroom at once. */
#define DECAY_FRACTION 4

void oc_pace_sample(struct oc_pace *p, long now_ns, long consumed) {
  if (p->last_ns && now_ns > p->last_ns) {
    long grown = consumed - p->last_consumed;
    long rate = grown > 0 ? (long)((double)grown * 1e9 / (double)(now_ns - p->last_ns)) : 0;
    long decayed = p->rate - p->rate / DECAY_FRACTION;
    p->rate = rate > decayed ? rate : decayed;
  }
  p->last_ns = now_ns;
  p->last_consumed = consumed;
}

long oc_pace_period_ns(const struct oc_pace *p, long limit) {
  double ns = p->rate > 0 ? (double)(limit / 16) * 1e9 / (double)p->rate : 1e18;
  return ns < OC_PACE_MIN_PERIOD_NS   ? OC_PACE_MIN_PERIOD_NS
         : ns > OC_PACE_MAX_PERIOD_NS ? OC_PACE_MAX_PERIOD_NS
                                      : (long)ns;
}

long oc_pace_headroom(const struct oc_pace *p, long limit, long react_ns) {
  long margin = limit / MARGIN_FRACTION > MARGIN_MIN ? limit / MARGIN_FRACTION : MARGIN_MIN;
  double headroom = (double)p->rate * (double)react_ns / 1e9 + (double)margin;
  return headroom < (double)(limit / 2) ? (long)headroom : limit / 2;
}

long oc_pace_release_bytes(const struct oc_pace *p, long limit, long usage, long react_ns) {
  long excess = usage + oc_pace_headroom(p, limit, react_ns) - limit;
  return excess > 0 ? excess : 0;
}

#define BACKLOG_MIN (4L << 20)

long oc_pace_backlog_budget(long limit) {
  return limit / MARGIN_FRACTION > BACKLOG_MIN ? limit / MARGIN_FRACTION : BACKLOG_MIN;
}

long oc_pace_prefetch_room(long limit, long usage, long taken_since_sample, long margin) {
  long room = limit - usage - taken_since_sample - margin;
  return room > 0 ? room : 0;
}

bool oc_pace_trust_update(struct oc_pace_trust *t, long now_ns, long released, long back_soon) {
  long window = released - t->window_released;
  if (window >= OC_TRUST_WINDOW_BYTES) {
    if ((back_soon - t->window_back) * 4 >= window) {
      t->distrust_ns = t->distrust_ns ? 2 * t->distrust_ns : OC_DISTRUST_MIN_NS;
      if (t->distrust_ns > OC_DISTRUST_MAX_NS)
        t->distrust_ns = OC_DISTRUST_MAX_NS;
      t->distrusted_until_ns = now_ns + t->distrust_ns;
      t->distrusts++;
    } else if (now_ns >= t->distrusted_until_ns) {
      t->distrust_ns = 0;
    }
    t->window_released = released;
    t->window_back = back_soon;
  }
  return now_ns >= t->distrusted_until_ns;
}
