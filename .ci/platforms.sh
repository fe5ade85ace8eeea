#!/usr/bin/env bash
# Platform CI for p256k1: cross-compiles the module (library, tests, commands)
# for every target we ship to, and runs the test suite on the targets this
# amd64 machine can execute: 386 natively; s390x (big-endian) and riscv64
# under qemu-user-static; js/wasm under Node.js with Go's wasm_exec runner.
# amd64 itself, with and without -tags purego, is tested by .ci/run.
# Fails loudly.
#
# Usage: .ci/platforms.sh [build|test|all]   (default all)
#
# What is cut, and why (see "Platforms" in docs/ARCHITECTURE.md):
#   - 386, s390x, riscv64 and js/wasm run with -short: the vectors, the property and
#     differential tests and the fuzz seeds all run, with fewer random
#     rounds (the full suite takes 2-4× as long there; amd64 runs it all).
#     They also leave out twelve randomized tests of protocol logic and of
#     the generic arithmetic (logic_skip below: multi-scalar multiplication,
#     batch tweak checks, batch verification with bad items, the cross-group
#     proofs' rejection tables), and s390x, riscv64 and js/wasm five more
#     (emu_skip: allocation counts, many-item corruption and recovery
#     rounds); amd64 runs all of them, with and without -tags purego.
#   - linux/arm64 runs under qemu-aarch64 only the packages with arm64
#     assembly and the ones that check it: internal/field in full (its
#     field assembly, mul_arm64.s, against its Go twin limb for limb, the
#     fuzz seeds, the test that the assembly is active), internal/fe4
#     (-short: its 4×64 kernels, doubling and mixed addition against their
#     Go twins limb for limb and against package group, the test that
#     fe4.Enabled is true), internal/group and the root package with
#     -short (the group law and every operation of the API over the
#     assembly), and the engines' tests of their 4×64 loops (internal/
#     ecmult, ecmultconst, ecmultgen, batch; the slowest randomized ones
#     left out). The rest of the module runs the same generic 64-bit
#     little-endian Go code as riscv64 around those; the whole suite under
#     qemu takes minutes that the 20-minute budget of .ci/run cannot spare.
#   - cmd/p256k1 is not run under qemu or wasm: its end-to-end tests execute
#     the built command, which a qemu-run test cannot (no binfmt_misc) and
#     js/wasm cannot at all. It is compiled for every target.
#   - wasip1/wasm, darwin/arm64, windows/amd64, linux/arm, linux/arm64
#     (beyond the packages above), linux/ppc64le and linux/loong64 are
#     compiled (library and commands),
#     not run: no runtime for them here (or nothing their runs would add to
#     s390x's, riscv64's and 386's). The other operating systems are also
#     vetted (which type-checks the tests, where OS-specific files differ);
#     the Linux ones share their test files with the run targets, and
#     .ci/run vets 386, arm64 and js/wasm. The run targets are not built
#     separately: their test runs compile everything the build step would.
#   - Tests that need cgo or a system libsecp256k1 skip themselves where it
#     cannot be loaded; the amd64 assembly tests are build-tagged to amd64.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
case "$mode" in
build | test | all) ;;
*)
	echo "usage: $0 [build|test|all]" >&2
	exit 2
	;;
esac

die() {
	echo "FATAL: $*" >&2
	exit 1
}

command -v go >/dev/null 2>&1 || die "the Go toolchain (go 1.24 or newer) is not installed"
go version

# Every configuration gets CGO_ENABLED=0: these are the builds a user
# cross-compiles without a C toolchain, and what runs under qemu and Node.
export CGO_ENABLED=0

start_all=$SECONDS
timings=()
step() { # step NAME COMMAND...: runs it, records its time
	local name=$1 t=$SECONDS
	shift
	echo "== $name"
	"$@" || die "$name failed"
	timings+=("$(printf '%-34s %4ds' "$name" $((SECONDS - t)))")
}

# --- cross-compilation ---------------------------------------------------

# Targets built here but not run (the run targets below compile the same
# packages, commands and test binaries when they run them).
targets="linux/arm linux/arm64 wasip1/wasm darwin/arm64 windows/amd64 linux/ppc64le linux/loong64"
# .ci/run already vets 386, arm64 and js/wasm (and amd64); the other Linux
# targets compile the same test files as those.
vet_targets="wasip1/wasm darwin/arm64 windows/amd64"

