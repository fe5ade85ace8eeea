#!/usr/bin/env bash
# Runs go-ethereum's and erigon's own secp256k1 tests against p256k1's
# drop-ins, in temporary modules; nothing of theirs enters this repository.
#
#   compat/run-upstream.sh            the tests (-count=3: their random keys differ each run)
#   compat/run-upstream.sh -quick     the tests once (what .ci/run calls; about a minute)
#   compat/run-upstream.sh -bench [N] geth's benchmarks for geth with cgo, geth with
#                                     CGO_ENABLED=0 and p256k1, N interleaved rounds (default
#                                     5), and libsecp256k1 v0.8.0's ecdsa_recover; medians
#
# What runs (sources from the Go module cache, `go mod download`):
#  1. go-ethereum's crypto/secp256k1/secp256_test.go, in a temporary package
#     named secp256k1 whose other file binds every name of geth's package to
#     compat/geth/secp256k1 (CGO_ENABLED=0).
#  2. go-ethereum's crypto package copied into a temporary module, its cgo
#     signature file (signature_cgo.go, which calls crypto/secp256k1) made
#     the only signature file and pointed at compat/geth/secp256k1; geth's
#     crypto tests run with CGO_ENABLED=0. Beside them, a test of ours
#     replays core/vm/testdata/precompiles/ecRecover.json through the
#     precompile's logic (as core/vm's ecrecover.Run) on that crypto package.
#  3. erigon's module tests (secp256_test.go, secp256_fuzz_test.go) in a
#     temporary package that imports github.com/erigontech/secp256k1, which
#     the temporary go.mod replaces with compat/erigon — the switch a user
#     makes.
# Needs: go, network access to the Go module proxy (or a warm module cache);
# for -bench also gcc and cgo (geth's cgo build) and cargo and gcc
# (bench/libsecp/run.sh).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
GETH_VERSION=v1.17.10
ERIGON_VERSION=v1.3.0

mode=full
rounds=5
case "${1:-}" in
-quick) mode=quick ;;
-bench)
	mode=bench
	rounds=${2:-5}
	;;
"") ;;
*)
	echo "usage: $0 [-quick | -bench [rounds]]" >&2
	exit 2
	;;
esac

die() {
	echo "run-upstream: FATAL: $*" >&2
	exit 1
}
command -v go >/dev/null || die "go is not installed"

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export GOFLAGS=-mod=mod

# moddir MODULE@VERSION: the module's directory in the module cache.
moddir() {
	(cd "$work" && go mod download -json "$1") | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}
geth=$(moddir github.com/ethereum/go-ethereum@$GETH_VERSION)
[ -d "$geth/crypto/secp256k1" ] || die "could not fetch go-ethereum $GETH_VERSION"
erigon=$(moddir github.com/erigontech/secp256k1@$ERIGON_VERSION)
[ -f "$erigon/secp256_test.go" ] || die "could not fetch github.com/erigontech/secp256k1 $ERIGON_VERSION"

# shim PKG IMPORT: a file of package PKG binding geth's (and erigon's) names
# to the package at IMPORT.
shim() {
	cat <<EOF
package $1

import up "$2"

type BitCurve = up.BitCurve

var (
	ErrInvalidMsgLen       = up.ErrInvalidMsgLen
	ErrInvalidSignatureLen = up.ErrInvalidSignatureLen
	ErrInvalidRecoveryID   = up.ErrInvalidRecoveryID
	ErrInvalidKey          = up.ErrInvalidKey
	ErrInvalidPubkey       = up.ErrInvalidPubkey
	ErrSignFailed          = up.ErrSignFailed
	ErrRecoverFailed       = up.ErrRecoverFailed

	S256             = up.S256
	Sign             = up.Sign
	RecoverPubkey    = up.RecoverPubkey
	VerifySignature  = up.VerifySignature
	DecompressPubkey = up.DecompressPubkey
	CompressPubkey   = up.CompressPubkey
)
EOF
}

# strip_tags FILE: the file without its build constraints.
strip_tags() { sed -e '/^\/\/go:build/d' -e '/^\/\/ +build/d' "$1"; }

# 1. geth's crypto/secp256k1 tests.
gs=$work/geth-secp256k1
mkdir -p "$gs/secp256k1"
cat >"$gs/go.mod" <<EOF
module upstream.test/gethsecp256k1

go 1.25.0

require github.com/p256k1/p256k1 v0.0.0-00010101000000-000000000000

