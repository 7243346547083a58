#include "arbiter_segment.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void oc_segment_name(const char *group_path, char *name, size_t size) {
  const char *key = group_path && *group_path ? group_path : "machine";
  uint64_t hash = 1469598103934665603ULL; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *)key; *p; p++)
    hash = (hash ^ *p) * 1099511628211ULL;
  snprintf(name, size, "/dev/shm/outcore-%016llx", (unsigned long long)hash);
}

/* Under flock: a file of the wrong size or without the header (a creator that
 * crashed half-way, an older layout, garbage) is zeroed and given a header. */
static bool repair(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return false;
  if ((size_t)st.st_size == sizeof(struct oc_arbiter_segment)) {
    struct oc_arbiter_segment header;
    if (pread(fd, &header, offsetof(struct oc_arbiter_segment, token), 0) ==
            (ssize_t)offsetof(struct oc_arbiter_segment, token) &&
        header.magic == OC_ARBITER_MAGIC && header.version == OC_ARBITER_VERSION &&
        header.slot_count == OC_ARBITER_SLOTS)
      return true;
  }
  if (ftruncate(fd, 0) != 0 || ftruncate(fd, sizeof(struct oc_arbiter_segment)) != 0)
    return false;
  struct oc_arbiter_segment header = {.magic = OC_ARBITER_MAGIC, .version = OC_ARBITER_VERSION,
                                      .slot_count = OC_ARBITER_SLOTS};
  return pwrite(fd, &header, offsetof(struct oc_arbiter_segment, token), 0) ==
         (ssize_t)offsetof(struct oc_arbiter_segment, token);
}

struct oc_arbiter_segment *oc_segment_open(const char *name) {
  for (int attempt = 0; attempt < 4; attempt++) {
    int fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
      return NULL;
    if (flock(fd, LOCK_EX) != 0) {
      close(fd);
      return NULL;
    }
    /* The last member may have removed the file between our open and flock. */
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_nlink == 0) {
      close(fd);
      continue;
    }
    void *map = MAP_FAILED;
    if (st.st_uid == geteuid() && repair(fd))
      map = mmap(NULL, sizeof(struct oc_arbiter_segment), PROT_READ | PROT_WRITE, MAP_SHARED,
                 fd, 0);
    /* Explicitly: the mapping holds the open file, which would keep the lock. */
    flock(fd, LOCK_UN);
    close(fd);
    return map == MAP_FAILED ? NULL : map;
  }
  return NULL;
}

uint64_t oc_segment_identity(int pid) {
  char path[64], text[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0)
    return 0;
  text[n] = 0;
  /* Field 22 (start time) counts from after the command's closing parenthesis. */
  const char *p = strrchr(text, ')');
  unsigned long long start = 0;
  if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d "
                          "%*d %*d %llu", &start) != 1)
    return 0;
  return (uint64_t)(start & 0xffffffff) << 32 | (uint32_t)pid;
}

bool oc_segment_claim_dead(uint64_t claim) {
  int pid = oc_identity_pid(claim);
  if (pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH))
    return true;
  uint64_t now = oc_segment_identity(pid);
  return now != 0 && now != claim;
}

int oc_segment_claim(struct oc_arbiter_segment *s, uint64_t identity) {
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < OC_ARBITER_SLOTS; i++) {
      uint64_t seen = atomic_load(&s->slots[i].claim);
      /* First pass: free slots; second: slots of processes that are gone. */
      if ((pass == 0 && seen != 0) || (pass == 1 && !oc_segment_claim_dead(seen)))
        continue;
      if (atomic_compare_exchange_strong(&s->slots[i].claim, &seen, identity))
        return i;
    }
  return -1;
}

void oc_segment_leave(struct oc_arbiter_segment *s, const char *name, int slot) {
  int fd = open(name, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
  if (fd >= 0 && flock(fd, LOCK_EX) != 0) {
    close(fd);
    fd = -1;
  }
  if (slot >= 0)
    atomic_store(&s->slots[slot].claim, 0);
  bool empty = true;
  for (int i = 0; i < OC_ARBITER_SLOTS && empty; i++) {
    uint64_t claim = atomic_load(&s->slots[i].claim);
    empty = claim == 0 || oc_segment_claim_dead(claim);
  }
  struct stat by_fd, by_name;
  if (fd >= 0 && empty && fstat(fd, &by_fd) == 0 && stat(name, &by_name) == 0 &&
      by_fd.st_ino == by_name.st_ino && by_fd.st_dev == by_name.st_dev)
    unlink(name);
  if (fd >= 0)
    close(fd);
  oc_segment_forget(s);
}

void oc_segment_forget(struct oc_arbiter_segment *s) {
  munmap(s, sizeof *s);
}
