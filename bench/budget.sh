#!/usr/bin/env bash
# Where each single operation's time goes: runs one benchmark per operation
# under the CPU profiler and sorts every sampled function (flat time, inlined
# functions counted as themselves) into the buckets of the ARCHITECTURE
# budget table: doublings, additions, table builds and lookups, inversions,
# square roots, scalar arithmetic, hashing, parsing and serialization, the
# rest. Only samples under the benchmark function count (not the runtime's
# background work). Shares are fractions of the operation's CPU samples, and the time
# per operation is the profile's CPU time over the operations run, so both
# hold on a busy machine too (100 samples a second: ±1 % at the default -n).
#
# Usage: bench/budget.sh [-n 100000] [-tags purego] [-md] [-from DIR]
#        bench/budget.sh -list
#   -n     operations per benchmark (-benchtime Nx; 100,000 gives ~300 samples)
#   -md    print the Markdown table that docs/ARCHITECTURE.md keeps
#   -from  classify profiles taken elsewhere instead of running anything:
#          DIR holds, per operation, KEY.prof and KEY.out (the profile and
#          the benchmark's output, KEY the benchmark's name before any
#          slash) and per package PKG.test (the test binary that ran,
#          PKG the package's last path element, p256k1 for the root), as
#          bench/hostcheck.sh brings them back from a machine without Go
#   -list  print the operations (name|package|benchmark) and exit
#
# Run from anywhere; needs only Go. Name the CPU beside any table you keep.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

# name, package, benchmark (a sub-benchmark after the slash)
ops=(
	"public key (k·G)|.|BenchmarkPublicKey"
	"ECDSA sign|./ecdsa|BenchmarkSign"
	"ECDSA verify|./ecdsa|BenchmarkVerify"
	"ECDSA recover|./ecdsa|BenchmarkRecover"
	"BIP-340 sign (keypair)|./schnorr|BenchmarkSignKeypair/32B"
	"BIP-340 verify (bytes)|./schnorr|BenchmarkVerifyBytes"
	"ECDH (33-byte key in: k·P, one exponentiation, hash)|./ecdh|BenchmarkSharedSecretBytes"
)

count=100000
tags=
md=
from=
while [ $# -gt 0 ]; do
	case "$1" in
	-n) count=$2; shift 2 ;;
	-tags) tags=$2; shift 2 ;;
	-md) md=1; shift ;;
	-from) from=$(cd "$2" && pwd); shift 2 ;;
	-list) printf '%s\n' "${ops[@]}"; exit 0 ;;
	*) echo "budget.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The bucket of one sample, from its stack (innermost frame first): table
# builds and lookups wherever they appear in the stack; otherwise the
# innermost frame that names a point operation, an inversion, a square root,
# hashing, scalar work or parsing (field multiplications and the like take
# their caller's bucket); else "other".
classify='
function bucket(n, fr,   i, f) {
	for (i = 1; i <= n; i++)
		if (fr[i] ~ /[Oo]ddMultiples|TableSetGlobalZ|ecmultconst\.prepare|[Ll]ookup|buildTable/) return "table"
	for (i = 1; i <= n; i++) {
		f = fr[i]
		if (f ~ /\.Benchmark|cputime\.Bench|^testing\./) break
		if (f ~ /(group|fe4|field8|ecmult8)\.(\(\*[A-Za-z]+\)\.)?(Double|DoubleVar|double[A-Za-z0-9]*)$/) return "dbl"
		if (f ~ /(group|fe4|field8|ecmult8|ecmultgen)\.(\(\*[A-Za-z]+\)\.)?[Aa]dd(Affine|Storage|Var|Ge|ZInv|Zinv|Mixed|Jacobian|Asm)[A-Za-z0-9]*$/) return "add"
		if (f ~ /safegcd\.|Invert/) return "inv"
		if (f ~ /Sqrt|LiftX|[Dd]ecompress/) return "sqrt"
		if (f ~ /sha256|hmac|tagged|rfc6979|[Hh]ash/) return "hash"
		if (f ~ /internal\/scalar\.|wnaf|SplitLambda|digit/) return "scalar"
		if (f ~ /\.(\(\*[A-Za-z]+\)\.)?(Parse[A-Za-z]*|SetBytes|Bytes|Serialize[A-Za-z]*|SetJacobian|ToAffine|Normalize[A-Za-z]*)$/) return "parse"
	}
	return "other"
}'
buckets="dbl add table inv sqrt scalar hash parse other"
heads="doublings|additions|tables, lookups|inversions|square roots|scalar|hashing|parse, serialize|the rest"

