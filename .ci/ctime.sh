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
# CTIME_DIR and CTIME_PKG check another module's program instead (the decred
# drop-in: CTIME_DIR=compat/decred CTIME_PKG=./internal/ctimecheck, whose
# frames, under decred's import path, count as ours too); the negative
# control and the assembly line belong to the default program only.
#
# CTIME_TAGS adds build tags (comma-separated), for trying a case that is
# not in the default build. CTIME_RUN (a regular expression over case
# names, as ctimecheck -run) checks only some cases while working on them;
# CI runs them all. Reports inside dependencies whose outcome is
# provably independent of the secret are suppressed by .ci/ctime.supp (each
# entry says why; never code of this module); the script prints which
# entries valgrind used.
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
tags=ctgrind,valgrind${CTIME_TAGS:+,$CTIME_TAGS}
run=${CTIME_RUN:-.}
if [ "$mode" = negative ]; then
	tags=$tags,ctgrind_leaky
	run='^leaky\.'
fi
ctime_dir=${CTIME_DIR:-.}
ctime_pkg=${CTIME_PKG:-./internal/ctime/ctimecheck}
ours_re='github[.]com/p256k1/p256k1[/.]'
if [ "$ctime_dir" != . ]; then
	[ "$mode" = check ] || fail "the negative control runs on the default program only"
	ours_re='github[.]com/(p256k1/p256k1|decred/dcrd/dcrec/secp256k1)[/.]'
fi
echo "== build $ctime_pkg in $ctime_dir (-tags $tags)"
(cd "$ctime_dir" && go build -tags "$tags" -ldflags=-w -o "$tmp/ctimecheck" "$ctime_pkg")

echo "== run under valgrind (-n $iters)"
# asyncpreemptoff: the runtime's preemption signals make memcheck report
# the signal handler reading the interrupted goroutine's stack.
rc=0
# -v: valgrind lists the suppressions it used (printed below).
GOGC=off GODEBUG=asyncpreemptoff=1,gcshrinkstackoff=1 valgrind --tool=memcheck --error-limit=no --num-callers=64 \
	-v --suppressions=.ci/ctime.supp --log-file="$tmp/valgrind.log" \
	"$tmp/ctimecheck" -n "$iters" -run "$run" >"$tmp/out.txt" 2>&1 || rc=$?
cat "$tmp/out.txt"
if [ "$rc" -ne 0 ] || ! grep -q '^ctime check done' "$tmp/out.txt" || ! grep -q 'ERROR SUMMARY' "$tmp/valgrind.log"; then
	echo "--- valgrind log (tail)" >&2
	tail -n 40 "$tmp/valgrind.log" >&2
	fail "the checker did not run to completion (exit status $rc): this is not a pass"
fi
# The amd64 field and point assembly (5×52 and 4×64) is what production
# runs: the check must see it (ctimecheck switches it on under the ctgrind
# tag; the AVX2 scans run when the host has AVX2, which valgrind then
# reports).
[ "$ctime_dir" != . ] || grep -q '^assembly: field true, group true, fe4 true' "$tmp/out.txt" ||
	fail "the field and point assembly did not run under the check (see the 'assembly:' line above)"

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
#
# One kind of "invalid read/write" report is fatal instead: an access by our
# code to a goroutine stack (memory the runtime allocated in copystack or
# stackalloc) that memcheck holds inaccessible. memcheck gives a value loaded
# from there defined V bits, so a secret that passed through it would no
# longer be tracked and its leaks would go unreported.
#
# -v (for the list of used suppressions) makes valgrind repeat every error
# at exit ("N errors in context M of K"); the parse stops there.
awk '
function flush() {
	if (kind ~ /uninitialised/ && ours && top !~ /^runtime\.morestack/) { n++; printf "%s\n", blk }
	if (kind ~ /^Invalid (read|write)/ && ours && detail ~ /runtime\.(copystack|stackalloc)/) {
		lost++; printf "%s\n", blk > lostfile
	}
	blk = ""; kind = ""; instack = 0; ours = 0; top = ""; detail = ""
}
/errors in context [0-9]+ of [0-9]+:/ { exit }
/^==[0-9]+== *$/ { flush(); next }
/^==[0-9]+==/ {
	line = $0; sub(/^==[0-9]+== /, "", line)
	blk = blk $0 "\n"
	if (line ~ /^Thread [0-9]+:/) next
	if (kind == "") { kind = line; instack = 1; next }
	if (instack && line ~ /^ *(at|by) 0x/) {
		if (top == "") {
			top = line; sub(/^ *at 0x[0-9A-Fa-f]+: /, "", top)
			# Raised in the program itself: the cases, and library code
			# the compiler inlined into them (named main.case...).
			if (top ~ /^main\./) ours = 1
		}
		if (line ~ ours_re) ours = 1
		next
	}
	instack = 0
	detail = detail line "\n"
}
END { flush(); printf "%d %d\n", n, lost > "/dev/stderr" }
' ours_re="$ours_re" lostfile="$tmp/lost.txt" "$tmp/valgrind.log" >"$tmp/ours.txt" 2>"$tmp/count.txt"
read -r count lost <"$tmp/count.txt"
if [ "$lost" -ne 0 ]; then
	head -n 60 "$tmp/lost.txt"
	fail "$lost access(es) by our code to goroutine stack memory that memcheck holds inaccessible (first above): secrets there are not tracked, the check would be blind"
fi
if grep -q 'used_suppression:.*ctime\.supp' "$tmp/valgrind.log"; then
	echo "suppressed by .ci/ctime.supp (reports, entry):"
	sed -n 's/^.*used_suppression: *\([0-9]*\) \([^ ]*\) .*ctime\.supp.*$/  \1 \2/p' "$tmp/valgrind.log"
fi

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
