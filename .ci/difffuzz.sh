#!/usr/bin/env bash
# Differential fuzz seeds against libsecp256k1 v0.8.0: builds the C library
# from the secp256k1-sys 0.14.1 crate (bench/difffuzz/build.sh: cargo fetch,
# unless cargo's registry cache has it, then gcc; skipped when the library is
# already built from the same script) and runs the committed seed corpora of
# every fuzz target in bench/difffuzz (go test -tags libsecp080), strictly:
# DIFFFUZZ_TOLERATE, which fuzzing campaigns may set to look past known
# findings, is cleared. Fails loudly if the build, vet or any seed fails.
#
# Usage: .ci/difffuzz.sh        (from anywhere; needs go, gcc, and cargo if
#                                the crate is not cached)
set -euo pipefail
cd "$(dirname "$0")/.."

die() {
	echo "FATAL (difffuzz): $*" >&2
	exit 1
}

bench/difffuzz/build.sh || die "building libsecp256k1 v0.8.0 failed"

cd bench
export CGO_ENABLED=1
unset DIFFFUZZ_TOLERATE
go vet -tags libsecp080 ./difffuzz || die "go vet -tags libsecp080 ./difffuzz failed"
# Without cgo the package would silently have no tests: make sure the
# targets are there.
targets=$(go test -tags libsecp080 -list '^Fuzz' ./difffuzz | grep -c '^Fuzz' || true)
[ "$targets" -ge 11 ] || die "expected at least 11 fuzz targets in bench/difffuzz, found $targets"
go test -count=1 -tags libsecp080 ./difffuzz || die "a differential fuzz seed failed (see above)"
echo "difffuzz: $targets targets' seed corpora agree with libsecp256k1 v0.8.0"
