/*
 * Debug query of node arbitration (linked to the static runtime, started with
 * OUTCORE_POLICY=off so the probe itself is no member):
 *   arbiter_probe path          the segment file of this process's group
 *   arbiter_probe show          one line per claimed slot: slot, pid, live, limit
 *                               and pool (MiB), holder; then "token N" (-1: free)
 *   arbiter_probe plant-dead    a crash's leftovers: two slots of a dead process,
 *                               one holding the token, heartbeats fresh
 *   arbiter_probe plant-garbage the segment file filled with junk
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arbiter.h"
#include "arbiter_segment.h"
#include "limit.h"

static long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char key[PATH_MAX], name[OC_ARBITER_NAME_MAX];
  oc_limit_open();
  oc_limit_group_key(key, sizeof key);
  oc_segment_name(key, name, sizeof name);
  if (strcmp(argv[1], "path") == 0) {
    puts(name);
    return 0;
  }
  if (strcmp(argv[1], "plant-garbage") == 0) {
    FILE *f = fopen(name, "w");
    for (int i = 0; f && i < 1000; i++)
      fputs("junk", f);
    return f && fclose(f) == 0 ? 0 : 1;
  }
  if (strcmp(argv[1], "show") == 0 && access(name, F_OK) != 0) {
    puts("no segment"); /* looking must not create one */
    return 0;
  }
  struct oc_arbiter_segment *s = oc_segment_open(name);
  if (!s)
    return 1;
  if (strcmp(argv[1], "plant-dead") == 0) {
    pid_t child = fork();
    if (child == 0)
      _exit(0);
    uint64_t dead = oc_segment_identity(child);
    waitpid(child, NULL, 0);
    for (int i = 0; i < 2; i++) {
      s->slots[i].claim = dead;
      s->slots[i].heartbeat_ns = now_ns();
      s->slots[i].rss = 64L << 20;
    }
    s->token = oc_token_for(s->token, 0);
    s->token_since_ns = now_ns();
    return dead ? 0 : 1;
  }
  long now = now_ns();
  for (int i = 0; i < OC_ARBITER_SLOTS; i++) {
    struct oc_arbiter_slot *slot = &s->slots[i];
    if (!slot->claim)
      continue;
    printf("slot %d pid %d live %d limit %ld pool %ld holder %d\n", i,
           oc_identity_pid(slot->claim), now - slot->heartbeat_ns < OC_ARBITER_STALE_NS,
           slot->limit >> 20, slot->pool >> 20, oc_token_slot(s->token) == i);
  }
  printf("token %d hand_overs %ld\n", oc_token_slot(s->token), (long)s->hand_overs);
  return 0;
}