# build_target GOOS/GOARCH: the packages and commands. The test files are
# type-checked for every target by go vet (below and in .ci/run); linking
# each target's test binaries as well doubled this step's time and found
# nothing vet does not.
build_target() {
	local os=${1%/*} arch=${1#*/}
	GOOS=$os GOARCH=$arch go build ./...
}

vet_target() {
	local os=${1%/*} arch=${1#*/}
	GOOS=$os GOARCH=$arch go vet ./...
}

if [ "$mode" != test ]; then
	for t in $targets; do
		step "build $t" build_target "$t"
	done
	for t in $vet_targets; do
		step "vet $t" vet_target "$t"
	done
fi

# --- tests that run ------------------------------------------------------

if [ "$mode" != build ]; then
	# apt_install PACKAGE...: installs Debian packages (we run as root in CI).
	apt_install() {
		echo "installing $*"
		[ "$(id -u)" = 0 ] || die "missing $* and not root: apt-get install $*"
		if [ -z "${apt_updated:-}" ]; then
			apt-get update -qq || die "apt-get update failed"
			apt_updated=1
		fi
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || die "could not install $*"
	}

	# qemu-user-static; binfmt_misc is not assumed, so go test names it with
	# -exec. The packages that load libsecp256k1 through purego
	# (signer/libsecp256k1 and cmd/p256k1, which imports it) link dynamically
	# even with CGO_ENABLED=0, so their test binaries need the target's
	# dynamic loader and libc: libc6-riscv64-cross (found by qemu through
	# QEMU_LD_PREFIX) and, for 386, libc6-i386.
	command -v qemu-s390x-static >/dev/null 2>&1 || apt_install qemu-user-static
	for q in qemu-s390x-static qemu-riscv64-static qemu-aarch64-static; do
		command -v $q >/dev/null 2>&1 || die "qemu-user-static installed no $q"
	done
	[ -e /lib/ld-linux.so.2 ] || apt_install libc6-i386
	riscv64_root=/usr/riscv64-linux-gnu
	[ -e "$riscv64_root/lib/ld-linux-riscv64-lp64d.so.1" ] || apt_install libc6-riscv64-cross
	[ -e "$riscv64_root/lib/ld-linux-riscv64-lp64d.so.1" ] || die "no riscv64 dynamic loader in $riscv64_root"
	arm64_root=/usr/aarch64-linux-gnu
	[ -e "$arm64_root/lib/ld-linux-aarch64.so.1" ] || apt_install libc6-arm64-cross
	[ -e "$arm64_root/lib/ld-linux-aarch64.so.1" ] || die "no arm64 dynamic loader in $arm64_root"
	[ -e /lib/ld-linux.so.2 ] || die "no 386 dynamic loader (/lib/ld-linux.so.2)"

	# Node.js for js/wasm; Go's runner lives in $GOROOT/lib/wasm (Go ≥ 1.24).
	command -v node >/dev/null 2>&1 || apt_install nodejs
	wasmdir="$(go env GOROOT)/lib/wasm"
	[ -x "$wasmdir/go_js_wasm_exec" ] || wasmdir="$(go env GOROOT)/misc/wasm"
	[ -x "$wasmdir/go_js_wasm_exec" ] || die "go_js_wasm_exec not found in \$GOROOT/lib/wasm or misc/wasm"
	echo "qemu: $(qemu-s390x-static --version | head -n 1); node: $(node --version)"

	# cmd/p256k1's end-to-end tests build the command and execute it: under
	# qemu without binfmt_misc the child cannot run (exec format error), and
	# js/wasm has no processes at all. Its unit tests go with them (one
	# TestMain), so it is left out there; it runs on amd64 and 386.
	no_exec='github.com/p256k1/p256k1/cmd/p256k1'
	emu_pkgs=$(go list ./... | grep -v -x -F "$no_exec")
	# Under qemu and Node a test runs 20-40x slower than on amd64, and 386
	# (no 64-bit multiply) 5-10x. The tests below are left out there: each
	# runs in full on amd64, with and without -tags purego, which is the
	# same Go code (the generic arithmetic has no word-size or byte-order
	# dependent path that the tests still run here do not reach), and their
	# packages' other tests still exercise that code on every target (the
	# Pippenger and double-base tests, the valid batches, the corruption
	# tables of single verification, the proofs' vectors and known
	# answers); every vector, encoding and parser test runs.
	# logic_tests (logic_skip), everywhere here: randomized multi-scalar multiplication,
	# batch tweak checks, batch verification with bad or repeated items,
	# double-base infinity rounds, the cross-group proofs' rejection tables
	# (84 s of the 160 s that 386 spent in its five slowest packages' tests;
	# under qemu-s390x the first eight were already out, the last four took
	# 35 s of 176 in its eight slowest packages).
	logic_tests='TestMultiRandom|TestMultiAdversarial|TestDoubleBaseInfinity|TestMultiScalarMulVar|TestTweakCheckBatchBadItems|TestTweakCheckBatchAgrees|TestVerifyBatchOneBad|TestVerifyBatchSameKey|TestInvalidPointsRejected|TestSplicedProofsRejected|TestCorruptionsRejected|TestSwappedRingSignaturesRejected'
	# emu_skip, under qemu and Node only: allocation counts (the warm-up
	# loops of 1,024-item batches; 386 and amd64 count them), and the
	# many-item corruption and batch-recovery rounds (29 s more of those
	# 176 under qemu-s390x).
	logic_skip="^($logic_tests)\$"
	emu_skip="^($logic_tests|TestVerifyBatchAllocs|TestTweakCheckBatchAllocs|TestMultiAllocs|TestVerifyManyCorruptions|TestRecoverPubkeysMatchesSingle)\$"

	step "test linux/386 (native, -short)" env GOARCH=386 go test -count=1 -short -skip "$logic_skip" ./...
	# s390x is big-endian: any byte-order assumption in tables, encodings or
	# the portable field code shows up here. purego has no s390x port, so
	# signer/libsecp256k1 builds its stub there and every test binary links
	# statically; on riscv64 it links dynamically (target libc from
	# libc6-riscv64-cross, found through QEMU_LD_PREFIX). Go's linker
	# names /lib/ld.so.1 as the riscv64 interpreter, which Debian's cross
	# package calls ld-linux-riscv64-lp64d.so.1: -I says so.
	step "test linux/s390x (qemu, big-endian, -short)" env GOARCH=s390x \
		go test -count=1 -short -skip "$emu_skip" -exec qemu-s390x-static $emu_pkgs
	step "test linux/riscv64 (qemu, -short)" env QEMU_LD_PREFIX="$riscv64_root" GOARCH=riscv64 \
		go test -count=1 -short -skip "$emu_skip" -ldflags=-I=/lib/ld-linux-riscv64-lp64d.so.1 \
		-exec qemu-riscv64-static $emu_pkgs
	# arm64 has assembly (the field multiplication and squaring; internal/
	# fe4's 4×64 kernels, doubling and mixed addition, on which the engines
	# run there): internal/field in full, internal/fe4 (the assembly against
	# its Go twins limb for limb, the point operations against package
	# group), the group law and the root package with -short, and the
	# engines' tests that compare their 4×64 loops with the reference
	# (internal/ecmult's double-base, two-point and Pippenger tests and its
	# Strauss4 tests, the 4×64 loop against the 5×52 one;
	# internal/ecmultconst's multiplications; internal/ecmultgen and
	# internal/batch whole), leaving out their slowest randomized rounds
	# (ecmult's TestMulti* and TestDoubleBaseInfinity, ecmultconst's
	# TestMul4 and TestMulEdges: 200+ s under qemu).
	# 115-165 s in all here; the root package's test binary links
	# dynamically, as purego's loader is imported; the target libc comes
	# from libc6-arm64-cross, whose loader has the name Go's linker gives.
	step "test linux/arm64 (qemu, field and fe4 assembly, engines)" env QEMU_LD_PREFIX="$arm64_root" GOARCH=arm64 \
		sh -c 'go test -count=1 -exec qemu-aarch64-static ./internal/field &&
			go test -count=1 -short -exec qemu-aarch64-static ./internal/fe4 ./internal/group . ./internal/ecmultgen ./internal/batch &&
			go test -count=1 -short -exec qemu-aarch64-static -run "DoubleBase(Random|Edge|Windows|Allocs)|TwoPointVar|Pippenger|Strauss4|OddMultiples4" ./internal/ecmult &&
			go test -count=1 -short -exec qemu-aarch64-static -run "Mul(Small|Random|Windows|Linear|XOnly)|Allocs|OddMultiples" ./internal/ecmultconst'
	# go test finds go_js_wasm_exec on PATH for GOOS=js GOARCH=wasm.
	step "test js/wasm (node, -short)" env PATH="$wasmdir:$PATH" GOOS=js GOARCH=wasm \
		go test -count=1 -short -skip "$emu_skip" $emu_pkgs
fi

echo "== platform times"
printf '%s\n' "${timings[@]}"
echo "total $((SECONDS - start_all))s"
echo "platforms passed"
