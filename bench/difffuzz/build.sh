#!/usr/bin/env bash
# Builds libsecp256k1 v0.8.0 as a static library for the differential fuzz
# targets of this package (cgo, build tag libsecp080).
#
# The C source is the copy vendored in the secp256k1-sys 0.14.1 crate
# (crates.io), fetched with cargo as bench/libsecp/run.sh does; its symbols
# carry the prefix rustsecp256k1_v0_14_. Nothing is copied into the
# repository: the headers and libsecp256k1.a go to bench/difffuzz/libsecp/,
# which .gitignore excludes and the cgo directives of libsecp.go name.
#
# Modules: ecdh, recovery, extrakeys, schnorrsig, musig, ellswift and
# silentpayments, plus contrib/lax_der_parsing.c (as the crate builds it).
# Build options: libsecp256k1's CMake defaults on x86-64 (-O2, its x86-64
# field assembly). A second copy, libsecp256k1-c.a, is built as the
# secp256k1-sys crate builds it for Rust users (-O3, no assembly), for the
# benchmarks of ../ (tag libsecpc selects it).
#
# Usage: bench/difffuzz/build.sh [-f]   (-f rebuilds even if up to date)
# Needs: cargo (only if the crate is not in cargo's registry cache yet) and a
# C compiler (gcc, or $CC). Exits non-zero, saying why, if anything fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/libsecp"
work=${DIFFFUZZ_WORK:-${TMPDIR:-/tmp}/p256k1-difffuzz}
cc=${CC:-gcc}
die() {
	echo "difffuzz/build.sh: FATAL: $*" >&2
	exit 1
}

stamp=$(cat "$0" | sha256sum | cut -c1-16)
if [ "${1:-}" != "-f" ] && [ -f "$out/libsecp256k1.a" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp" ]; then
	exit 0
fi

# The crate's source, from cargo's registry cache or fetched into it.
registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
find_src() { ls -d "$registry"/*/secp256k1-sys-0.14.1/depend/secp256k1 2>/dev/null | head -1 || true; }
src=$(find_src)
if [ -z "$src" ]; then
	command -v cargo >/dev/null 2>&1 || die "cargo is not installed (needed to fetch the secp256k1-sys 0.14.1 crate)"
	mkdir -p "$work"
	(cd "$work" && rm -rf fetch && cargo new -q --vcs none fetch && cd fetch &&
		cargo add -q secp256k1-sys@=0.14.1 && cargo fetch -q) || die "cargo could not fetch secp256k1-sys 0.14.1"
	src=$(find_src)
	[ -n "$src" ] || die "secp256k1-sys 0.14.1 fetched, but its source is not under $registry"
fi
grep -q '^## \[0\.8\.0\]' "$src/CHANGELOG.md" || die "$src is not libsecp256k1 v0.8.0"
command -v "$cc" >/dev/null 2>&1 || die "no C compiler ($cc)"

defs="-DECMULT_WINDOW_SIZE=15 -DCOMB_BLOCKS=43 -DCOMB_TEETH=6
      -DENABLE_MODULE_ECDH=1 -DENABLE_MODULE_RECOVERY=1 -DENABLE_MODULE_EXTRAKEYS=1
      -DENABLE_MODULE_SCHNORRSIG=1 -DENABLE_MODULE_MUSIG=1 -DENABLE_MODULE_ELLSWIFT=1
      -DENABLE_MODULE_SILENTPAYMENTS=1"
asm=
case "$(uname -m)" in
x86_64 | amd64) asm="-DUSE_ASM_X86_64=1" ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
objs=()
for f in src/secp256k1.c src/precomputed_ecmult.c src/precomputed_ecmult_gen.c contrib/lax_der_parsing.c; do
	for flavor in asm c; do
		o="$tmp/$flavor-$(basename "$f" .c).o"
		if [ $flavor = asm ]; then
			opt="-O2 $asm"
		else
			opt="-O3"
		fi
		# shellcheck disable=SC2086
		$cc $opt -fPIC -w $defs -I"$src" -I"$src/include" -I"$src/src" -c "$src/$f" -o "$o" &
		objs+=("$o")
	done
done
for _ in "${objs[@]}"; do wait -n || die "compiling libsecp256k1 failed"; done
rm -rf "$out"
mkdir -p "$out/include"
ar rcs "$out/libsecp256k1.a" "$tmp"/asm-*.o || die "ar failed"
ar rcs "$out/libsecp256k1-c.a" "$tmp"/c-*.o || die "ar failed"
cp "$src"/include/*.h "$src/contrib/lax_der_parsing.h" "$out/include/"
echo "$stamp" >"$out/.stamp"
echo "difffuzz/build.sh: built $out/libsecp256k1.a from $src"
