#!/usr/bin/env bash
# Issue 42's figures from a CPU you can run a binary on but not build on
# (the GPU machine's Intel host, a borrowed server): p256k1 beside
# libsecp256k1 v0.8.0 operation by operation, and where each operation's
# time goes. Three steps:
#
#   bash bench/hostcheck.sh build        # here, in the repository root
#   bash .host/hostcheck.sh              # there: Linux amd64, nothing installed
#   bash bench/hostcheck.sh report DIR   # here, DIR holding what came back
#
# build makes, in .host/ (ignored by git through .gitignore; carry
# it, e.g. the device tool's carry: [".host"]): cmd/pair linked statically
# with libsecp256k1 v0.8.0's asm build (bench/difffuzz/build.sh makes it if
# it is missing; needs a C compiler and cargo or its registry cache), the
# same built with the tag p256k1_no4x64 (pair-5x52: p256k1's engines in
# their 5×52 forms, the 4×64 assembly off: which form is faster on this
# processor), the test binaries of bench/budget.sh's operations (static,
# CGO_ENABLED=0), the operations' list, and this script. About 50 MB.
#
# The run (no argument) writes four files to $OUT (default
# /tmp/hostcheck): cpu.txt (the CPU's name, family and model, the flags
# the engines dispatch on, the cores), pair.txt (`pair -rounds $ROUNDS`,
# default 30: per operation the median times, the median of the per-round
# ratios and the fastest blocks' ratio), pair-5x52.txt (the same for
# pair-5x52) and budget.tar (each operation's benchmark output and CPU
# profile, $N operations each, default 100,000, and the test binaries'
# checksums). About 2 minutes on a 2.5 GHz core. CI runs all three steps,
# small (.ci/hostcheck-smoke.sh).
#
# report DIR prints cpu.txt, pair.txt, pair-5x52.txt and the budget table of
# docs/ARCHITECTURE.md (bench/budget.sh -md -from) from DIR's budget.tar,
# with the binaries in .host/ (it fails if they are not the ones that ran).
set -euo pipefail

die() {
	echo "hostcheck.sh: FATAL: $*" >&2
	exit 1
}

# pkgbin PKG: the test binary's name for a package of the operations' list.
pkgbin() { if [ "$1" = . ]; then echo p256k1; else echo "${1##*/}"; fi; }

case "${1:-}" in
build)
	root=$(cd "$(dirname "$0")/.." && pwd) # the repository, from bench/
	cd "$root"
	mkdir -p .host
	[ -e bench/difffuzz/libsecp/libsecp256k1.a ] || bash bench/difffuzz/build.sh
	for v in pair:libsecp080 pair-5x52:libsecp080,p256k1_no4x64; do
		(cd bench && CGO_ENABLED=1 go build -tags "${v#*:}" \
			-ldflags '-linkmode external -extldflags "-static"' -o "../.host/${v%%:*}" ./cmd/pair) ||
			die "${v%%:*} did not link statically with libsecp256k1"
	done
	bash bench/budget.sh -list >.host/ops.txt
	for pkg in $(cut -d'|' -f2 .host/ops.txt | sort -u); do
		CGO_ENABLED=0 go test -c -o ".host/$(pkgbin "$pkg").test" "$pkg"
	done
	cp bench/hostcheck.sh .host/
	ls -la .host
	;;
report)
	[ $# -eq 2 ] || die "usage: bench/hostcheck.sh report DIR"
	dir=$(cd "$2" && pwd)
	root=$(cd "$(dirname "$0")/.." && pwd) # the repository, from bench/
	for f in cpu.txt pair.txt pair-5x52.txt budget.tar; do
		[ -s "$dir/$f" ] || die "$dir/$f is missing or empty"
	done
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	tar -C "$tmp" -xf "$dir/budget.tar"
	cp "$root"/.host/*.test "$tmp/"
	(cd "$tmp" && sha256sum --quiet -c binaries.sha256) ||
		die "the test binaries in .host/ are not the ones that ran (build again and rerun)"
	cat "$dir/cpu.txt"
	echo
	cat "$dir/pair.txt"
	echo
	echo "p256k1's 5×52 forms (built with p256k1_no4x64), in the same minutes:"
	cat "$dir/pair-5x52.txt"
	echo
	bash "$root/bench/budget.sh" -md -from "$tmp"
	;;
"")
	cd "$(dirname "$0")"
	OUT=${OUT:-/tmp/hostcheck}
	N=${N:-100000}
	ROUNDS=${ROUNDS:-30}
	mkdir -p "$OUT"
	for f in pair pair-5x52 ops.txt; do [ -e "$f" ] || die "$PWD/$f is missing: run bench/hostcheck.sh build first"; done
	{
		grep -m1 '^model name' /proc/cpuinfo
		grep -m1 '^cpu family' /proc/cpuinfo
		grep -m1 '^model[[:space:]]' /proc/cpuinfo
		grep -m1 '^cpu MHz' /proc/cpuinfo
		echo "flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' |
			grep -xE 'adx|bmi2|avx2|sha_ni|avx512f|avx512vl|avx512ifma' | tr '\n' ' ')"
		echo "cores: $(nproc)"
	} >"$OUT/cpu.txt"
	./pair -rounds "$ROUNDS" >"$OUT/pair.txt" 2>&1 || die "pair failed: $(tail -n 5 "$OUT/pair.txt")"
	./pair-5x52 -rounds "$ROUNDS" >"$OUT/pair-5x52.txt" 2>&1 || die "pair-5x52 failed: $(tail -n 5 "$OUT/pair-5x52.txt")"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	while IFS='|' read -r _ pkg bench; do
		key=${bench%%/*}
		pattern="^$key\$"
		[ "$bench" = "$key" ] || pattern="$pattern/^${bench#*/}\$"
		"./$(pkgbin "$pkg").test" -test.run '^$' -test.bench "$pattern" -test.benchtime "${N}x" \
			-test.cpuprofile "$tmp/$key.prof" >"$tmp/$key.out" 2>&1 ||
			die "$bench failed: $(tail -n 5 "$tmp/$key.out")"
	done <ops.txt
	sha256sum ./*.test | sed 's| \./| |' >"$tmp/binaries.sha256"
	tar -C "$tmp" -cf "$OUT/budget.tar" .
	ls -la "$OUT"
	;;
*)
	die "unknown argument $1 (build, report DIR, or none on the machine to measure)"
	;;
esac
