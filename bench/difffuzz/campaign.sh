#!/usr/bin/env bash
# Runs a differential fuzzing campaign against libsecp256k1 v0.8.0: each
# target in turn until it has used a CPU-time budget, in wall-clock chunks,
# and writes one line per chunk (target, wall and CPU seconds, executions,
# outcome) to a log, so that the figures of a campaign can be quoted exactly.
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
mkdir -p "$work/cache"
log=${log:-$work/campaign.tsv}
[ -f "$log" ] || printf 'date\ttarget\twall_s\tcpu_s\texecs\toutcome\n' >"$log"

"$here/build.sh"
# One test binary per campaign, rebuilt before every chunk (go's build cache
# makes that free when nothing changed), so a long campaign fuzzes the code
# as it is now; if the tree does not build at that moment, the previous
# binary runs and the log says so.
bin="$work/difffuzz.$(basename "$log" .tsv).test"
build() {
	(cd "$here/.." && CGO_ENABLED=1 go test -c -tags libsecp080 -o "$bin.$$" ./difffuzz) && mv "$bin.$$" "$bin"
}
build
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	mapfile -t targets < <(cd "$here" && "$bin" -test.list '^Fuzz')
fi

# cpu_seconds TARGET: the CPU seconds the log already holds for TARGET.
cpu_seconds() {
	awk -F'\t' -v t="$1" '$2 == t { s += $4 } END { printf "%d\n", s }' "$log"
}

for t in "${targets[@]}"; do
	while [ "$(cpu_seconds "$t")" -lt "$budget" ]; do
		while [ -e "$work/PAUSE" ]; do sleep 10; done
		build || echo "campaign.sh: the tree does not build now; $t runs the previous binary" >&2
		out="$work/$t.$(date +%s).out"
		start=$(date +%s)
		rc=0
		# /usr/bin/time reports the CPU of the coordinator and its worker.
		(cd "$here" && /usr/bin/time -o "$out.time" -f '%U %S' "$bin" -test.run '^$' -test.fuzz "^$t\$" \
			-test.fuzztime "${chunk}s" -test.parallel 1 -test.fuzzcachedir "$work/cache/$t") >"$out" 2>&1 || rc=$?
		wall=$(($(date +%s) - start))
		# A failed run's time file starts with "Command exited with …": the
		# figures are on its last line.
		cpu=$(tail -n 1 "$out.time" 2>/dev/null | awk '{ printf "%d\n", $1 + $2 }')
		execs=$(grep -o 'execs: [0-9]*' "$out" | tail -1 | cut -d' ' -f2)
		outcome=ok
		[ "$rc" -eq 0 ] || outcome="FAIL (see $out)"
		printf '%s\t%s\t%d\t%d\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$wall" "${cpu:-0}" "${execs:-0}" "$outcome" >>"$log"
		[ "$rc" -eq 0 ] && rm -f "$out" "$out.time"
		[ "$rc" -eq 0 ] || break
	done
done
echo "campaign.sh: done; totals per target:"
awk -F'\t' 'NR > 1 { c[$2] += $4; e[$2] += $5 } END { for (t in c) printf "%-22s %8d CPU s %12d execs\n", t, c[t], e[t] }' "$log" | sort
