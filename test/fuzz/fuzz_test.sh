#!/usr/bin/env bash
# Runs the differential tester on fixed seeds: 300 programs, each compiled
# and run by tiny-run and compared with the numpy reference.
# Usage: fuzz_test.sh TINY_OPT TINY_RUN
#
# Features that still find open bugs on main stay out of these runs (run
# them with test/fuzz/tinyfuzz.py --features=...; each is reported):
#   shard-args   a sharded call argument that is not an unshard op (a copy
#                with shard, an op on shards) is refused
set -euo pipefail
tiny_opt="$1"
tiny_run="$2"
fuzz() {
  /usr/bin/python3 "$(dirname "$0")/tinyfuzz.py" --tiny-run="$tiny_run" \
    --tiny-opt="$tiny_opt" "$@"
}
status=0
# Everything on one device.
fuzz --seed=1 --count=200 --features=-shard-args,-multi,-copy || status=1
# Everything, virtual devices included: replicated and sharded values,
# copies, calls on shards.
fuzz --seed=2 --count=100 --features=-shard-args || status=1
exit "$status"
