#!/usr/bin/env bash
# Models the speed of the field multiplication and squaring on arm64 with
# llvm-mca (LLVM 19), for three processors (Neoverse N1: Graviton2, Ampere
# Altra; Neoverse V2: Graviton4, Grace; Apple M1), since no arm64 machine is
# at hand. For each function it models
#
#   asm   internal/field's mulAsm/squareAsm (mul_arm64.s), from the arm64
#         test binary of internal/field;
#   go    today's portable code, mulGeneric/squareGeneric, from the same
#         test binary built with -tags purego (what arm64 ran before);
#   C     libsecp256k1 v0.8.0's secp256k1_fe_mul_inner/fe_sqr_inner
#         (field_5x52_int128_impl.h), compiled with clang-19 -O2 for
#         aarch64-linux-gnu through a two-function wrapper; the source is
#         the copy in the secp256k1-sys 0.14.1 crate, fetched with cargo as
#         bench/difffuzz/build.sh does;
#   4x64  internal/fe4's arm64 kernels mulAsm/squareAsm (fe4_arm64.s:
#         the 4×64 form amd64's engines run in, row-wise MUL/UMULH with
#         ADDS/ADCS chains, not yet scheduled), from the arm64 test binary
#         of internal/fe4: what porting those engines would buy.
#
# Each function's disassembly (llvm-objdump-19) up to its first RET, less
# its branches (the stack check's conditional branch of the Go code, the
# RET), is given to llvm-mca as one block, run for 100 iterations. Two
# figures per cell, in cycles per call (total cycles / 100):
#
#   thr  llvm-mca's default, loads independent of earlier stores: each call
#        independent of the last (throughput; what a point operation with
#        independent multiplications sees). The issue's targets are on
#        this figure.
#   dep  -noalias=false: every load waits for the stores before it, so each
#        call's operands wait for the previous call's result (latency; what
#        a chain of dependent multiplications, such as the square root's,
#        sees).
#
# The assembly (asm, 4x64) is called with Go's ABI0, its arguments on the
# stack: its argument loads are in its block, and the caller's stores are
# added. Go's generic functions get their arguments in registers;
# their stack check and frame are in their blocks. The C functions are
# plain AAPCS64 leaves.
#
# It is a model: llvm-mca knows each processor's pipelines, latencies and
# issue widths as LLVM's scheduler does, not its caches, its branch
# predictor, its memory disambiguation or the call and return around the
# block. Figures from a real machine (p256k1 bench, or go test -bench in
# internal/field) take precedence.
#
# Usage: bench/arm64model.sh [-v]   (-v also prints each block's
#        llvm-mca summary)
# Needs: go, llvm-19 (llvm-mca-19, llvm-objdump-19), clang-19 and
#        libc6-dev-arm64-cross (the C wrapper's headers), and cargo if the
#        crate is not in cargo's registry cache yet.
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=${1:-}
mca=${LLVM_MCA:-llvm-mca-19}
objdump=${LLVM_OBJDUMP:-llvm-objdump-19}
clang=${CLANG:-clang-19}
cpus="neoverse-n1 neoverse-v2 apple-m1"
die() {
	echo "arm64model.sh: FATAL: $*" >&2
	exit 1
}
for t in go "$mca" "$objdump" "$clang"; do
	command -v "$t" >/dev/null 2>&1 || die "$t not found (apt-get install llvm-19 clang-19)"
done
[ -e /usr/aarch64-linux-gnu/include/stdio.h ] || die "no aarch64 C headers (apt-get install libc6-dev-arm64-cross)"

# ARM64MODEL_KEEP=DIR keeps the blocks (asm-mul.s, go-mul.s, c-mul.s, …)
# there, for llvm-mca's other views.
if [ -n "${ARM64MODEL_KEEP:-}" ]; then
	tmp=$ARM64MODEL_KEEP
	mkdir -p "$tmp"
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
fi

# The Go test binaries.
GOARCH=arm64 CGO_ENABLED=0 go test -c -o "$tmp/asm.test" ./internal/field
GOARCH=arm64 CGO_ENABLED=0 go test -c -tags purego -o "$tmp/go.test" ./internal/field
GOARCH=arm64 CGO_ENABLED=0 go test -c -o "$tmp/fe4.test" ./internal/fe4

