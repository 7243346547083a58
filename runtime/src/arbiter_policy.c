#include "arbiter_policy.h"

static long max_long(long a, long b) { return a > b ? a : b; }
static long min_long(long a, long b) { return a < b ? a : b; }

/* Water filling of pool over the members in use[] (demands raised to floor), then
 * whatever the satisfied demands leave is split equally (a demand is an estimate:
 * memory nobody asked for is not withheld). Returns member self's part. */
static long fair_part(const struct oc_member_view *m, int n, const bool *use, int self,
                      long pool, long floor) {
  long part[OC_ARBITER_MAX_MEMBERS] = {0};
  bool settled[OC_ARBITER_MAX_MEMBERS] = {0};
  long left = pool;
  int open = 0, users = 0;
  for (int i = 0; i < n; i++) {
    settled[i] = !use[i];
    open += use[i];
  }
  users = open;
  /* Each round settles every member wanting no more than an equal part of what is left. */
  for (bool changed = true; changed && open > 0;) {
    changed = false;
    long equal = left / open;
    for (int i = 0; i < n; i++) {
      long want = max_long(m[i].demand, floor);
      if (settled[i] || want > equal)
        continue;
      part[i] = want;
      settled[i] = true;
      left -= want;
      open--;
      changed = true;
    }
  }
  if (open > 0)
    return settled[self] ? part[self] : max_long(left / open, floor);
  return part[self] + (users > 0 ? left / users : 0);
}

long oc_arbiter_share(const struct oc_member_view *m, int n, int self, long pool,
                      enum oc_arbitration policy, long *parts) {
  if (parts)
    *parts = pool;
  if (n <= 1 || n > OC_ARBITER_MAX_MEMBERS || pool <= 0 || self < 0 || self >= n)
    return pool;
  long floor = pool / (OC_SHARE_FLOOR_DIVISOR * n);
  bool use[OC_ARBITER_MAX_MEMBERS];
  int holder = -1, users = n;
  long left = pool, kept = 0;
  for (int i = 0; i < n; i++) {
    use[i] = !m[i].fixed || m[self].fixed;
    if (!use[i]) {
      kept += m[i].rss;
      users--;
    }
    if (use[i] && policy == OC_ARBITRATION_TOKEN && m[i].holder && holder < 0)
      holder = i;
  }
  left = max_long(pool - kept, floor * users);
  if (holder == self) {
    left -= floor * (users - 1);
  } else if (holder >= 0) {
    use[holder] = false;
    left = max_long(left - min_long(m[holder].rss, left - floor * (users - 1)),
                    floor * (users - 1));
  }
  if (parts)
    *parts = left;
  return holder == self ? left : fair_part(m, n, use, self, left, floor);
}

long oc_arbiter_fit_limit(long share, long pool, long own) {
  return min_long(max_long(share, pool / OC_FIT_POOL_DIVISOR), own);
}

long oc_arbiter_usage(long process_rss, long members_rss, long group_charge,
                      long group_unmapped_file, long share, long pool) {
  long extra = group_charge - max_long(group_unmapped_file, 0) - members_rss;
  if (extra <= 0 || pool <= 0)
    return process_rss;
  return process_rss + (long)((__int128)extra * min_long(share, pool) / pool);
}

bool oc_arbiter_uses_limit(long rss, long limit) {
  return rss >= limit / OC_TOKEN_SHORT_DEN * OC_TOKEN_SHORT_NUM;
}

bool oc_arbiter_is_short(long rss, long limit, long incoming_rate) {
  return incoming_rate >= OC_TOKEN_MIN_RATE && oc_arbiter_uses_limit(rss, limit);
}

bool oc_arbiter_is_full(long rss, long limit) {
  return rss >= limit - limit / OC_TOKEN_FULL_DIVISOR;
}

enum oc_token_step oc_arbiter_token_step(const struct oc_token_facts *f) {
  if (f->holder) {
    long held = f->now_ns - f->held_since_ns;
    bool resolved = !f->short_now && f->now_ns - f->short_since_ns >= OC_TOKEN_RESOLVED_NS;
    if (resolved && !f->uses_limit)
      return OC_TOKEN_GIVE_UP;
    bool against_itself = f->short_now && f->full && held >= OC_TOKEN_RESOLVED_NS;
    if (f->someone_waits && (held >= OC_TOKEN_HOLD_NS || against_itself))
      return OC_TOKEN_HAND_ON;
    return OC_TOKEN_KEEP;
  }
  if (f->token_free && f->short_now && f->now_ns >= f->unsuitable_until_ns)
    return OC_TOKEN_TAKE;
  return OC_TOKEN_KEEP;
}