if [ -n "$md" ]; then
	printf '| operation | µs | %s |\n' "$(echo "$heads" | sed 's/|/ | /g')"
	printf '| --- | ---:%s |\n' "$(for _ in $buckets; do printf ' | ---:'; done)"
fi
for op in "${ops[@]}"; do
	IFS='|' read -r name pkg bench <<<"$op"
	key=${bench%%/*}
	if [ -n "$from" ]; then
		prof=$from/$key.prof
		bin=$from/$(if [ "$pkg" = . ]; then echo p256k1; else echo "${pkg##*/}"; fi).test
		for f in "$prof" "$bin" "$from/$key.out"; do
			[ -s "$f" ] || { echo "budget.sh: -from $from: $f is missing or empty" >&2; exit 1; }
		done
		out=$(cat "$from/$key.out")
	else
		prof=$tmp/$key.prof
		bin=$tmp/$key.test
		pattern="^$key\$"
		[ "$bench" = "${bench#*/}" ] || pattern="$pattern/^${bench#*/}\$"
		out=$(cd "$root" && go test ${tags:+-tags "$tags"} -run '^$' -bench "$pattern" -benchtime "${count}x" \
			-cpuprofile "$prof" -o "$bin" "$pkg")
	fi
	# operations run: every result line's N (a sub-benchmark's own
	# sub-benchmarks run the same operation and are counted with it)
	ops_run=$(echo "$out" | awk '/^Benchmark/ { n += $2 } END { print n + 0 }')
	[ "$ops_run" -gt 0 ] || { echo "budget.sh: $pkg $bench did not run:" >&2; echo "$out" >&2; exit 1; }
	go tool pprof -traces "$bin" "$prof" 2>/dev/null |
		awk -v name="$name" -v count="$ops_run" -v md="$md" -v buckets="$buckets" -v heads="$heads" "$classify"'
		function secs(s) {
			if (s ~ /ms$/) return substr(s, 1, length(s) - 2) / 1000
			if (s ~ /us$|µs$/) return substr(s, 1, length(s) - 2) / 1e6
			if (s ~ /ns$/) return substr(s, 1, length(s) - 2) / 1e9
			return substr(s, 1, length(s) - 1) + 0
		}
		function flush(   i, timed) {
			for (i = 1; i <= nf; i++) timed = timed || fr[i] ~ /\.Benchmark/
			if (timed) { t[bucket(nf, fr)] += v; total += v }
			nf = 0
		}
		/^-+\+/ { flush(); next }
		/^ +[0-9.]+(s|ms|us|µs|ns) / { flush(); v = secs($1); sub(/^ +[^ ]+ +/, ""); fr[++nf] = clean($0); next }
		nf > 0 && /^ +[^ ]/ { sub(/^ +/, ""); fr[++nf] = clean($0); next }
		function clean(s) { sub(/ \(inline\)$/, "", s); return s }
		END {
			flush()
			n = split(buckets, b, " "); split(heads, h, "|")
			us = 1e6 * total / count
			if (md) {
				line = sprintf("| %s | %.1f", name, us)
				for (i = 1; i <= n; i++) line = line sprintf(" | %.0f %%", total ? 100 * t[b[i]] / total : 0)
				print line " |"
			} else {
				printf "%s: %.1f µs CPU per operation (%d samples)\n", name, us, total * 100
				for (i = 1; i <= n; i++) if (t[b[i]] > 0)
					printf "  %-16s %5.1f %%\n", h[i], 100 * t[b[i]] / total
			}
		}'
done
