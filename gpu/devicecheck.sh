#!/usr/bin/env bash
# The device check of package gpu on an NVIDIA GPU (issues 33 and 40), in two
# steps:
#
#   bash gpu/devicecheck.sh build   # here, in the repository root (needs Go and apt-get download)
#   bash .gpu/devicecheck.sh        # on the GPU machine (Linux, NVIDIA driver; no Go, no OpenCL loader needed)
#
# build makes static binaries (bench/cmd/gpubench and gpu's test binary) and
# takes Debian's OpenCL ICD loader into .gpu/ (ignored by git through
# .gitignore; carry it to the machine, e.g. the device tool's
# carry: [".gpu"]). The run is sized for a few minutes of device time and
# stops each step at the time left of BUDGET seconds (default 480), in this
# order, the most wanted figures first:
#
#   1. cold: the first call of one kind (BIP-340 verification) in a fresh
#      process with every cache empty (ours and the driver's): Open (the
#      field self-test's program and fieldCheck) and the kind's program,
#      from the PTX made ahead of time (gpu/kernels/ptx) on NVIDIA; then the
#      same call again in a new process, from the caches; with the variant
#      "source" in VARIANTS, the cold call again building from source;
#   2. every kind's program for each variant, built at once by several
#      processes (the wall time of everything a machine's first start
#      needs);
#   3. for each of VARIANTS (default "default source": "default" is the
#      package's own choice, on NVIDIA the PTX field arithmetic, loaded from
#      the PTX made ahead of time and kept only if fieldCheck finds every
#      field operation right; "source" the same kernels built from source by
#      NVIDIA's compiler (P256K1_GPU_SOURCE=1); "portable" is
#      -D P256K1_PORTABLE, "ptx32" the 32-bit carry chains, "r128" and
#      "portable-r128" the same with -cl-nv-maxrregcount=128; each variant
#      has caches of its own) gpubench -n $N: per kind kernel-only
#      (device time from queue profiling), with transfers (RunPipelined:
#      pinned staging, overlapped, the host only copying) and end-to-end
#      items/s, the CPU on all cores, end to end as a share of kernel-only,
#      a differential check of every item, the host's split (prep, decode
#      and check, waiting for the device, enqueue) and the first launch; the
#      kinds are gpubench's default (KINDS overrides): the four
#      verification and multiplication kinds, schnorr-bytes and ecdsa-bytes
#      (VerifySchnorrBytes, VerifyECDSABytes), tweak-bytes, tweak1-bytes and
#      tweak5-bytes (TweakDataBytes, two keys, one or five a transaction,
#      lifted and added on the device; five summed by key_sum first, which
#      only the end-to-end figure holds), pubkeys33 (PublicKeysBytes)
#      and the two signing kinds, whose kernel-only figure is sign_kg's
#      alone and whose end-to-end figure is the whole call (the host's
#      nonces and finishing, for ECDSA the keys' pass, and the fault check
#      verifying every signature on the device, with the items it caught);
#      CHUNKS="131072 262144" reruns CHUNK_KINDS with those launch sizes;
#   4. the package's tests on the device for each of TEST_VARIANTS (default
#      "default"), those not about building first, with the variant's
#      caches (P256K1_GPU_TEST_CACHE), then the tests about building.
#
# It ends with a summary; with $OUT set the full outputs are written there
# (what a step had written survives a timeout). With NV_VERBOSE=1 the kernels
# are built with -cl-nv-verbose and the build log (registers, stack, spills
# per kernel) is printed with the variant's figures.
set -uo pipefail

if [ "${1:-}" = build ]; then
	set -e
	mkdir -p .gpu
	(cd bench && CGO_ENABLED=0 go build -o ../.gpu/gpubench ./cmd/gpubench)
	CGO_ENABLED=0 go test -c -o .gpu/gpu.test ./gpu
	if [ ! -e .gpu/libOpenCL.so.1 ]; then
		tmp=$(mktemp -d)
		(cd "$tmp" && apt-get download ocl-icd-libopencl1 >/dev/null && dpkg -x ocl-icd-libopencl1_*.deb x)
		cp "$tmp"/x/usr/lib/x86_64-linux-gnu/libOpenCL.so.1.0.0 .gpu/libOpenCL.so.1
		rm -rf "$tmp"
	fi
	cp gpu/devicecheck.sh .gpu/
	ls -la .gpu
	exit 0
fi