replace github.com/p256k1/p256k1 => $repo
EOF
shim secp256k1 github.com/p256k1/p256k1/compat/geth/secp256k1 >"$gs/secp256k1/shim.go"
strip_tags "$geth/crypto/secp256k1/secp256_test.go" >"$gs/secp256k1/secp256_test.go"
(cd "$gs" && go mod tidy >/dev/null 2>&1) || die "go mod tidy failed in $gs"

# 2. geth's crypto package over compat/geth/secp256k1.
gc=$work/geth-crypto
mkdir -p "$gc/crypto"
cp "$geth"/crypto/*.go "$gc/crypto/"
chmod -R u+w "$gc"
rm "$gc/crypto/signature_nocgo.go" "$gc/crypto/signature_cgo.go"
strip_tags "$geth/crypto/signature_cgo.go" |
	sed 's#"github.com/ethereum/go-ethereum/crypto/secp256k1"#"github.com/p256k1/p256k1/compat/geth/secp256k1"#' \
		>"$gc/crypto/signature_p256k1.go"
grep -q 'p256k1/compat/geth/secp256k1' "$gc/crypto/signature_p256k1.go" || die "geth's signature_cgo.go no longer imports crypto/secp256k1"
cat >"$gc/go.mod" <<EOF
module upstream.test/gethcrypto

go 1.25.0

require (
	github.com/ethereum/go-ethereum $GETH_VERSION
	github.com/p256k1/p256k1 v0.0.0-00010101000000-000000000000
)

replace github.com/p256k1/p256k1 => $repo
EOF
cp "$geth/go.sum" "$gc/go.sum"
chmod u+w "$gc/go.sum"
cat >"$gc/crypto/p256k1_ecrecover_replay_test.go" <<'EOF'
package crypto

// Written by p256k1's compat/run-upstream.sh: replays go-ethereum's
// ecRecover precompile vectors through the precompile's steps (core/vm's
// ecrecover.Run) on this crypto package.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"os"
	"testing"
)

func TestP256k1EcrecoverPrecompile(t *testing.T) {
	data, err := os.ReadFile(os.Getenv("ECRECOVER_JSON"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct{ Input, Expected, Name string }
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) == 0 {
		t.Fatal("no vectors")
	}
	run := func(input []byte) []byte {
		in := make([]byte, 128)
		copy(in, input)
		r := new(big.Int).SetBytes(in[64:96])
		s := new(big.Int).SetBytes(in[96:128])
		v := in[63] - 27
		if !bytes.Equal(in[32:63], make([]byte, 31)) || !ValidateSignatureValues(v, r, s, false) {
			return nil
		}
		var sig [65]byte
		copy(sig[:], in[64:128])
		sig[64] = v
		pub, err := Ecrecover(in[:32], sig[:])
		if err != nil {
			return nil
		}
		out := make([]byte, 32)
		copy(out[12:], Keccak256(pub[1:])[12:])
		return out
	}
	for _, v := range vectors {
		in, err := hex.DecodeString(v.Input)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if got := hex.EncodeToString(run(in)); got != v.Expected {
			t.Errorf("%s: got %q, want %q", v.Name, got, v.Expected)
		}
	}
	t.Logf("%d ecRecover precompile vectors match", len(vectors))
}
EOF
(cd "$gc" && go mod tidy >/dev/null 2>&1) || die "go mod tidy failed in $gc"

# 3. erigon's tests through the replace.
ge=$work/erigon
mkdir -p "$ge/secp256k1"
cat >"$ge/go.mod" <<EOF
module upstream.test/erigon

go 1.25.0

require github.com/erigontech/secp256k1 $ERIGON_VERSION

replace (
	github.com/erigontech/secp256k1 => $repo/compat/erigon
	github.com/p256k1/p256k1 => $repo
)
EOF
shim secp256k1 github.com/erigontech/secp256k1 >"$ge/secp256k1/shim.go"
cat >>"$ge/secp256k1/shim.go" <<'EOF'

var (
	DefaultContext           = up.DefaultContext
	NewContext               = up.NewContext
	ContextForThread         = up.ContextForThread
	NumOfContexts            = up.NumOfContexts
	RecoverPubkeyWithContext = up.RecoverPubkeyWithContext
)

type Context = up.Context
EOF
for f in "$erigon"/*_test.go; do
	strip_tags "$f" >"$ge/secp256k1/$(basename "$f")"
done
(cd "$ge" && go mod tidy >/dev/null 2>&1) || die "go mod tidy failed in $ge"

# run_tests LABEL DIR PKG [ENV...]: go test -v, fails on any failure, prints
# the count of passed tests.
total=0
runs=0
run_tests() {
	local label=$1 dir=$2 pkg=$3 count=3 log rc=0
	shift 3
	[ "$mode" = quick ] && count=1
	runs=$((runs + 1))
	log=$work/tests-$runs.log
	echo "== $label"
	(cd "$dir" && env "$@" go test -count=$count -v "$pkg") >"$log" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ] || ! grep -q '^ok' "$log"; then
		grep -E -e '--- FAIL|^FAIL|panic:|\.go:[0-9]+:' "$log" | head -40 >&2
		die "$label failed"
	fi
	grep -E 'vectors match' "$log" | sed 's/^ */   /' || true
	local n
	n=$(grep -cE -e '^--- PASS' "$log" || true)
	echo "   $n test runs passed ($(grep -cE -e '^--- SKIP' "$log" || true) skipped), -count=$count"
	total=$((total + n))
}

