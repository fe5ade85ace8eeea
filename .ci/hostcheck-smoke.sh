#!/usr/bin/env bash
# Runs bench/hostcheck.sh, the recipe for issue 42's figures on a CPU we
# can run binaries on but not build on (the GPU machine's Intel host), end
# to end and small: build here, run from the bundle, report. So that the
# one call a loan gives it does not fail for a reason CI could have seen.
# The figures of so short a run mean nothing; only the outcome counts.
set -euo pipefail
cd "$(dirname "$0")/.."
die() {
	echo "hostcheck-smoke: FATAL: $*" >&2
	exit 1
}
go test -count=1 -tags p256k1_no4x64 -run '^TestForcedOff$' ./internal/fe4 >/dev/null ||
	die "the tag p256k1_no4x64 does not keep the 4×64 engines off (pair-5x52 would measure them)"
bash bench/hostcheck.sh build >/dev/null || die "bench/hostcheck.sh build failed"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ROUNDS=2 N=2000 OUT=$tmp/out bash .host/hostcheck.sh >"$tmp/run.txt" 2>&1 || {
	tail -40 "$tmp/run.txt" >&2
	die "the run failed"
}
bash bench/hostcheck.sh report "$tmp/out" >"$tmp/report.txt" 2>&1 || {
	tail -40 "$tmp/report.txt" >&2
	die "the report failed"
}
for f in pair pair-5x52; do
	ops=$(grep -c -E '^(PubKey|ECDSASign|ECDSAVerify|ECDSARecover|SchnorrSign|SchnorrSignKeypair|SchnorrVerify|ECDH) +[0-9.]+µs' "$tmp/out/$f.txt" || true)
	[ "$ops" = 8 ] || die "$f.txt has $ops of the 8 operations"
done
rows=$(grep -c -E '^\| [^-].* \| [0-9.]+ \| [0-9]+ % \|' "$tmp/report.txt" || true)
[ "$rows" -ge 7 ] || die "the budget table has $rows rows"
echo "hostcheck-smoke: 8 operations paired in both forms, a budget table of $rows rows"