# libsecp256k1 v0.8.0's field code, as bench/difffuzz/build.sh finds it.
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
find_src() { ls -d "$registry"/*/secp256k1-sys-0.14.1/depend/secp256k1 2>/dev/null | head -1 || true; }
src=$(find_src)
if [ -z "$src" ]; then
	command -v cargo >/dev/null 2>&1 || die "cargo is not installed (needed to fetch the secp256k1-sys 0.14.1 crate)"
	(cd "$tmp" && cargo new -q --vcs none fetch && cd fetch &&
		cargo add -q secp256k1-sys@=0.14.1 && cargo fetch -q) || die "cargo could not fetch secp256k1-sys 0.14.1"
	src=$(find_src)
	[ -n "$src" ] || die "secp256k1-sys 0.14.1 fetched, but its source is not under $registry"
fi
grep -q '^## \[0\.8\.0\]' "$src/CHANGELOG.md" || die "$src is not libsecp256k1 v0.8.0"
cat >"$tmp/fe.c" <<'EOF'
#include "util.h"
#include "int128_impl.h"
#include "field_5x52_int128_impl.h"

void p256k1_c_fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *SECP256K1_RESTRICT b) {
	rustsecp256k1_v0_14_fe_mul_inner(r, a, b);
}

void p256k1_c_fe_sqr(uint64_t *r, const uint64_t *a) {
	rustsecp256k1_v0_14_fe_sqr_inner(r, a);
}
EOF
"$clang" --target=aarch64-linux-gnu -O2 -w -isystem /usr/aarch64-linux-gnu/include -I"$src/src" -I"$src/include" -c "$tmp/fe.c" -o "$tmp/fe.o"

# block BINARY SYMBOL OUT: the instructions of SYMBOL up to its first RET,
# branches left out, in LLVM's assembly syntax.
block() {
	"$objdump" -d --no-show-raw-insn --no-leading-addr --disassemble-symbols="$2" "$1" |
		awk '
			/^[[:space:]]*$/ || /:$/ || /file format/ || /^Disassembly/ { next }
			{
				sub(/\/\/.*/, ""); sub(/<.*/, "")
				op = $1
				if (op == "ret") exit
				if (op ~ /^(b|bl|br|blr|cbz|cbnz|tbz|tbnz)$/ || op ~ /^b\./) next
				print
			}' >"$3"
	[ -s "$3" ] || die "no instructions for $2 in $1"
}
field=github.com/p256k1/p256k1/internal/field
block "$tmp/asm.test" "$field.mulAsm.abi0" "$tmp/asm-mul.s"
block "$tmp/asm.test" "$field.squareAsm.abi0" "$tmp/asm-sqr.s"
block "$tmp/go.test" "$field.mulGeneric" "$tmp/go-mul.s"
block "$tmp/go.test" "$field.squareGeneric" "$tmp/go-sqr.s"
block "$tmp/fe.o" p256k1_c_fe_mul "$tmp/c-mul.s"
block "$tmp/fe.o" p256k1_c_fe_sqr "$tmp/c-sqr.s"
block "$tmp/fe4.test" "github.com/p256k1/p256k1/internal/fe4.mulAsm.abi0" "$tmp/4x64-mul.s"
block "$tmp/fe4.test" "github.com/p256k1/p256k1/internal/fe4.squareAsm.abi0" "$tmp/4x64-sqr.s"
# The caller's side of ABI0: the three (two) argument stores.
for v in asm 4x64; do
	for f in mul sqr; do
		n=3
		[ $f = sqr ] && n=2
		{
			for i in $(seq 0 $((n - 1))); do echo "	str	x$i, [sp, #$((8 * i + 8))]"; done
			cat "$tmp/$v-$f.s"
		} >"$tmp/$v-$f.s.new"
		mv "$tmp/$v-$f.s.new" "$tmp/$v-$f.s"
	done
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }

# cycles FILE CPU [FLAGS]: llvm-mca's cycles per iteration over 100.
cycles() {
	"$mca" -mtriple=aarch64 -mcpu="$2" -iterations=100 ${3:-} "$1" 2>/dev/null |
		awk '/^Total Cycles:/ { printf "%.1f", $3 / 100 }'
}

echo "arm64 field multiplication and squaring, modelled by $("$mca" --version | awk '/LLVM version/ { print "llvm-mca " $NF; exit }')"
echo "cycles per call (total cycles / 100 iterations): thr = independent calls, dep = each call waits for the last"
echo "instructions: $(for v in asm go c 4x64; do for f in mul sqr; do printf '%s-%s %d  ' $v $f "$(wc -l <"$tmp/$v-$f.s")"; done; done)"
echo
printf '%-12s %-4s %13s %13s %13s %13s %7s %7s %7s\n' cpu fn "asm thr/dep" "go thr/dep" "C thr/dep" "4x64 thr/dep" asm/go asm/C 4x64/go
for cpu in $cpus; do
	for f in mul sqr; do
		declare -A thr dep
		for v in asm go c 4x64; do
			thr[$v]=$(cycles "$tmp/$v-$f.s" "$cpu")
			dep[$v]=$(cycles "$tmp/$v-$f.s" "$cpu" -noalias=false)
			[ -n "${thr[$v]}" ] && [ -n "${dep[$v]}" ] || die "llvm-mca failed on $v-$f for $cpu"
			if [ "$verbose" = -v ]; then
				echo "--- $v $f $cpu"
				"$mca" -mtriple=aarch64 -mcpu="$cpu" -iterations=100 "$tmp/$v-$f.s" 2>/dev/null | sed -n '1,12p'
			fi
		done
		printf '%-12s %-4s %13s %13s %13s %13s %7s %7s %7s\n' "$cpu" "$f" \
			"${thr[asm]}/${dep[asm]}" "${thr[go]}/${dep[go]}" "${thr[c]}/${dep[c]}" "${thr[4x64]}/${dep[4x64]}" \
			"$(ratio "${thr[asm]}" "${thr[go]}")" "$(ratio "${thr[asm]}" "${thr[c]}")" "$(ratio "${thr[4x64]}" "${thr[go]}")"
	done
done
echo
echo "The ratios compare thr. A model, not a measurement: see the comment at the top of $0."
