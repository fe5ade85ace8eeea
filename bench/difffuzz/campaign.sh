#!/usr/bin/env bash
# Runs a differential fuzzing campaign against libsecp256k1 v0.8.0: each
# target in turn until it has used a CPU-time budget, in wall-clock chunks,
# and writes one line per chunk (target, wall and CPU seconds, executions,
# outcome, corpus size) to a log, so that the figures of a campaign can be quoted exactly.
#
# Usage: bench/difffuzz/campaign.sh [-cpu SECONDS] [-chunk SECONDS] [-log FILE] [TARGET...]
#   -cpu     CPU seconds per target, coordinator and worker together (default 3600)
#   -chunk   wall seconds per go-test run (default 600); the budget is checked between chunks
#   -log     the chunk log (default $DIFFFUZZ_WORK/campaign.tsv)
#   TARGET   fuzz targets (default: every Fuzz* of the package)
#
# One worker per run (-parallel 1): start two campaigns over different targets
# to use two cores. Between chunks the script waits while the file
# $DIFFFUZZ_WORK/PAUSE exists (touch it to get quiet cores for benchmarks;
# do not SIGSTOP a running chunk: go test then reports the worker as hung).
# The corpus grows in $DIFFFUZZ_WORK/cache (kept across chunks and campaigns);
# a failing input is written by go test to testdata/fuzz/TARGET/, where it
# becomes a regression seed once committed. A chunk that fails ends its
# target's campaign (its output is kept beside the log) and the next starts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${DIFFFUZZ_WORK:-${TMPDIR:-/tmp}/p256k1-difffuzz}
budget=3600
chunk=600
log=
while [ $# -gt 0 ]; do
	case "$1" in
	-cpu) budget=$2; shift 2 ;;
	-chunk) chunk=$2; shift 2 ;;
	-log) log=$2; shift 2 ;;
	-*) echo "campaign.sh: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
# shellcheck source=campaign_lib.sh
. "$here/campaign_lib.sh"
log=${log:-$work/campaign.tsv}
campaign_log_init

"$here/build.sh"
# One test binary per campaign, rebuilt before every chunk (campaign_lib.sh).
# (Named testbin: campaign_lib.sh's chunk loop has a local named bin.)
testbin="$work/difffuzz.$(basename "$log" .tsv).test"
build() {
	# -fuzz . builds with coverage instrumentation (without it go test fuzzes blind).
	(cd "$here/.." && CGO_ENABLED=1 go test -c -fuzz . -tags libsecp080 -o "$testbin.$$" ./difffuzz) && mv "$testbin.$$" "$testbin"
}
rebuild() { build >&2 && echo "$testbin"; }
rebuild_previous() { echo "$testbin"; }
build
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	mapfile -t targets < <(cd "$here" && "$testbin" -test.list '^Fuzz')
fi
for t in "${targets[@]}"; do
	campaign_target "$t" "$here"
done
campaign_totals
