#!/usr/bin/env bash
# Runs other projects' own test suites with decred's secp256k1/v4 replaced
# by this module, and (with --baseline) the same suites on decred v4.4.1
# itself (the release this module mirrors), so that a failure can be told
# apart from one the project has anyway.
# Nothing of theirs enters this repository: each project is fetched with
# the Go module cache and copied, at test time, into a temporary directory,
# where one line is added to its go.mod:
#
#   replace github.com/decred/dcrd/dcrec/secp256k1/v4 => <this module>
#
# (plus one naming this p256k1 checkout, while p256k1 is not published).
#
#   compat/decred/projects.sh [--baseline] [--no-skip] [--only NAME[,NAME...]] [--short]
#
# Prints one line per project: tests run, passed, failed, skipped (counted
# from go test -json), and fails if any test failed under the replacement.
# Tests that reach the internet are never run (skipped below, by name).
# go vet is off during the runs (-vet=off): the replacement raises a
# project's go directive, which switches on vet checks its code predates
# (go-nostr's nip44 fails the printf check that way on decred itself too).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# name; module@version; packages; extra go test flags; environment
projects=(
	"btcec;github.com/btcsuite/btcd/btcec/v2@v2.3.5;./...;-skip ^(TestRecoverCompact)$;"
	"btcd-txscript;github.com/btcsuite/btcd@v0.24.2;./txscript/...;;"
	"btcutil;github.com/btcsuite/btcd/btcutil@v1.2.0;./...;;"
	"geth-crypto;github.com/ethereum/go-ethereum@v1.17.10;./crypto/...;;CGO_ENABLED=0"
	"cometbft;github.com/cometbft/cometbft@v1.0.1;./crypto/secp256k1/...;;GOWORK=off"
	"go-nostr;github.com/nbd-wtf/go-nostr@v0.38.2;. ./nip04 ./nip06 ./nip19 ./nip42 ./nip44 ./nip49 ./nip59;-skip ^(TestEOSEMadness|TestCount|TestSubscribeBasic|TestNestedSubscriptions)$;"
	"go-dleq;github.com/athanorlabs/go-dleq@v0.0.0-20230113214619-d6fd7c03e213;./...;;"
	"ring-go;github.com/pokt-network/ring-go@v0.1.0;./...;;"
)
# btcec's TestRecoverCompact expects decred v4.0.1's error values and fails on
# decred v4.4.1 itself (run --baseline --no-skip to see it).
# go-nostr's TestEOSEMadness, TestCount, TestSubscribeBasic and
# TestNestedSubscriptions connect to public relays: not run.

baseline=
noskip=
only=
short=
while [ $# -gt 0 ]; do
	case "$1" in
	--baseline) baseline=1 ;;
	--only) only="$2"; shift ;;
	--short) short=-short ;;
	--no-skip) noskip=1 ;;
	*) echo "usage: $0 [--baseline] [--no-skip] [--only NAME[,NAME...]] [--short]" >&2; exit 2 ;;
	esac
	shift
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# count FILE: "run passed failed skipped" of the go test -json stream.
count() {
	python3 - "$1" <<'PY'
import json, sys
res = {}
for line in open(sys.argv[1], errors="replace"):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    if e.get("Test") and e.get("Action") in ("pass", "fail", "skip"):
        res[(e.get("Package"), e["Test"])] = e["Action"]
vals = list(res.values())
print(len(vals), vals.count("pass"), vals.count("fail"), vals.count("skip"))
PY
}

# runone NAME MOD PKGS FLAGS ENV MODE: MODE replaced|baseline.
runone() {
	local name=$1 mod=$2 pkgs=$3 flags=$4 env=$5 mode=$6 dir log rc=0
	dir="$tmp/$name-$mode"
	copy_project "$mod" "$dir" "$mode"
	[ -z "$noskip" ] || flags=
	log="$tmp/$name-$mode.json"
	# shellcheck disable=SC2086
	# No GOFLAGS=-mod=mod: the switched project builds as the README's recipe leaves it.
	(cd "$dir" && env $env go test -json -vet=off $short $flags $pkgs >"$log" 2>"$log.err") || rc=$?
	read -r run pass fail skip < <(count "$log")
	printf '%-14s %-9s tests %5d  passed %5d  failed %3d  skipped %3d  (go test exit %d)\n' \
		"$name" "$mode" "$run" "$pass" "$fail" "$skip" "$rc"
	if [ "$rc" -ne 0 ]; then
		grep -h '"Action":"fail"' "$log" | python3 -c '
import json, sys
for l in sys.stdin:
    e = json.loads(l)
    if e.get("Test"): print("    FAIL", e["Package"], e["Test"])' | head -20
		grep -v "^ok\|^PASS\|^$\|^go: downloading" "$log.err" | head -20 | sed "s/^/    /"
		return 1
	fi
}

for p in "${projects[@]}"; do
	IFS=';' read -r name mod pkgs flags env <<<"$p"
	if [ -n "$only" ] && ! [[ ",$only," == *",$name,"* ]]; then
		continue
	fi
	if [ -n "$baseline" ]; then
		runone "$name" "$mod" "$pkgs" "$flags" "$env" baseline || true
	fi
	runone "$name" "$mod" "$pkgs" "$flags" "$env" replaced || failed=1
done
[ "$failed" -eq 0 ] || { echo "projects.sh: a suite failed under the replacement" >&2; exit 1; }
