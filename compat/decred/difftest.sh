#!/usr/bin/env bash
# The differential test against decred itself: difftest/ prints what
# decred's API computes on a deterministic stream of random and edge inputs
# (field and scalar arithmetic, points, keys and their parsing, ECDSA
# signing, DER parsing, verification and recovery, EC-Schnorr-DCRv0); it
# runs once on decred v4.4.1 and once with this module in its place, and
# the two outputs must be identical.
#
#   compat/decred/difftest.sh [-n ROUNDS] [-seed S]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/difftest" "$tmp/replaced"
(cd "$tmp/replaced" && go mod edit -replace "$decred=$here" -replace "github.com/p256k1/p256k1=$repo")
(cd "$here/difftest" && GOFLAGS=-mod=mod go run . "$@") >"$tmp/decred.txt"
(cd "$tmp/replaced" && GOFLAGS=-mod=mod go run . "$@") >"$tmp/replaced.txt"
if ! diff "$tmp/decred.txt" "$tmp/replaced.txt" >"$tmp/diff.txt"; then
	head -n 40 "$tmp/diff.txt"
	echo "difftest: compat/decred differs from decred v4.4.1 ($(grep -c '^<' "$tmp/diff.txt") line(s))" >&2
	exit 1
fi
echo "difftest: $(wc -l <"$tmp/decred.txt") results identical to decred v4.4.1's ($*)"
