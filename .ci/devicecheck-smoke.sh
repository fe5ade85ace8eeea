#!/usr/bin/env bash
# Runs gpu/devicecheck.sh, the recipe a GPU loan gets one call of a few
# minutes for (issues 33 and 40), end to end on PoCL and small: the bundle
# (static gpubench and test binary, the OpenCL loader), every step, every
# kind's differential check and the package's tests as the recipe runs them,
# outside the source tree. So that a flag, a kind, a skip list or a test that
# cannot run from the bundle fails here, in CI, and not in device time. The
# figures are PoCL's on two cores and mean nothing; only the outcome counts.
set -euo pipefail
cd "$(dirname "$0")/.."
die() {
	echo "devicecheck-smoke: FATAL: $*" >&2
	[ -n "${log:-}" ] && [ -e "$log" ] && tail -60 "$log" >&2
	exit 1
}
icd_src=$(ls /etc/OpenCL/vendors/*pocl*.icd 2>/dev/null | head -1)
[ -n "$icd_src" ] || die "no PoCL ICD in /etc/OpenCL/vendors (apt-get install pocl-opencl-icd)"
# The build takes Debian's OpenCL loader with apt-get download, which needs
# apt's lists; the loader CI installed is the same package's.
sys_loader=/usr/lib/x86_64-linux-gnu/libOpenCL.so.1
if [ ! -e .gpu/libOpenCL.so.1 ] && [ -e "$sys_loader" ]; then
	mkdir -p .gpu
	cp -L "$sys_loader" .gpu/libOpenCL.so.1
fi
bash gpu/devicecheck.sh build >/dev/null || die "gpu/devicecheck.sh build failed"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/icd" "$tmp/out"
cp "$icd_src" "$tmp/icd/"
log=$tmp/log.txt
ICD_DIR=$tmp/icd N=2048 VARIANTS=default BUDGET=480 OUT=$tmp/out bash .gpu/devicecheck.sh >"$log" 2>&1 ||
	die "the recipe exited with status $?"
s=$tmp/out/summary.txt
[ -s "$s" ] || die "no summary"
if grep -a -n -E "MISMATCH|stopped after|out of time" "$log"; then
	die "a kind differed from the CPU or a step ran out of time"
fi
kinds=$(grep -a -c -E '^[a-z0-9-]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ ' "$s" || true)
equal=$(grep -a -c -E ' items equal$' "$s" || true)
[ "$kinds" -ge 10 ] || die "only $kinds kinds in the summary"
[ "$kinds" = "$equal" ] || die "$equal of $kinds kinds report every item equal"
tests=$(grep -a -o -E 'default: tests [0-9]+ passed, [0-9]+ failed' "$s" || true)
[[ "$tests" =~ tests\ ([0-9]+)\ passed,\ 0\ failed ]] || die "the package's tests under the recipe: ${tests:-no result}"
((BASH_REMATCH[1] >= 40)) || die "only ${BASH_REMATCH[1]} tests ran under the recipe"
grep -a -q 'TestOutOfMemory PASS' "$s" || die "TestOutOfMemory did not pass"
echo "devicecheck-smoke: $kinds kinds, every item equal; $tests; $(grep -a -o 'this run: .*' "$s")"
