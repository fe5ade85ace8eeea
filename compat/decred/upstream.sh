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
source "$(dirname "$0")/lib.sh"
skip='^(TestNAF|TestNAFRandom|TestSplitK|TestSplitKRandom|TestAccumulator96Add|TestScalarBaseMultJacobian)$'
# TestNAF, TestNAFRandom: decred's non-adjacent-form recoding (p256k1 recodes inside its engines)
# TestSplitK, TestSplitKRandom: decred's GLV scalar split (internal to p256k1's engines)
# TestAccumulator96Add: decred's 96-bit accumulator for its scalar reduction
# TestScalarBaseMultJacobian: it pins the Jacobian coordinates of decred's
#   variable-time table walk; ScalarBaseMultNonConst runs p256k1's blinded
#   constant-time comb instead (btcec derives public keys from secret keys
#   through it) and returns the affine form (Z = 1), the same point; the
#   test's affine half is what difftest.sh checks against decred itself.
#   AddNonConst and DoubleNonConst use decred's formulas, so
#   TestAddJacobian and TestDoubleJacobian run (README.md, "Exactness").

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy_decred_tests "$tmp/m" replaced
cd "$tmp/m"
GOFLAGS=-mod=mod go test -tags decredupstream -skip "$skip" "$@" ./...
