#!/usr/bin/env bash
# Models the speed of the field multiplication and squaring, of the point
# operations and of the verification's main loop on arm64 with llvm-mca
# (LLVM 19), for three processors (Neoverse N1: Graviton2, Ampere Altra;
# Neoverse V2: Graviton4, Grace; Apple M1), since no arm64 machine is at
# hand. The point operations are modelled from the instructions one call
# executes under qemu (see the second half of this script). For each field
# function it models
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
#         the 4×64 form the engines run in on amd64 and arm64, row-wise
#         MUL/UMULH with ADDS/ADCS chains, the first fold from 32×32-bit
#         products), from the arm64 test binary of internal/fe4.
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
# Needs: go, llvm-19 (llvm-mca-19, llvm-objdump-19), clang-19,
#        libc6-dev-arm64-cross (the C wrapper's headers) and binutils-
#        aarch64-linux-gnu (the linker of the static C program),
#        qemu-user-static, and cargo if the crate is not in cargo's
#        registry cache yet. About 2-4 minutes here.
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

# The point operations: one call each, as executed. A point operation
# branches and calls (the Go ones call the field functions; the variable-
# time ones leave early in special cases), so its block is not its code up
# to a RET but the instructions one ordinary call runs: the test binaries'
# harness tests (internal/fe4's TestArm64ModelCalls, internal/group's
# TestModelCalls) and a static C program around libsecp256k1 v0.8.0's
# group code run under qemu-aarch64 with its log of executed translation
# blocks (-d exec,nochain), and bench/cmd/arm64trace follows that log
# through the disassembly from the function's entry to its return, callees
# included, branches left out (the second call of each: a first may grow
# the stack). One llvm-mca block per call, thr as above.
command -v qemu-aarch64-static >/dev/null 2>&1 || die "qemu-aarch64-static not found (apt-get install qemu-user-static)"
GOARCH=arm64 CGO_ENABLED=0 go test -c -tags purego -o "$tmp/grp.test" ./internal/group
GOARCH=arm64 CGO_ENABLED=0 go test -c -o "$tmp/grpasm.test" ./internal/group
cat >"$tmp/cg.c" <<'EOF'
#include "util.h"
#include "int128_impl.h"
#include "field_impl.h"
#include "group_impl.h"

/* No libc: the two a struct copy may call. */
void *memset(void *d, int c, unsigned long n) { unsigned char *p = d; while (n--) *p++ = c; return d; }
void *memcpy(void *d, const void *s, unsigned long n) { unsigned char *p = d; const unsigned char *q = s; while (n--) *p++ = *q++; return d; }

__attribute__((noinline)) void p256k1_c_gej_double(rustsecp256k1_v0_14_gej *r, const rustsecp256k1_v0_14_gej *a) {
	rustsecp256k1_v0_14_gej_double(r, a);
}
__attribute__((noinline)) void p256k1_c_gej_add_ge(rustsecp256k1_v0_14_gej *r, const rustsecp256k1_v0_14_gej *a, const rustsecp256k1_v0_14_ge *b) {
	rustsecp256k1_v0_14_gej_add_ge(r, a, b);
}
__attribute__((noinline)) void p256k1_c_gej_add_ge_var(rustsecp256k1_v0_14_gej *r, const rustsecp256k1_v0_14_gej *a, const rustsecp256k1_v0_14_ge *b) {
	rustsecp256k1_v0_14_gej_add_ge_var(r, a, b, NULL);
}
__attribute__((noinline)) void p256k1_c_gej_add_zinv_var(rustsecp256k1_v0_14_gej *r, const rustsecp256k1_v0_14_gej *a, const rustsecp256k1_v0_14_ge *b, const rustsecp256k1_v0_14_fe *bzinv) {
	rustsecp256k1_v0_14_gej_add_zinv_var(r, a, b, bzinv);
}

static volatile int sink;

/* 2G, then 2G + G by each addition, twice; then exit(0). */
void _start(void) {
	rustsecp256k1_v0_14_ge g = rustsecp256k1_v0_14_ge_const_g;
	rustsecp256k1_v0_14_gej gj, d, r1, r2, r3;
	rustsecp256k1_v0_14_fe one;
	rustsecp256k1_v0_14_fe_set_int(&one, 1);
	rustsecp256k1_v0_14_gej_set_ge(&gj, &g);
	for (int i = 0; i < 2; i++) {
		p256k1_c_gej_double(&d, &gj);
		p256k1_c_gej_add_ge(&r1, &d, &g);
		p256k1_c_gej_add_ge_var(&r2, &d, &g);
		p256k1_c_gej_add_zinv_var(&r3, &d, &g, &one);
	}
	sink = r1.infinity + r2.infinity + r3.infinity;
	register long x8 __asm__("x8") = 93;
	register long x0 __asm__("x0") = 0;
	__asm__ volatile("svc #0" : : "r"(x8), "r"(x0));
	for (;;) {
	}
}
EOF
"$clang" --target=aarch64-linux-gnu -O2 -w -static -nostdlib -ffreestanding -fno-builtin -isystem /usr/aarch64-linux-gnu/include \
	-I"$src/src" -I"$src/include" "$tmp/cg.c" -o "$tmp/cg.test"
