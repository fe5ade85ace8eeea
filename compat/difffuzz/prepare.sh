#!/usr/bin/env bash
# Generates the renamed copies of p256k1's own drop-in modules that the
# differential targets import beside the libraries they replace:
#
#   compat/decred (module github.com/decred/dcrd/dcrec/secp256k1/v4)
#     -> gen/dcrp256k1     (github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1)
#   compat/erigon (module github.com/erigontech/secp256k1)
#     -> gen/erigonp256k1  (github.com/p256k1/p256k1/compat/difffuzz/gen/erigonp256k1)
#
# The drop-ins have the import paths of the modules they replace, so one
# binary cannot import both under those paths; the copies are packages of
# this module (no go.mod of their own, so no replace line is needed), their
# import paths rewritten by sed. Only non-test .go files are copied (and no
# main packages: internal/ctimecheck, difftest). gen/ is in .gitignore and
# rebuilt from scratch on every run; campaign.sh runs this script first, and
# TestGeneratedFresh fails if gen/ differs from what this script makes of
# the current sources.
#
# Usage: compat/difffuzz/prepare.sh [-o DIR]   (default DIR: compat/difffuzz/gen)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=$here/gen
if [ "${1:-}" = -o ]; then
	out=$2
fi
self=github.com/p256k1/p256k1/compat/difffuzz/gen

# copy SRC DST OLDPATH NEWPATH: the package tree of the module at SRC
# (non-test .go and .s files, main packages left out) into DST, every
# import of OLDPATH (or a package below it) rewritten to NEWPATH.
copy() {
	local src=$1 dst=$2 old=$3 new=$4 f rel
	rm -rf "$dst"
	mkdir -p "$dst"
	(cd "$src" && find . -path ./difftest -prune -o -path ./internal/ctimecheck -prune -o \
		-type f \( -name '*.go' -o -name '*.s' \) ! -name '*_test.go' -print) | sort |
		while read -r f; do
			rel=${f#./}
			mkdir -p "$dst/$(dirname "$rel")"
			sed "s#\"$old\([/\"]\)#\"$new\1#g" "$src/$rel" >"$dst/$rel"
		done
}

copy "$repo/compat/decred" "$out/dcrp256k1" github.com/decred/dcrd/dcrec/secp256k1/v4 "$self/dcrp256k1"
copy "$repo/compat/erigon" "$out/erigonp256k1" github.com/erigontech/secp256k1 "$self/erigonp256k1"
grep -rq '"github.com/decred/dcrd/dcrec/secp256k1/v4[/"]' "$out/dcrp256k1" && {
	echo "prepare.sh: decred's import path left in the copy" >&2
	exit 1
}
gofmt -w "$out"
exit 0
