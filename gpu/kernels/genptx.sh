#!/usr/bin/env bash
# Generates the PTX that package gpu loads on NVIDIA instead of compiling the
# kernel source on a first call (issue 40): each kernel's program as clang's
# nvptx64 target compiles it with the options NVIDIA devices get
# (deviceOptions: -D P256K1_INLINE -D P256K1_PTX, and -D P256K1_ONLY=n as
# kernelIDs numbers the kernels), gzipped, into gpu/kernels/ptx/, with a
# MANIFEST naming the hash of everything the PTX was made from. The engine
# loads a kernel's PTX only when the MANIFEST's source hash is its kernel
# source's; TestEmbeddedPTXCurrent fails when the source or this script
# changed and the PTX was not regenerated, and CI regenerates it
# (GENPTX_CHECK=1) and fails on any difference.
#
#   bash gpu/kernels/genptx.sh            # from the repository root; needs clang-19
#   GENPTX_CHECK=1 bash gpu/kernels/genptx.sh   # regenerate into a temporary directory and compare
#
# The PTX declares ISA 7.8 and sm_52, so NVIDIA's driver (CUDA 11.8 or later)
# compiles it for any GPU from Maxwell on; on the H200 that took 0.8-1.7 s per
# kernel, against 5-15 s from source (NVIDIA's own front end, and its larger
# PTX for ptxas). The built-ins clang's OpenCL mode lacks come from
# gpu/proxy/nvptx.h.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
clang=${CLANG:-clang-19}
out=gpu/kernels/ptx
[ "${GENPTX_CHECK:-}" = 1 ] && out=$(mktemp -d)
mkdir -p "$out"
flags="-x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -Xclang -target-cpu -Xclang sm_52 -Xclang -target-feature -Xclang +ptx78 -O3 -Xclang -finclude-default-header -include gpu/proxy/nvptx.h -D P256K1_INLINE -D P256K1_PTX"
kernels="pubkeys:1 schnorr_verify:2 ecdsa_verify:3 point_mul:4 sign_kg:5 fe_selftest:6 key_sum:7"
pids=()
for k in $kernels; do
	name=${k%%:*} id=${k#*:}
	# shellcheck disable=SC2086
	"$clang" $flags -D P256K1_ONLY="$id" -S -o - gpu/kernels/secp256k1.cl | gzip -9 -n >"$out/$name.ptx.gz" &
	pids+=($!)
done
for p in "${pids[@]}"; do
	wait "$p" || {
		echo "genptx: clang failed (see above)" >&2
		exit 1
	}
done
{
	echo "source $(sha256sum gpu/kernels/secp256k1.cl | cut -d' ' -f1)"
	echo "shim $(sha256sum gpu/proxy/nvptx.h | cut -d' ' -f1)"
	echo "options -D P256K1_INLINE -D P256K1_PTX"
	echo "kernels $kernels"
	echo "clang $("$clang" --version | head -1)"
} >"$out/MANIFEST"
if [ "${GENPTX_CHECK:-}" = 1 ]; then
	status=0
	for f in "$out"/*; do
		b=$(basename "$f")
		if ! cmp -s <(zcat -f "$f") <(zcat -f "gpu/kernels/ptx/$b"); then
			echo "gpu/kernels/ptx/$b is stale: run bash gpu/kernels/genptx.sh" >&2
			status=1
		fi
	done
	rm -rf "$out"
	exit $status
fi
ls -la "$out"
