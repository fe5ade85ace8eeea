#!/usr/bin/env bash
# Benchmarks of other projects, original against replaced, in one run: the
# same benchmark binaries' sources built twice, once on decred v4.4.1 and
# once with this module in its place, run alternately (-count rounds), and
# summarised with benchstat when it is installed.
#
#   compat/decred/bench.sh [-count N] [-benchtime T] [--only NAME[,NAME...]]
#
# Prints each benchmark's ns/op, B/op and allocs/op for both, and the ratio.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

count=5
benchtime=1s
only=
while [ $# -gt 0 ]; do
	case "$1" in
	-count) count=$2; shift ;;
	-benchtime) benchtime=$2; shift ;;
	--only) only=$2; shift ;;
	*) echo "usage: $0 [-count N] [-benchtime T] [--only NAME,...]" >&2; exit 2 ;;
	esac
	shift
done

# name; module@version ("decred" for decred's own tests); package; benchmarks; environment
benches=(
	"decred;decred;.;^Benchmark(ScalarBaseMultNonConst|ScalarMultNonConst|AddNonConst|PrivateKeyGenerate|PubKeyDecompress|ParsePubKeyCompressed|FieldInverse|FieldSqrt|ModNScalarMul|ModNScalarInverse)$;"
	"decred-ecdsa;decred;./ecdsa;^Benchmark(SigVerify|Sign|SignCompact|RecoverCompact|NonceRFC6979)$;"
	"decred-schnorr;decred;./schnorr;^Benchmark(SigVerify|Sign)$;"
	"btcec-ecdsa;github.com/btcsuite/btcd/btcec/v2@v2.3.5;./ecdsa;^Benchmark(SigVerify|Sign)$;"
	"btcec-schnorr;github.com/btcsuite/btcd/btcec/v2@v2.3.5;./schnorr;^Benchmark(SigVerify|Sign)$;"
	"geth-nocgo;github.com/ethereum/go-ethereum@v1.17.10;./crypto;^Benchmark(EcrecoverSignature|VerifySignature|DecompressPubkey)$;CGO_ENABLED=0"
	"ring-go;github.com/pokt-network/ring-go@v0.1.0;.;^Benchmark(Sign|Verify)(2|32|128)_Secp256k1$;"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for b in "${benches[@]}"; do
	IFS=';' read -r name mod pkg regex env <<<"$b"
	if [ -n "$only" ] && ! [[ ",$only," == *",$name,"* ]]; then
		continue
	fi
	for mode in baseline replaced; do
		dir="$tmp/$name-$mode"
		if [ "$mod" = decred ]; then
			copy_decred_tests "$dir" "$mode"
		else
			copy_project "$mod" "$dir" "$mode"
		fi
		tags=
		[ "$mode" = replaced ] && [ "$mod" = decred ] && tags=decredupstream
		# shellcheck disable=SC2086
		(cd "$dir" && env GOFLAGS=-mod=mod $env go test -c -tags "$tags" -o "$tmp/$name-$mode.test" "$pkg")
	done
	: >"$tmp/$name-baseline.txt"
	: >"$tmp/$name-replaced.txt"
	for ((i = 0; i < count; i++)); do
		for mode in baseline replaced; do
			(cd "$tmp/$name-$mode/$pkg" && "$tmp/$name-$mode.test" -test.run '^$' -test.bench "$regex" \
				-test.benchmem -test.benchtime "$benchtime" -test.count 1) |
				grep '^Benchmark' >>"$tmp/$name-$mode.txt"
		done
	done
	echo "== $name ($mod $pkg): decred v4.4.1 vs replaced (medians of $count)"
	python3 - "$tmp/$name-baseline.txt" "$tmp/$name-replaced.txt" <<'PY'
import re, statistics, sys
def load(path):
    out = {}
    for line in open(path):
        f = line.split()
        name = re.sub(r"-\d+$", "", f[0])
        vals = {f[i + 1]: float(f[i]) for i in range(2, len(f) - 1, 2)}
        out.setdefault(name, []).append(vals)
    return out
base, repl = load(sys.argv[1]), load(sys.argv[2])
print(f"{'benchmark':40} {'decred ns/op':>14} {'allocs':>7} {'replaced ns/op':>15} {'allocs':>7} {'speedup':>8}")
for name in base:
    if name not in repl:
        continue
    b = statistics.median(v["ns/op"] for v in base[name])
    r = statistics.median(v["ns/op"] for v in repl[name])
    ba = statistics.median(v.get("allocs/op", 0) for v in base[name])
    ra = statistics.median(v.get("allocs/op", 0) for v in repl[name])
    print(f"{name:40} {b:14.0f} {ba:7.0f} {r:15.0f} {ra:7.0f} {b / r:7.2f}x")
PY
done
