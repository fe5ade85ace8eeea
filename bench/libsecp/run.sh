#!/usr/bin/env bash
# Builds and runs libsecp256k1 v0.8.0's own benchmarks (bench_internal,
# bench_ecmult, bench) on this machine, so that p256k1's figures can be set
# beside the C library's measured on the same hardware.
#
# The C source comes from the secp256k1-sys 0.14.1 crate (crates.io), which
# vendors libsecp256k1 v0.8.0 with its symbols renamed; nothing is copied
# into this repository. That vendored copy leaves out the allocating
# functions (context_create/destroy, scratch_space_create/destroy), which the
# benchmarks need: shim.c and ecmult_wrap.c supply them.
#
# Usage: bench/libsecp/run.sh [bench_internal|bench_ecmult|bench] [benchmark names...]
# With LIBSECP_CPUTIME=1 the benchmarks time by the thread's CPU time instead
# of wall time (cputime.h), for shared machines.
# Needs: cargo (to fetch the crate) and gcc.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${LIBSECP_WORK:-/tmp/p256k1-libsecp}
mkdir -p "$work"
if [ ! -d "$work/src" ]; then
	(cd "$work" && rm -rf fetch && cargo new -q --vcs none fetch && cd fetch &&
		cargo add -q secp256k1-sys@=0.14.1 && cargo fetch -q)
	src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/secp256k1-sys-0.14.1/depend/secp256k1 | head -1)
	cp -r "$src/." "$work/"
fi
# The build options libsecp256k1's CMake uses by default on x86-64.
defs="-DCOMB_BLOCKS=43 -DCOMB_TEETH=6 -DECMULT_WINDOW_SIZE=15 -DENABLE_MODULE_ECDH=1 -DENABLE_MODULE_EXTRAKEYS=1
      -DENABLE_MODULE_RECOVERY=1 -DENABLE_MODULE_SCHNORRSIG=1 -DUSE_ASM_X86_64=1"
pre="$work/src/precomputed_ecmult.c $work/src/precomputed_ecmult_gen.c"
cc=${CC:-gcc}
# LIBSECP_CPUTIME=1: time by the thread's CPU time (cputime.h), binaries *_cpu.
sfx=
if [ "${LIBSECP_CPUTIME:-}" = 1 ]; then
	defs="$defs -include $here/cputime.h"
	sfx=_cpu
fi
[ -x "$work/bench_internal$sfx" ] || $cc -O2 $defs -w -o "$work/bench_internal$sfx" "$work/src/bench_internal.c" $pre "$here/shim.c"
[ -x "$work/bench_ecmult$sfx" ] || $cc -O2 $defs -w -I"$work/src" -o "$work/bench_ecmult$sfx" "$here/ecmult_wrap.c" $pre "$here/shim.c"
[ -x "$work/bench$sfx" ] || $cc -O2 $defs -w -I"$work/include" -o "$work/bench$sfx" "$work/src/bench.c" "$work/src/secp256k1.c" $pre "$here/shim.c"
if [ $# -eq 0 ]; then
	for b in bench_internal bench_ecmult bench; do "$work/$b$sfx"; done
else
	b=$1
	shift
	"$work/$b$sfx" "$@"
fi
