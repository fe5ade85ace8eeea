#!/usr/bin/env bash
# The device check of package gpu on an NVIDIA GPU (issue 33), in two steps:
#
#   bash gpu/devicecheck.sh build   # here, in the repository root (needs Go and apt-get download)
#   bash .gpu/devicecheck.sh        # on the GPU machine (Linux, NVIDIA driver; no Go, no OpenCL loader needed)
#
# build makes static binaries (bench/cmd/gpubench and gpu's test binary) and
# takes Debian's OpenCL ICD loader into .gpu/ (ignored by git through
# .git/info/exclude; carry it to the machine, e.g. the device tool's
# carry: [".gpu"]). The run prints the device, then for the default kernels
# (on NVIDIA the PTX field arithmetic, -D P256K1_PTX, which Open keeps only
# if fieldCheck finds every field operation right, building without it
# otherwise: the build log says which) and for the portable kernels
# (-D P256K1_PORTABLE: no PTX); ptx32 is the 32-bit carry-chain variant,
# slower by the proxies (VARIANTS="default portable ptx32" adds it); r128
# and portable-r128 are the same with -cl-nv-maxrregcount=128
# (VARIANTS="r128 portable-r128")):
#   - gpubench -n $N: kernel-only (device time from queue profiling), with
#     transfers (RunPipelined: pinned staging, overlapped, the host only
#     copying) and end-to-end items/s per kind, the CPU on all cores, end to
#     end as a share of kernel-only, a differential check of every item, and
#     per kind two lines of the host's split (LastBatchTimes: prep, decode
#     and check, waiting for the device, enqueue; prep and decode in CPU
#     ns/item) for end to end and with transfers: where the time goes;
#     the kinds are gpubench's default: the four verification/multiplication
#     kinds (and pubkeys33, PublicKeysBytes' 33-byte keys) and the two signing kinds (sign-ecdsa, sign-schnorr: their
#     kernel-only figure is sign_kg's, the constant-time k·G, alone; their
#     end-to-end figure the whole batch, the host's nonces and finishing,
#     for ECDSA the public keys' pass, and the fault check verifying every
#     signature on the device, with the count of items it caught; their
#     inputs are test keys) — KINDS overrides the list (the signing
#     figures alone, gpubench taking well under a minute of device time
#     beside the kernel builds and the package's tests:
#     VARIANTS=default KINDS=sign-ecdsa,sign-schnorr N=262144);
#     CHUNKS="131072 262144" reruns CHUNK_KINDS (default
#     pubkeys,pubkeys33,tweak,ecdsa) with those launch sizes (gpubench
#     -chunk): with n = 2^20 the default k·G launch takes most of the batch,
#     so the last chunk's decoding runs after the device is done;
#     each kind's program is built on its first run (the first of the two
#     repetitions; the figures are the best);
#   - the gpu package's tests on the device (TestOutOfMemory included).
# It ends with a summary. With $OUT set, the full outputs are written there.
# Time on an H100: a few minutes per variant (kernel builds, 6 kinds × N
# items, the tests; the signing kinds add about 10-20 s at N = 2^20, most of
# it the CPU's reference signatures); where one command may run 10 minutes at most, run the
# variants one per command: VARIANTS=default, then VARIANTS=portable. With
# NV_VERBOSE=1 the kernels are built with -cl-nv-verbose and the build log
# (registers, stack, spills per kernel, as NVIDIA's compiler sees them) is
# printed before each variant's figures.
set -uo pipefail

if [ "${1:-}" = build ]; then
	set -e
	mkdir -p .gpu
	ex="$(git rev-parse --git-common-dir)/info/exclude"
	grep -qx '/.gpu/' "$ex" 2>/dev/null || echo /.gpu/ >>"$ex"
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
mkdir -p "$OUT"
echo "== host: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p')"
nvidia-smi -L 2>/dev/null
NV=$( (ldconfig -p | grep -o '/[^ ]*libnvidia-opencl.so[.0-9]*'; find /usr/local/nvidia /usr/lib /usr/lib64 /lib /usr/lib/x86_64-linux-gnu -maxdepth 3 -name 'libnvidia-opencl.so*' 2>/dev/null) | head -1)
ICD=${ICD_DIR:-/tmp/icd}
mkdir -p "$ICD"
if [ -n "$NV" ]; then echo "$NV" >"$ICD/nvidia.icd"; else echo "no libnvidia-opencl.so found"; fi
export OCL_ICD_VENDORS=$ICD P256K1_OPENCL=$G/libOpenCL.so.1 HOME=/tmp
timeout 60 ./gpubench -list 2>&1

