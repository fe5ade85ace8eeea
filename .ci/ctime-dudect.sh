#!/usr/bin/env bash
# The statistical constant-time check of the eight-lane engines
# (internal/ecmult8, AVX-512 IFMA), which valgrind cannot run: a
# dudect-style fixed-secret against random-secret Welch t-test of the
# constant-time k·G of eight keys (PublicKeysMany's engine) and of the
# constant-time k·P of eight keys (SharedSecretsMany's), TestDudect in
# internal/ecmult8/dudect_test.go, then the negative control, a
# deliberately leaky variant that must be flagged.
#
#   .ci/ctime-dudect.sh            real run, then the negative control
#
# P256K1_DUDECT_N (default 1000000) and P256K1_DUDECT_SECONDS (default 75)
# bound each of the two real runs: each stops at whichever comes first and
# prints how many measurements it made (k·G takes about 40 µs for eight
# keys, k·P about 100 µs, on a Xeon with IFMA: the time bound is what ends
# them). The negative control makes at most 100000 measurements in at most
# 30 s. In all at most about 3 minutes. On a
# processor without AVX-512 IFMA (or an OS that does not save its
# registers) the engine never runs: the script says so and passes.
set -euo pipefail
cd "$(dirname "$0")/.."

cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || echo unknown)
if ! grep -qw avx512ifma /proc/cpuinfo 2>/dev/null || ! grep -qw avx512vl /proc/cpuinfo 2>/dev/null; then
	echo "ctime-dudect: SKIPPED: this CPU ($cpu) has no AVX-512 IFMA/VL; the eight-lane engine does not run here"
	exit 0
fi
echo "ctime-dudect: CPU $cpu"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run() { # run MODE N SECONDS
	P256K1_DUDECT=$1 P256K1_DUDECT_N=$2 P256K1_DUDECT_SECONDS=$3 \
		go test -count=1 -run '^TestDudect$' -v -timeout 10m ./internal/ecmult8 >"$log" 2>&1
}

for mode in real realconst; do
	echo "== $mode"
	rc=0
	run $mode "${P256K1_DUDECT_N:-1000000}" "${P256K1_DUDECT_SECONDS:-75}" || rc=$?
	cat "$log"
	if grep -q 'SKIP: TestDudect' "$log"; then
		echo "ctime-dudect: SKIPPED by the test (the dispatch found no usable IFMA)"
		exit 0
	fi
	grep -q "$mode: max |t|" "$log" || { echo "ctime-dudect: FATAL: the $mode run did not report" >&2; exit 1; }
	[ "$rc" -eq 0 ] || { echo "ctime-dudect: FATAL: $mode: timing depends on the secret" >&2; exit 1; }
done

echo "== negative control (a deliberately leaky scan; must be flagged)"
rc=0
run leaky 100000 30 || rc=$?
cat "$log"
grep -q 'leaky: max |t|' "$log" || { echo "ctime-dudect: FATAL: the negative control did not report" >&2; exit 1; }
[ "$rc" -eq 0 ] || { echo "ctime-dudect: FATAL: the negative control was not flagged: the test cannot see leaks here" >&2; exit 1; }
echo "ctime-dudect: passed (neither engine shows a dependence on the secret; the leaky control was caught)"