cd "$(dirname "$0")"
G=$PWD
N=${N:-1048576}
OUT=${OUT:-/tmp/devicecheck}
START=$(date +%s.%N)
END=$(($(date +%s) + ${BUDGET:-480}))
# The device tool brings back a few files of $OUT: the steps' outputs are
# kept to one file each (the builds' in builds.txt), with summary.txt: eight
# files with the default VARIANTS and no CHUNKS.
W=$(mktemp -d /tmp/devicecheck-work.XXXX)
mkdir -p "$OUT"
# left MAX: seconds for the next step, at most MAX and 10 short of the budget.
left() {
	local l=$((END - $(date +%s) - 10))
	((l > $1)) && l=$1
	echo $((l > 0 ? l : 0))
}
# step NAME MAX CMD...: CMD under the time left (skipped, and said, when none is).
step() {
	local name=$1 t
	t=$(left "$2")
	shift 2
	if ((t < 5)); then
		echo "== $name: skipped, out of time (BUDGET=${BUDGET:-480})"
		return 124
	fi
	timeout "$t" "$@"
	local rc=$?
	((rc == 124)) && echo "== $name: stopped after $t s (BUDGET=${BUDGET:-480})"
	return $rc
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

echo "== host: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
nvidia-smi -L 2>/dev/null
NV=$( (ldconfig -p | grep -o '/[^ ]*libnvidia-opencl.so[.0-9]*'; find /usr/local/nvidia /usr/lib /usr/lib64 /lib /usr/lib/x86_64-linux-gnu -maxdepth 3 -name 'libnvidia-opencl.so*' 2>/dev/null) | head -1)
ICD=${ICD_DIR:-/tmp/icd}
mkdir -p "$ICD"
if [ -n "$NV" ]; then echo "$NV" >"$ICD/nvidia.icd"; else echo "no libnvidia-opencl.so found"; fi
# Every cache in a fresh directory, ours (os.UserCacheDir) and the
# driver's, one pair per variant (caches VARIANT), so that a variant's
# first call is cold and variants never share a program.
C=$(mktemp -d /tmp/devicecheck-cache.XXXX)
export OCL_ICD_VENDORS=$ICD P256K1_OPENCL=$G/libOpenCL.so.1 HOME=$C
caches() { export XDG_CACHE_HOME=$C/$1/cache CUDA_CACHE_PATH=$C/$1/nv; }
# variant VARIANT: sets opts (P256K1_GPU_BUILD_OPTIONS) and src (P256K1_GPU_SOURCE).
variant() {
	src=
	case $1 in
	source) opts="" src=1 ;;               # the default kernels built from source by NVIDIA's compiler
	portable) opts="-D P256K1_PORTABLE" ;; # no PTX: the portable field arithmetic
	ptx32) opts="-D P256K1_PTX32" ;;       # 32-bit PTX carry chains (their emulated twin passes on PoCL)
	# NVIDIA's register cap (cl_nv_compiler_options): 16 warps per SM
	# instead of 13-14, for a few spills (sm_90 proxy: +0.4% SASS)
	r128) opts="-cl-nv-maxrregcount=128" ;;
	portable-r128) opts="-D P256K1_PORTABLE -cl-nv-maxrregcount=128" ;;
	*) opts="" ;; # default: the package's own choice (PTX on NVIDIA, kept if fieldCheck passes)
	esac
}
caches default
timeout 60 ./gpubench -list 2>&1
VARIANTS=${VARIANTS:-default source}

summary=()
echo
echo "== 1. the first call, cold: BIP-340 verification of 65,536 items in a fresh process, every cache empty"
t=$(now)
step cold 150 ./gpubench -n 65536 -device 0 -reps 1 -kinds schnorr 2>&1 | tee "$OUT/cold.txt"
cold=$(since "$t")
t=$(now)
step cached 60 ./gpubench -n 65536 -device 0 -reps 1 -kinds schnorr 2>&1 | tee "$OUT/cached.txt"
cached=$(since "$t")
# firstcall FILE: where a gpubench run took the self-test's program from and
# how long, and its kind's first launch.
firstcall() { echo "$(grep -a -o 'self-test program [^(]*' "$1"); schnorr's $(grep -a -o 'first launch [0-9.a-z]*' "$1")"; }
summary+=("$(grep -a -m1 -o 'device: .*, ECC [a-z]*' "$OUT/cold.txt" || echo 'device: not reported (see cold.txt)')")
summary+=("first call, cold: $cold for the process ($(firstcall "$OUT/cold.txt")); again from the caches: $cached ($(firstcall "$OUT/cached.txt"))")
if [[ " $VARIANTS " == *" source "* ]]; then
	echo "== 1b. the same cold call building from source (P256K1_GPU_SOURCE=1)"
	caches source
	t=$(now)
	P256K1_GPU_SOURCE=1 step cold-source 150 ./gpubench -n 65536 -device 0 -reps 1 -kinds schnorr 2>&1 | tee "$OUT/cold-source.txt"
	summary+=("first call from source, cold: $(since "$t") for the process ($(firstcall "$OUT/cold-source.txt"))")
fi

echo
echo "== 2. every kind's program for each variant ($VARIANTS), built at once"
t=$(now)
for v in $VARIANTS; do
	variant "$v"
	for k in schnorr ecdsa pubkeys tweak5-bytes sign-ecdsa; do
		(
			caches "$v"
			P256K1_GPU_SOURCE=$src P256K1_GPU_BUILD_OPTIONS=$opts step "build $v $k" 200 ./gpubench -n 4096 -device 0 -reps 1 -kinds $k >"$W/build-$v-$k.txt" 2>&1
		) &
	done
