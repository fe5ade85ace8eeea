#!/usr/bin/env bash
# Runs decred's own secp256k1/v4 tests against this module, never copying
# them into the repository: they are fetched with the Go module cache and
# copied, at test time, into a temporary copy of this module, where our
# shim files (upstream_shim_test.go, build tag decredupstream) give them the
# unexported helpers they call.
#
#   compat/decred/upstream.sh [-short] [go test flags...]
#
# Skipped, each for the reason given: tests of decred's internal algorithms
# that this implementation does not have (it runs p256k1's engines instead).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
version=v4.4.1
skip='^(TestNAF|TestNAFRandom|TestSplitK|TestSplitKRandom|TestAccumulator96Add|TestAddJacobian|TestDoubleJacobian|TestScalarBaseMultJacobian)$'
# TestNAF, TestNAFRandom: decred's non-adjacent-form recoding (p256k1 recodes inside its engines)
# TestSplitK, TestSplitKRandom: decred's GLV scalar split (internal to p256k1's engines)
# TestAccumulator96Add: decred's 96-bit accumulator for its scalar reduction
# TestAddJacobian, TestDoubleJacobian, TestScalarBaseMultJacobian: they
#   compare Jacobian coordinates, which depend on the formulas (p256k1's
#   complete addition, its halved doubling, its blinded comb give other
#   representatives of the same points); the same points are compared in
#   affine form by compat/decred's differential test against decred itself

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$(cd "$here" && GOFLAGS=-mod=mod go mod download -json "github.com/decred/dcrd/dcrec/secp256k1/v4@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "upstream.sh: could not fetch decred secp256k1 $version" >&2; exit 1; }

# Our module, as it is.
(cd "$here" && tar -cf - .) | (cd "$tmp" && tar -xf -)
sed -i "s#=> ../..#=> $repo#" "$tmp/go.mod"
# Their tests, and our shims.
for d in . ecdsa schnorr; do
	cp "$src/$d/"*_test.go "$tmp/$d/"
done
chmod -R u+w "$tmp"
cd "$tmp"
GOFLAGS=-mod=mod go test -tags decredupstream -skip "$skip" "$@" ./...
