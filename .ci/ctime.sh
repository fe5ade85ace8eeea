#!/usr/bin/env bash
# The constant-time check (docs/ARCHITECTURE.md, "Constant-time check").
#
#   .ci/ctime.sh [-n N]             run every case of internal/ctime/ctimecheck
#                                   under valgrind's memcheck with the secrets
#                                   marked undefined; fail on any report whose
#                                   stack has a frame of this module
#   .ci/ctime.sh --negative [-n N]  the negative control: build in the
#                                   deliberately leaky cases (tag
#                                   ctgrind_leaky); pass ONLY if the checker
#                                   reports both leaks and not the masked
#                                   select, so CI proves it still catches them
#
# Needs linux/amd64 and valgrind (installed with apt-get if missing). A
# checker that does not run properly (valgrind or the program fails, the
# program's "ctime check done" line or valgrind's summary is missing) fails
# in both modes: it never looks like a pass.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=check
iters=64
while [ $# -gt 0 ]; do
	case "$1" in
	--negative) mode=negative ;;
	-n) iters="$2"; shift ;;
	*) echo "usage: $0 [--negative] [-n iterations]" >&2; exit 2 ;;
	esac
	shift
done

fail() {
	echo "FATAL (ctime $mode): $*" >&2
	exit 1
}

[ "$(go env GOARCH)" = amd64 ] || fail "the valgrind client requests are amd64 only (GOARCH=$(go env GOARCH))"
if ! command -v valgrind >/dev/null 2>&1; then
	echo "== installing valgrind"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null ||
		fail "could not install valgrind"
fi
valgrind --version

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "${CTIME_KEEP:-}" ] && trap - EXIT && echo "keeping $tmp"

# ctgrind: the classify/declassify hooks are client requests. valgrind: the
# Go runtime describes its allocator to valgrind. -w: valgrind 3.19 cannot
# read Go's DWARF 5 (the symbol table, which names the frames, stays).
tags=ctgrind,valgrind
run='.'
if [ "$mode" = negative ]; then
	tags=$tags,ctgrind_leaky
	run='^leaky\.'
fi
echo "== build (-tags $tags)"
go build -tags "$tags" -ldflags=-w -o "$tmp/ctimecheck" ./internal/ctime/ctimecheck

echo "== run under valgrind (-n $iters)"
# asyncpreemptoff: the runtime's preemption signals make memcheck report
# the signal handler reading the interrupted goroutine's stack.
rc=0
GOGC=off GODEBUG=asyncpreemptoff=1,gcshrinkstackoff=1 valgrind --tool=memcheck --error-limit=no --num-callers=64 \
	--log-file="$tmp/valgrind.log" \
	"$tmp/ctimecheck" -n "$iters" -run "$run" >"$tmp/out.txt" 2>&1 || rc=$?
cat "$tmp/out.txt"
if [ "$rc" -ne 0 ] || ! grep -q '^ctime check done' "$tmp/out.txt" || ! grep -q 'ERROR SUMMARY' "$tmp/valgrind.log"; then
	echo "--- valgrind log (tail)" >&2
	tail -n 40 "$tmp/valgrind.log" >&2
	fail "the checker did not run to completion (exit status $rc): this is not a pass"
fi

# Memcheck prints each error as a block of "==PID== " lines ending with an
# empty one: the kind, then the stack ("at"/"by" lines), then details (the
# stack of an allocation, say). Keep the secret-dependence kinds
# ("Conditional jump or move depends on uninitialised value(s)", "Use of
# uninitialised value of size N", "... contains uninitialised byte(s)") whose
# own stack has a frame of this module; valgrind prints Go's symbol names,
# such as github.com/p256k1/p256k1/internal/scalar.(*Scalar).SetBytes. The
# Go runtime's own reports (it is not written for memcheck) are dropped:
# those without a frame of ours, and those raised inside runtime.morestack
# (stack growth, which compares the stack pointer with a bound and reads the
# scheduler's own structures; the program grows its main stack up front, but
# a goroutine started by the library grows its own).
awk '
function flush() {
	if (kind ~ /uninitialised/ && ours && top !~ /^runtime\.morestack/) { n++; printf "%s\n", blk }
	blk = ""; kind = ""; instack = 0; ours = 0; top = ""
}
/^==[0-9]+== *$/ { flush(); next }
/^==[0-9]+==/ {
	line = $0; sub(/^==[0-9]+== /, "", line)
	blk = blk $0 "\n"
	if (line ~ /^Thread [0-9]+:/) next
	if (kind == "") { kind = line; instack = 1; next }
	if (instack && line ~ /^ *(at|by) 0x/) {
		if (top == "") { top = line; sub(/^ *at 0x[0-9A-Fa-f]+: /, "", top) }
		if (line ~ /github\.com\/p256k1\/p256k1[\/.]/) ours = 1
		next
	}
	instack = 0
}
END { flush(); printf "%d\n", n > "/dev/stderr" }
' "$tmp/valgrind.log" >"$tmp/ours.txt" 2>"$tmp/count.txt"
count=$(cat "$tmp/count.txt")

if [ "$mode" = check ]; then
	if [ "$count" -ne 0 ]; then
		cat "$tmp/ours.txt"
		fail "$count memcheck report(s) of secret-dependent branches or addresses in p256k1 (above)"
	fi
	echo "ctime: no secret-dependent branch or memory address in p256k1 code"
	exit 0
fi

# Negative control: both leaks must be reported, the masked select not.
cat "$tmp/ours.txt"
grep -q 'internal/ctime\.LeakyBranch' "$tmp/ours.txt" || fail "the secret branch in LeakyBranch was NOT reported: the checker is broken"
grep -q 'internal/ctime\.LeakyLookup' "$tmp/ours.txt" || fail "the secret table index in LeakyLookup was NOT reported: the checker is broken"
if grep -q 'internal/ctime\.MaskedSelect' "$tmp/ours.txt"; then
	fail "the constant-time MaskedSelect was reported: the checker reports false positives"
fi
echo "ctime negative control: the checker reported both deliberate leaks ($count report(s)) and not the masked select"
