#!/usr/bin/env bash
# Runs the README's drop-in recipes exactly as written, in scratch projects
# beside this checkout, and fails unless switching changes nothing but the
# switch itself:
#
#   - the project builds and runs with the replaced module (go build, go run,
#     go vet) without GOFLAGS=-mod=mod or any other help;
#   - every module the project had keeps its version (`go list -m all`
#     before and after), the replaced one now pointing at p256k1 (modules
#     that only the replaced one needed may leave the graph);
#   - go.mod gains only the replace lines and the requirement on p256k1;
#   - a module new to the graph (a requirement of p256k1's own go.mod that
#     the project lacks) is listed, and must not be built: it is not in the
#     project's go.mod afterwards.
#
# The recipes are the README's fenced blocks that follow the markers
# <!-- recipe:decred --> and <!-- recipe:erigon -->; they name the checkout
# as ../p256k1, which is what the scratch layout provides (a link).
#
#   compat/recipe.sh        both recipes (about a minute with a warm module cache)
#
# Needs the Go module proxy (or a warm module cache) and, for erigon's
# baseline build, cgo (gcc).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ln -s "$repo" "$tmp/p256k1"

# recipe NAME: the commands of the README's block after <!-- recipe:NAME -->,
# without the leading "cd" line, continuation lines joined.
recipe() {
	awk -v m="<!-- recipe:$1 -->" '
		$0 == m { found = 1; next }
		found && /^```/ { if (inblock) exit; inblock = 1; next }
		inblock { print }
	' "$repo/README.md" | grep -v '^cd ' | sed -e ':a' -e '/\\$/N; s/\\\n[[:space:]]*/ /; ta'
}

# check NAME: runs recipe NAME in $tmp/NAME-proj (already a tidy project that
# builds), then the checks above.
check() {
	local name=$1 dir="$tmp/$1-proj" cmds
	cmds=$(recipe "$name")
	[ -n "$cmds" ] || { echo "recipe.sh: README.md has no <!-- recipe:$name --> block" >&2; return 1; }
	cd "$dir"
	go mod tidy
	go build ./...
	go list -m all | sort >"$tmp/$name.before"
	cp go.mod "$tmp/$name.before.mod"
	echo "== $name: the README's recipe, as written"
	echo "$cmds" | sed 's/^/   $ /'
	(set -x; eval "$cmds") 2>&1 | sed 's/^/   /'
	go build ./... && go vet ./... || { echo "recipe.sh: $name: the project does not build after the recipe" >&2; return 1; }
	go run . | sed 's/^/   run: /'
	go list -m all | sort >"$tmp/$name.after"
	local rc=0
	python3 - "$tmp/$name.before" "$tmp/$name.after" "$tmp/$name.before.mod" go.mod "$name" <<'PY'
import sys, re
before_l, after_l, before_mod, after_mod, name = sys.argv[1:6]
def mods(path):
    m = {}
    for line in open(path):
        f = line.split()
        if f:
            m[f[0]] = " ".join(f[1:])
    return m
b, a = mods(before_l), mods(after_l)
bad, gone = [], []
for mod, ver in b.items():
    if mod not in a:
        gone.append(mod)
        continue
    av = a[mod]
    if "=>" in av:
        if av.split("=>")[0].strip() != ver:
            bad.append(f"{mod}: {ver} -> {av}")
        continue
    if av != ver:
        bad.append(f"{mod}: {ver} -> {av} (the switch changed a version)")
new = sorted(set(a) - set(b))
def reqs(path):
    text = open(path).read()
    return set(re.findall(r"^\s*(?:require\s+)?([\w./~-]+\.[\w./~-]+)\s+v\S+", text, re.M))
added = reqs(after_mod) - reqs(before_mod)
for mod in added:
    if mod != "github.com/p256k1/p256k1":
        bad.append(f"go.mod gained a requirement on {mod}")
for mod in new:
    if mod != "github.com/p256k1/p256k1" and mod in reqs(after_mod):
        bad.append(f"{mod} is new and built")
print(f"   {name}: {len(b)} modules before, every version unchanged" if not bad else f"   {name}: differences:")
for x in bad:
    print("   FAIL " + x)
if new:
    print("   new in the graph: " + ", ".join(f"{m} {a[m]}" for m in new) + " (p256k1 itself, and requirements of its go.mod that no package of the project builds)")
if gone:
    print("   left the graph: " + ", ".join(gone) + " (needed only by the module replaced)")
sys.exit(1 if bad else 0)
PY
	rc=$?
	cd "$tmp"
	return $rc
}

# A btcec project, as lnd and btcwallet are: btcec v2.3.5 (so decred
# v4.0.1) beside older golang.org/x modules and purego.
mkdir -p "$tmp/decred-proj"
cat >"$tmp/decred-proj/go.mod" <<'MOD'
module example.com/decredproj

go 1.24.0

require (
	github.com/btcsuite/btcd/btcec/v2 v2.3.5
	github.com/ebitengine/purego v0.10.1
	golang.org/x/crypto v0.41.0
	golang.org/x/sys v0.35.0
)
MOD
cat >"$tmp/decred-proj/main.go" <<'GO'
package main

import (
	"crypto/sha256"
	"fmt"

	"github.com/btcsuite/btcd/btcec/v2"
	"github.com/btcsuite/btcd/btcec/v2/ecdsa"
	_ "github.com/ebitengine/purego"
	_ "golang.org/x/crypto/chacha20poly1305"
	_ "golang.org/x/sys/cpu"
)

func main() {
	priv, _ := btcec.PrivKeyFromBytes([]byte{1, 2, 3})
	h := sha256.Sum256([]byte("recipe"))
	sig := ecdsa.Sign(priv, h[:])
	fmt.Printf("btcec signature %x verifies: %v\n", sig.Serialize(), sig.Verify(h[:], priv.PubKey()))
}
GO

# An erigon project: erigon's cgo secp256k1 module.
mkdir -p "$tmp/erigon-proj"
cat >"$tmp/erigon-proj/go.mod" <<'MOD'
module example.com/erigonproj

go 1.24.0

require (
	github.com/erigontech/secp256k1 v1.3.0
	golang.org/x/sys v0.35.0
)
MOD
cat >"$tmp/erigon-proj/main.go" <<'GO'
package main

import (
	"crypto/sha256"
	"fmt"

	"github.com/erigontech/secp256k1"
	_ "golang.org/x/sys/cpu"
)

func main() {
	h := sha256.Sum256([]byte("recipe"))
	key := make([]byte, 32)
	key[31] = 7
	sig, err := secp256k1.Sign(h[:], key)
	if err != nil {
		panic(err)
	}
	pub, err := secp256k1.RecoverPubkey(h[:], sig)
	fmt.Printf("erigon signature %x recovers %x (%v)\n", sig[:8], pub[:8], err)
}
GO

failed=0
check decred || failed=1
check erigon || failed=1
[ "$failed" -eq 0 ] || { echo "recipe.sh: a README recipe does not work as written" >&2; exit 1; }
echo "recipe.sh: both README recipes work as written and change no version"