if [ "$mode" != bench ]; then
	run_tests "geth crypto/secp256k1 tests against compat/geth/secp256k1" "$gs" ./secp256k1 CGO_ENABLED=0
	run_tests "geth crypto tests and ecRecover.json against compat/geth/secp256k1" "$gc" ./crypto CGO_ENABLED=0 \
		ECRECOVER_JSON="$geth/core/vm/testdata/precompiles/ecRecover.json"
	run_tests "erigon secp256k1 tests through replace => compat/erigon" "$ge" ./secp256k1 CGO_ENABLED=0
	echo "run-upstream: all passed ($total test runs; go-ethereum $GETH_VERSION, erigon secp256k1 $ERIGON_VERSION)"
	exit 0
fi

# -bench: test binaries for each configuration, run in interleaved rounds.
command -v gcc >/dev/null || die "gcc is needed for geth's cgo build"
bin=$work/bin
mkdir -p "$bin"
echo "== building the benchmark binaries"
(cd "$gc" && CGO_ENABLED=1 go test -c -o "$bin/crypto-geth-cgo" github.com/ethereum/go-ethereum/crypto) || die "build geth crypto (cgo)"
(cd "$gc" && CGO_ENABLED=0 go test -c -o "$bin/crypto-geth-nocgo" github.com/ethereum/go-ethereum/crypto) || die "build geth crypto (no cgo)"
(cd "$gc" && CGO_ENABLED=0 go test -c -o "$bin/crypto-p256k1" ./crypto) || die "build geth crypto over p256k1"
(cd "$gc" && CGO_ENABLED=1 go test -c -o "$bin/secp-geth-cgo" github.com/ethereum/go-ethereum/crypto/secp256k1) || die "build geth secp256k1 (cgo)"
(cd "$gs" && CGO_ENABLED=0 go test -c -o "$bin/secp-p256k1" ./secp256k1) || die "build geth secp256k1 tests over p256k1"
libsecp=
if command -v cargo >/dev/null; then
	"$repo/bench/libsecp/run.sh" bench ecdsa_recover >/dev/null 2>&1 && libsecp=1
fi
[ -n "$libsecp" ] || echo "libsecp256k1 v0.8.0 row skipped (bench/libsecp/run.sh needs cargo and gcc)"