done
wait
for f in "$W"/build-*.txt; do echo "$(basename "$f" .txt): $(grep -a -h -o -E 'first launch [0-9.a-z]*|MISMATCH.*|gpubench:.*' "$f" | tr '\n' ' ')"; done | tee "$OUT/builds.txt"
cat "$W"/build-*.txt >>"$OUT/builds.txt"
summary+=("every program of $VARIANTS, built at once: $(since "$t")")

for v in $VARIANTS; do
	variant "$v"
	caches "$v"
	echo
	echo "== 3. kernels: $v (P256K1_GPU_BUILD_OPTIONS='$opts' P256K1_GPU_SOURCE='$src'), n = $N"
	# P256K1_GPU_BUILD_LOG prints the build log and the work-items per wave
	# the pipeline sizes its launches by; NV_VERBOSE=1: NVIDIA's compiler
	# reports each kernel's registers, stack frame and spills in that log
	# (-cl-nv-verbose).
	vopts=$opts
	[ "${NV_VERBOSE:-}" = 1 ] && vopts="$opts -cl-nv-verbose"
	P256K1_GPU_SOURCE=$src P256K1_GPU_BUILD_LOG=1 P256K1_GPU_BUILD_OPTIONS=$vopts step "gpubench $v" 300 ./gpubench -n "$N" -device 0 -reps 2 ${KINDS:+-kinds "$KINDS"} 2>&1 | tee "$OUT/gpubench-$v.txt"
	for c in ${CHUNKS:-}; do
		echo "== $v, chunk $c items"
		P256K1_GPU_SOURCE=$src P256K1_GPU_BUILD_OPTIONS=$vopts step "chunk $c" 200 ./gpubench -n "$N" -device 0 -reps 2 -chunk "$c" -kinds "${CHUNK_KINDS:-pubkeys,pubkeys33,tweak,ecdsa}" 2>&1 | tee "$OUT/gpubench-$v-chunk$c.txt"
	done
done

for v in ${TEST_VARIANTS:-default}; do
	variant "$v"
	caches "$v"
	# 4. The tests. TestPTXEmulated is PoCL's (CI runs it), TestEmbeddedPTXCurrent and TestKernelScalarsC
	# read the source tree (the latter also needs a C compiler; CI runs both) and
	# TestHostPrepTimes is a CPU benchmark; the tests about building run
	# apart, after the rest, and only for the default kernels. (.ci/devicecheck-smoke.sh
	# runs this script on PoCL in CI, so a test that cannot run here fails there.)
	building='TestCache|TestBuildFailure|TestNoLibrary|TestDeviceOptionsFallback|TestBuildLog|TestDeviceOptionsFieldCheck|TestAheadOfTime'
	echo
	echo "== 4. the package's tests ($v kernels, the variant's caches; then those about building)"
	P256K1_GPU_SOURCE=$src P256K1_GPU_TEST_CACHE=$XDG_CACHE_HOME/p256k1-gpu P256K1_GPU_BUILD_OPTIONS=$opts step "tests $v" 240 ./gpu.test -test.v -test.count=1 -test.skip "TestPTXEmulated|TestHostPrepTimes|TestEmbeddedPTXCurrent|TestKernelScalarsC|$building" >"$OUT/gputest-$v.txt" 2>&1
	if [ "$v" = default ]; then
		P256K1_GPU_BUILD_OPTIONS=$opts step "tests about building" 240 ./gpu.test -test.v -test.count=1 -test.run "$building" >>"$OUT/gputest-$v.txt" 2>&1
	fi
	grep -a -E "^(--- FAIL|FAIL|panic)|^== " "$OUT/gputest-$v.txt" | head -40
	grep -a -E "^--- PASS" "$OUT/gputest-$v.txt" | tr '\n' ' ' | head -c 4000
	echo
	pass=$(grep -c -a '^--- PASS' "$OUT/gputest-$v.txt")
	fail=$(grep -c -a '^--- FAIL' "$OUT/gputest-$v.txt")
	oom=$(grep -a -E '^--- (PASS|FAIL): TestOutOfMemory' "$OUT/gputest-$v.txt" | awk '{print $2}' | tr -d :)
	summary+=("$v: tests $pass passed, $fail failed; TestOutOfMemory ${oom:-not run}")
done

echo
{
	echo "== summary (n = $N; kernel-only is the kernels' device time; e2e/k is end to end over kernel-only;"
	echo "   sign-*: kernel-only is sign_kg alone, end-to-end the whole signing call with its fault check, always on)"
	for v in $VARIANTS; do
		echo "-- $v"
		# (without the build logs: empty for a PTX load on NVIDIA)
		sed -n '/^kind /,$p' "$OUT/gpubench-$v.txt" | grep -a -v -E '^gpu: |^ *$'
	done
	printf '%s\n' "${summary[@]}"
	echo "this run: $(since "$START")"
	echo "targets (issue 40): every kind e2e/k >= 80 %; sign-ecdsa and sign-schnorr kernel-only >= 40 M/s; the first call of one kind cold <= 15 s, from the caches < 1 s; the whole check <= 5 minutes; every item equal"
} | tee "$OUT/summary.txt"
