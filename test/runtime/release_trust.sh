#!/usr/bin/env bash
# release_trust.sh COLUMN_CALLS_BINARY
# Runs column_calls (a column summed per call, whose releases the next calls take back,
# and a one-pass stream) and checks in its statistics that the column's tag stopped
# issuing its releases once its own prefetches kept rescuing them, and that the
# stream's tag issued every one of its own. Then again under a 4 MiB limit, less than
# the 8 MiB a column call releases: the pages would have left memory before the next
# call anyway, so the column's releases are right and all go out.
set -euo pipefail
program=$1
dir=$(mktemp -d "${TMPDIR:-/var/tmp}/outcore-trust-XXXXXX")
trap 'rm -rf "$dir"' EXIT
check() { # check LIMIT_NAME EXPECT_IGNORED
python3 - "$dir/stats.json" "$@" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
limit, expect_ignored = sys.argv[2], sys.argv[3] == "yes"
tags = {t["tag"]: t for t in stats["tags"]}
column, stream = tags[2], tags[1]
print("release_trust: limit %s: column tag: recorded %d, issued %d, ignored %d, own rescues %d; "
      "stream tag: recorded %d, issued %d, ignored %d" %
      (limit, column["recorded"], column["issued"], column["ignored"], column["rescued_own"],
       stream["recorded"], stream["issued"], stream["ignored"]))
if expect_ignored:
    ok = (column["rescued_own"] > 0 and column["ignored"] >= column["recorded"] // 2
          and column["issued"] <= column["recorded"] // 2
          and stats["releases_ignored"] >= column["ignored"])
else:
    ok = column["rescued_own"] == 0 and column["ignored"] == 0 and column["issued"] > 0
ok = ok and stream["ignored"] == 0 and stream["rescued_own"] == 0
sys.exit(0 if ok else 1)
PY
}
OUTCORE_STATS="$dir/stats.json" "$program" "$dir/data"
check default yes
OUTCORE_STATS="$dir/stats.json" OUTCORE_MEM_LIMIT=4M "$program" "$dir/data"
check 4M no
