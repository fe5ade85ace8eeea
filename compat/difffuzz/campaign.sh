#!/usr/bin/env bash
# Runs the differential fuzzing campaigns of compat/difffuzz (p256k1's
# drop-ins and packages against decred, go-ethereum, erigon, btcd/btcec):
# each target in turn until it has used a CPU-time budget, in wall-clock
# chunks, one TSV line per chunk (target, wall and CPU seconds, executions,
# outcome, corpus size) in the log. The chunk loop is bench/difffuzz/campaign_lib.sh's,
# shared with bench/difffuzz/campaign.sh.
#
# Usage: compat/difffuzz/campaign.sh [-cpu SECONDS] [-chunk SECONDS] [-log FILE]
#                                    [-tolerate NAMES] [TARGET...]
#        compat/difffuzz/campaign.sh -seeds      (every target's seed corpus once: CI)
#   -cpu       CPU seconds per target, coordinator and worker together (default 3600)
#   -chunk     wall seconds per go-test run (default 600)
#   -log       the chunk log (default $DIFFFUZZ_WORK/compat-campaign.tsv)
#   -tolerate  known findings checked loosely (README.md), "all" for all of them
#   TARGET     fuzz targets (default: every Fuzz* of every package)
#
# prepare.sh runs first, every time (gen/ is regenerated from compat/decred
# and compat/erigon). One worker per run (-parallel 1). The corpus grows in
# $DIFFFUZZ_WORK/cache; a failing input is written by go test to
# PACKAGE/testdata/fuzz/TARGET/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${DIFFFUZZ_WORK:-${TMPDIR:-/tmp}/p256k1-difffuzz}
budget=3600
chunk=600
log=
tolerate=
seeds=
while [ $# -gt 0 ]; do
	case "$1" in
	-cpu) budget=$2; shift 2 ;;
	-chunk) chunk=$2; shift 2 ;;
	-log) log=$2; shift 2 ;;
	-tolerate) tolerate=$2; shift 2 ;;
	-seeds) seeds=1; shift ;;
	-*) echo "campaign.sh: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
export CGO_ENABLED=1 # geth's and erigon's packages are cgo
"$here/prepare.sh"
if [ -n "$seeds" ]; then
	cd "$here" && exec go test ./... -args -tolerate "$tolerate"
fi
log=${log:-$work/compat-campaign.tsv}
# shellcheck source=../../bench/difffuzz/campaign_lib.sh
. "$here/../../bench/difffuzz/campaign_lib.sh"
campaign_log_init

pkgs=(decred curve geth erigon taproot musig2)
# pkg_of TARGET: the package directory holding TARGET.
pkg_of() {
	local p
	for p in "${pkgs[@]}"; do
		if grep -qs "^func $1(f \*testing.F)" "$here/$p/"*_test.go; then
			echo "$p"
			return
		fi
	done
	echo "campaign.sh: no target $1" >&2
	return 1
}
# tags_of TARGET: build tags (none today; kept for a target that needs one).
tags_of() { :; }
binof() { echo "$work/compat-$1${2:+-$2}.$(basename "$log" .tsv).test"; }
rebuild() {
	local p b tags
	p=$(pkg_of "$1") || return 1
	tags=$(tags_of "$1")
	b=$(binof "$p" "$tags")
	(cd "$here" && go test -c -fuzz . -tags "$tags" -o "$b.$$" "./$p") >&2 && mv "$b.$$" "$b" && echo "$b"
}
rebuild_previous() { binof "$(pkg_of "$1")" "$(tags_of "$1")"; }

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	for p in "${pkgs[@]}"; do
		mapfile -t -O "${#targets[@]}" targets < <(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(f \*testing.F).*/\1/p' "$here/$p/"*_test.go | grep -v JacobianExact)
	done
fi
for t in "${targets[@]}"; do
	campaign_target "$t" "$here/$(pkg_of "$t")" -tolerate "$tolerate"
done
campaign_totals