raw=$work/raw.txt
: >"$raw"
# The machines are shared: wall-clock ns/op swings 2–8× with other load, so
# each benchmark runs twice with a fixed count (-test.benchtime=Nx) and the
# process's CPU time (user + sys) of the two runs is differenced, which
# cancels start-up (cgo context creation, test set-up) and leaves CPU time
# per operation. GOMAXPROCS=1: one core, as geth's benchmarks are written.
nlo=500
nhi=15000
cputime() { # cputime CMD...: the CPU seconds (user + sys) of CMD; its stdout to $work/out
	local TIMEFORMAT='%U %S' t
	t=$({ time "$@" >"$work/out" 2>&1; } 2>&1) || {
		cat "$work/out" >&2
		return 1
	}
	awk '{print $1 + $2}' <<<"$t"
}
# measure CFG BINARY BENCH [DIR]: one CPU-time figure for BENCH.
measure() {
	local cfg=$1 b=$2 name=$3 dir=${4:-.} lo hi allocs
	lo=$(cd "$dir" && GOMAXPROCS=1 cputime "$b" -test.run '^$' -test.bench "^$name\$" -test.benchmem -test.benchtime ${nlo}x) || die "$cfg $name"
	hi=$(cd "$dir" && GOMAXPROCS=1 cputime "$b" -test.run '^$' -test.bench "^$name\$" -test.benchmem -test.benchtime ${nhi}x) || die "$cfg $name"
	allocs=$(awk '/^Benchmark/ {print $(NF-1)}' "$work/out")
	awk -v c="$cfg" -v n="$name" -v lo="$lo" -v hi="$hi" -v a="$allocs" -v d=$((nhi - nlo)) \
		'BEGIN {printf "%s %s %.0f %s\n", c, n, (hi - lo) * 1e9 / d, a}' >>"$raw"
}
for r in $(seq "$rounds"); do
	echo "== round $r of $rounds"
	for name in BenchmarkEcrecoverSignature BenchmarkVerifySignature BenchmarkDecompressPubkey; do
		for cfg in geth-cgo geth-nocgo p256k1; do
			measure $cfg "$bin/crypto-$cfg" $name "$geth/crypto"
		done
	done
	for name in BenchmarkSign BenchmarkRecover; do
		for cfg in geth-cgo p256k1; do
			measure $cfg "$bin/secp-$cfg" $name
		done
	done
	if [ -n "$libsecp" ]; then
		# Its own harness (bench ecdsa_recover: 10 runs of
		# SECP256K1_BENCH_ITERS operations), CPU time differenced the same way.
		for name in ecdsa_recover ecdsa_verify; do
			lo=$(SECP256K1_BENCH_ITERS=$((nlo / 10)) cputime "$repo/bench/libsecp/run.sh" bench $name) || die "libsecp256k1 $name"
			hi=$(SECP256K1_BENCH_ITERS=$((nhi / 10)) cputime "$repo/bench/libsecp/run.sh" bench $name) || die "libsecp256k1 $name"
			awk -v n=$name -v lo="$lo" -v hi="$hi" -v d=$(((nhi / 10 - nlo / 10) * 10)) \
				'BEGIN {printf "libsecp256k1-v0.8.0 %s %.0f 0\n", n, (hi - lo) * 1e9 / d}' >>"$raw"
		done
	fi
done

# Medians per configuration and benchmark, then the table.
echo
echo "median CPU time per operation (allocs/op) over $rounds interleaved rounds, one core; $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), GOMAXPROCS=$(nproc)"
sort -k1,1 -k2,2 -k3,3n "$raw" | awk '
	{ key = $1 " " $2; v[key, ++n[key]] = $3; a[key] = $4; keys[key] = 1 }
	END {
		for (k in keys) {
			m = n[k]; med = (m % 2) ? v[k, (m + 1) / 2] : (v[k, m / 2] + v[k, m / 2 + 1]) / 2
			split(k, p, " "); printf "%s %s %.0f %s\n", p[1], p[2], med, a[k]
		}
	}' | sort >"$work/med.txt"
awk '
	{ t[$1, $2] = $3; al[$1, $2] = $4 }
	END {
		split("BenchmarkEcrecoverSignature BenchmarkVerifySignature BenchmarkDecompressPubkey BenchmarkSign BenchmarkRecover ecdsa_recover ecdsa_verify", bs, " ")
		split("geth-cgo geth-nocgo p256k1 libsecp256k1-v0.8.0", cs, " ")
		printf "| benchmark |"; for (j = 1; j <= 4; j++) printf " %s |", cs[j]; printf " p256k1 / geth-cgo | geth-nocgo / p256k1 |\n"
		printf "| --- |"; for (j = 1; j <= 6; j++) printf " ---: |"; printf "\n"
		for (i = 1; i <= 7; i++) {
			b = bs[i]; row = ""; any = 0
			for (j = 1; j <= 4; j++) {
				c = cs[j]
				if ((c, b) in t) { row = row sprintf(" %.2f µs (%d) |", t[c, b] / 1000, al[c, b]); any = 1 } else row = row " — |"
			}
			if (!any) continue
			r1 = ((("p256k1", b) in t) && (("geth-cgo", b) in t)) ? sprintf("%.2f", t["p256k1", b] / t["geth-cgo", b]) : "—"
			r2 = ((("p256k1", b) in t) && (("geth-nocgo", b) in t)) ? sprintf("%.1f×", t["geth-nocgo", b] / t["p256k1", b]) : "—"
			printf "| %s |%s %s | %s |\n", b, row, r1, r2
		}
	}' "$work/med.txt"
echo
echo "raw lines: configuration, benchmark, ns/op, allocs/op"
cat "$raw"