(cd bench && go build -o "$tmp/arm64trace" ./cmd/arm64trace)
for b in fe4:TestArm64ModelCalls grp:TestModelCalls grpasm:TestModelCalls cg:; do
	n=${b%%:*}
	args=()
	[ -n "${b#*:}" ] && args=("-test.run=^${b#*:}\$" -test.count=1)
	GODEBUG=asyncpreemptoff=1 qemu-aarch64-static -d exec,nochain -D "$tmp/$n.trace" "$tmp/$n.test" "${args[@]}" >/dev/null ||
		die "$n.test failed under qemu"
	"$objdump" -d --no-show-raw-insn "$tmp/$n.test" >"$tmp/$n.dis"
done
# trace NAME BINARY SYMBOL CALL: the block of that call of SYMBOL.
trace() {
	"$tmp/arm64trace" -dis "$tmp/$2.dis" -trace "$tmp/$2.trace" -sym "$3" -n "$4" >"$tmp/$1.s" 2>"$tmp/$1.fns" ||
		die "arm64trace $1: $(cat "$tmp/$1.fns")"
}
# ABI0: the caller's argument stores, as for the field functions.
abi0() {
	{
		for i in $(seq 0 $(($2 - 1))); do echo "	str	x$i, [sp, #$((8 * i + 8))]"; done
		cat "$tmp/$1.s"
	} >"$tmp/$1.s.new"
	mv "$tmp/$1.s.new" "$tmp/$1.s"
}
f4=github.com/p256k1/p256k1/internal/fe4
gr=github.com/p256k1/p256k1/internal/group
# internal/fe4 on arm64 (this port): Double, AddAffine, AddStorageVar and
# AddStorageZInvVar are assembly.
trace asm-dbl fe4 "$f4.doubleAsm.abi0" 2
abi0 asm-dbl 2
trace asm-add fe4 "$f4.addAffineAsm.abi0" 2
abi0 asm-add 3
trace asm-addv fe4 "$f4.addStorageVarAsm.abi0" 2
abi0 asm-addv 4
trace asm-addz fe4 "$f4.addStorageZInvVarAsm.abi0" 2
abi0 asm-addz 5
# Today's Go: package group on the Go field code (-tags purego: what arm64
# ran before its assembly), and on the 5×52 field assembly.
for v in go:grp 5x52:grpasm; do
	trace "${v%%:*}-dbl" "${v#*:}" "$gr.(*Jacobian).doubleGeneric" 2
	trace "${v%%:*}-add" "${v#*:}" "$gr.(*Jacobian).addAffineGeneric" 2
	trace "${v%%:*}-addv" "${v#*:}" "$gr.(*Jacobian).AddAffineVar" 2
	trace "${v%%:*}-addz" "${v#*:}" "$gr.(*Jacobian).AddZInvVar" 2
done
trace c-dbl cg p256k1_c_gej_double 2
trace c-add cg p256k1_c_gej_add_ge 2
trace c-addv cg p256k1_c_gej_add_ge_var 2
trace c-addz cg p256k1_c_gej_add_zinv_var 2

# The verification's main loop (internal/ecmult's Strauss loop, and
# libsecp256k1's): about 128 doublings, 43 additions of P's table points
# (two 129-bit GLV halves, window 5: one nonzero digit in 6) and 16 of G's
# (two 128-bit halves, window 15: one in 16), those with the implied Z.
verify() { awk -v d="$1" -v a="$2" -v z="$3" 'BEGIN { printf "%.0f", 128 * d + 43 * a + 16 * z }'; }

echo
echo "arm64 point operations, one ordinary call each as executed (callees included), thr cycles per call:"
echo "dbl = doubling (fe4 doubleAsm; group doubleGeneric; gej_double), add = constant-time mixed addition"
echo "(addAffineAsm; addAffineGeneric; gej_add_ge), addv = variable-time mixed addition (addStorageVarAsm;"
echo "AddAffineVar; gej_add_ge_var), addz = the same with the implied Z (addStorageZInvVarAsm; AddZInvVar;"
echo "gej_add_zinv_var), verify = 128 dbl + 43 addv + 16 addz (the main loop only)"
echo "instructions: $(for v in asm go 5x52 c; do for f in dbl add addv addz; do printf '%s-%s %d  ' $v $f "$(wc -l <"$tmp/$v-$f.s")"; done; done)"
echo
printf '%-12s %-6s %8s %8s %8s %8s %7s %8s %7s\n' cpu op asm go 5x52 C asm/go asm/5x52 asm/C
for cpu in $cpus; do
	declare -A cy
	for v in asm go 5x52 c; do
		for f in dbl add addv addz; do
			cy[$v-$f]=$(cycles "$tmp/$v-$f.s" "$cpu")
			[ -n "${cy[$v-$f]}" ] || die "llvm-mca failed on $v-$f for $cpu"
		done
		cy[$v-verify]=$(verify "${cy[$v-dbl]}" "${cy[$v-addv]}" "${cy[$v-addz]}")
	done
	for f in dbl add addv addz verify; do
		printf '%-12s %-6s %8s %8s %8s %8s %7s %8s %7s\n' "$cpu" "$f" \
			"${cy[asm-$f]}" "${cy[go-$f]}" "${cy[5x52-$f]}" "${cy[c-$f]}" \
			"$(ratio "${cy[asm-$f]}" "${cy[go-$f]}")" "$(ratio "${cy[asm-$f]}" "${cy[5x52-$f]}")" "$(ratio "${cy[asm-$f]}" "${cy[c-$f]}")"
	done
done
echo
echo "asm = internal/fe4 on arm64 (this port); go = package group on the Go field code (-tags purego);"
echo "5x52 = package group on the 5×52 field assembly; C = libsecp256k1 v0.8.0, clang-19 -O2. A model, not a measurement."