summary=()
VARIANTS=${VARIANTS:-default portable}
for variant in $VARIANTS; do
	case $variant in
	portable) opts="-D P256K1_PORTABLE" ;; # no PTX: the portable field arithmetic
	ptx32) opts="-D P256K1_PTX32" ;;       # 32-bit PTX carry chains (their emulated twin passes on PoCL)
	# NVIDIA's register cap (cl_nv_compiler_options): 16 warps per SM
	# instead of 13-14, for a few spills (sm_90 proxy: +0.4% SASS)
	r128) opts="-cl-nv-maxrregcount=128" ;;
	portable-r128) opts="-D P256K1_PORTABLE -cl-nv-maxrregcount=128" ;;
	*) opts="" ;; # default: the package's own choice (PTX on NVIDIA, kept if fieldCheck passes)
	esac
	echo
	echo "== kernels: $variant (P256K1_GPU_BUILD_OPTIONS='$opts')"
	# P256K1_GPU_BUILD_LOG prints the build log and the work-items per wave
	# the pipeline sizes its launches by; NV_VERBOSE=1: NVIDIA's compiler
	# reports each kernel's registers, stack frame and spills in that log
	# (-cl-nv-verbose).
	vopts=$opts
	[ "${NV_VERBOSE:-}" = 1 ] && vopts="$opts -cl-nv-verbose"
	P256K1_GPU_BUILD_LOG=1 P256K1_GPU_BUILD_OPTIONS=$vopts timeout 400 ./gpubench -n "$N" -device 0 -reps 2 ${KINDS:+-kinds "$KINDS"} 2>&1 | tee "$OUT/gpubench-$variant.txt"
	# CHUNKS="131072 262144": the same with other launch sizes (Options.ChunkItems), for the kinds whose host work
	# bounds them (CHUNK_KINDS); the programs are built by then.
	for c in $CHUNKS; do
		echo "== $variant, chunk $c items"
		P256K1_GPU_BUILD_OPTIONS=$vopts timeout 300 ./gpubench -n "$N" -device 0 -reps 2 -chunk "$c" -kinds "${CHUNK_KINDS:-pubkeys,pubkeys33,tweak,ecdsa}" 2>&1 | tee "$OUT/gpubench-$variant-chunk$c.txt"
	done
	# TestPTXEmulated is PoCL's (CI runs it); the other variants skip the
	# tests about building and caching, which do not depend on the kernels.
	skip='TestPTXEmulated|TestHostPrepTimes'
	[ $variant != default ] && skip="$skip|TestCache|TestBuildFailure|TestNoLibrary"
	P256K1_GPU_BUILD_OPTIONS=$opts timeout 300 ./gpu.test -test.v -test.count=1 -test.skip "$skip" >"$OUT/gputest-$variant.txt" 2>&1
	grep -a -E "^(--- |ok|FAIL|PASS|panic)" "$OUT/gputest-$variant.txt" | head -40
	pass=$(grep -c -a '^--- PASS' "$OUT/gputest-$variant.txt")
	fail=$(grep -c -a '^--- FAIL' "$OUT/gputest-$variant.txt")
	oom=$(grep -a -E '^--- (PASS|FAIL): TestOutOfMemory' "$OUT/gputest-$variant.txt" | awk '{print $2}' | tr -d :)
	summary+=("$variant: tests $pass passed, $fail failed; TestOutOfMemory ${oom:-not run}")
done

echo
echo "== summary (n = $N; kernel-only is the kernels' device time; e2e/k is end to end over kernel-only;"
echo "   sign-*: kernel-only is sign_kg alone, end-to-end the whole signing call with its fault check, always on)"
for variant in $VARIANTS; do
	echo "-- $variant"
	sed -n '/^kind /,$p' "$OUT/gpubench-$variant.txt"
done
printf '%s\n' "${summary[@]}"
echo "targets (issue 33): schnorr >= 15 M/s and ecdsa >= 18 M/s kernel-only, pubkeys >= 150 M/s kernel-only, every kind e2e/k >= 80 %, all items equal"
echo "end to end (issue 40): every kind e2e/k >= 80 %; the 'end to end:' lines say where the rest goes (waiting ~ total: device or bus bound; prep + decode ~ total: host bound)"
echo "signing (issue 40): sign-ecdsa and sign-schnorr all items equal; their kernel-only and end-to-end rates are the first device figures (no target yet)"
