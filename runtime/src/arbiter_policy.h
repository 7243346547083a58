/*
 * Node-level arbitration, the arithmetic (no OS, no shared memory; unit-tested):
 * how a pool of memory that several runtimes share is divided among them, and when
 * a member asks for, keeps or hands on the token (Jiang and Zhang, token-ordered
 * LRU, Sec. 5.2-5.3).
 */
#ifndef OC_ARBITER_POLICY_H
#define OC_ARBITER_POLICY_H

#include <stdbool.h>

#include "config.h"

/* A live member as the others see it. */
struct oc_member_view {
  long rss;    /* resident bytes */
  long demand; /* bytes it would use: rss less releasable, plus what it brings in */
  bool holder; /* holds the token */
  bool fixed;  /* cannot release: no release hints lately (original loops, no buffer) */
};

/* Members oc_arbiter_share divides among, at most (the segment's slots). */
#define OC_ARBITER_MAX_MEMBERS 32

/* No member's share falls below pool / (OC_SHARE_FLOOR_DIVISOR * members): a
 * member that stopped growing can still show that it grows again. */
#define OC_SHARE_FLOOR_DIVISOR 4

/* The limit of member self among n live members sharing pool bytes.
 * share: max-min fair division by demand (water filling: members wanting less than
 * an equal part get what they want, the rest split the remainder equally).
 * token: the holder is spared: its limit is the pool less the others' floors; the
 * others divide fairly what the holder leaves (pool less its rss), never less than
 * their floor, so they release first. Without a holder, token divides as share.
 * Both: members that cannot release (fixed) keep what they hold, whatever their
 * limit; a member that can divides the pool less their rss with the others that can
 * (never below their floors), or the group overflows its limit and the kernel's
 * reclaim takes from everyone: a copy of the cyclic scan whose fit test passed before
 * the others joined ran its original loops at 45 MiB resident against a 30 MiB
 * share, and the token holder beside it kept 14-43 MiB of its 64 MiB cycle. A fixed
 * member's own limit is its part of the whole pool. The fit answer of every member
 * comes from the division without fixed members (arbiter.c): members not yet running
 * a nest count as fixed, and a newcomer given the pool they left ran its original
 * loops too (three matvec copies: two or three of them instead of one).
 * *parts (may be NULL) is what self's part was drawn from: the pool, less what fixed
 * members and a holder keep. */
/* n is at most OC_ARBITER_MAX_MEMBERS. */
long oc_arbiter_share(const struct oc_member_view *members, int n, int self, long pool,
                      enum oc_arbitration policy, long *parts);

/* The fit test's answer (oc_memory_limit) of a member whose limit is share of pool,
 * own its limit without arbitration: never below pool / OC_FIT_POOL_DIVISOR, never
 * above own. The test picks a nest's version once, for the whole nest, while shares
 * move as members start and finish: three copies of a column walk entering at once
 * got a third of the pool each, just under the 16 MiB their localized version needs,
 * and their unlocalized version read 16 GiB each (at own, every copy ran its original
 * loops, and the cyclic scans of three copies all missed: no release to arbitrate). */
#define OC_FIT_POOL_DIVISOR 2
long oc_arbiter_fit_limit(long share, long pool, long own);

/* The usage a member's releases are paced against: its resident bytes plus its
 * part (share / pool) of the group's charge beyond the members' resident bytes,
 * less page cache no process maps (the pages of members gone, which the kernel
 * reclaims first: counted, they made the last member release its own working set).
 * group_charge 0: no group (the process's own pages only).
 * Beside a token holder or a fixed member the others count that page cache too, in
 * proportion to their part of what is left to them (pass that as pool, the parts of
 * oc_arbiter_share): it is their streams' readahead
 * and prefetches in flight (20-40 MiB of a 96 MiB group under three cyclic copies),
 * and left out it filled the group to its limit, where the kernel's reclaim took the
 * holder's cycle (its resident bytes fell from 60 to 21 MiB with nothing released). */
long oc_arbiter_usage(long process_rss, long members_rss, long group_charge,
                      long group_unmapped_file, long share, long pool);

/* Token timing (Sec. 5.3). A member is short of memory when it brings pages in
 * (faults and prefetches) faster than OC_TOKEN_MIN_RATE while it uses its limit (its
 * rss is at least OC_TOKEN_SHORT_NUM/OC_TOKEN_SHORT_DEN of it). The holder gives the
 * token back when its faults are resolved (not short for OC_TOKEN_RESOLVED_NS) and it
 * no longer uses its spared limit: a holder whose working set is resident and in use
 * (a cyclic re-scan that now hits) keeps it, as the paper's pages in use stay under
 * LRU; dividing at once would take its cycle back and make it fault again (three
 * cyclic copies gave up after 0.5 s and re-read their whole array every pass). It
 * hands the token on after OC_TOKEN_HOLD_NS when another member waits; it is then
 * "token-unsuitable" for OC_TOKEN_HOLD_NS, so the token goes round. The hold time is
 * long against the cost of a hand-over (the paper: frequent transfers cause faults).
 * A holder that is still short once it has had OC_TOKEN_RESOLVED_NS to grow and sits
 * within 1/OC_TOKEN_FULL_DIVISOR of its spared limit faults against itself (its demand
 * exceeds what anyone can give it, e.g. a stream): it hands the token on at once when
 * another member waits, and is token-unsuitable (Sec. 5.3, the first case). */
#define OC_TOKEN_MIN_RATE (1L << 20) /* bytes per second */
#define OC_TOKEN_SHORT_NUM 1
#define OC_TOKEN_SHORT_DEN 2
#define OC_TOKEN_RESOLVED_NS 500000000L
#define OC_TOKEN_HOLD_NS 2000000000L
#define OC_TOKEN_FULL_DIVISOR 8

bool oc_arbiter_is_short(long rss, long limit, long incoming_rate);
/* Resident bytes at least OC_TOKEN_SHORT_NUM/OC_TOKEN_SHORT_DEN of the limit. */
bool oc_arbiter_uses_limit(long rss, long limit);
/* Resident bytes within 1/OC_TOKEN_FULL_DIVISOR of the limit. */
bool oc_arbiter_is_full(long rss, long limit);

enum oc_token_step {
  OC_TOKEN_KEEP,     /* holder keeps it (or a non-holder does nothing) */
  OC_TOKEN_TAKE,     /* a non-holder takes the free (or abandoned) token */
  OC_TOKEN_GIVE_UP,  /* the holder's faults are resolved: the token is free again */
  OC_TOKEN_HAND_ON,  /* the holder passes it to a waiting member */
};

struct oc_token_facts {
  bool holder;          /* this member holds the token */
  bool token_free;      /* nobody (alive) holds it */
  bool short_now;       /* oc_arbiter_is_short now */
  bool full;            /* oc_arbiter_is_full now */
  bool uses_limit;      /* oc_arbiter_uses_limit now */
  long short_since_ns;  /* last time this member was short */
  long held_since_ns;   /* when the holder got it */
  long unsuitable_until_ns;
  bool someone_waits;   /* another live, suitable member is short */
  long now_ns;
};

enum oc_token_step oc_arbiter_token_step(const struct oc_token_facts *facts);

#endif
