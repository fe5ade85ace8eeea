#!/usr/bin/env bash
# Proxies for the kernels' speed on NVIDIA that need no GPU (issue 33):
#  1. operation counts per item and kind from a C build of the kernels,
#     every item checked against the CPU (gpu's TestWriteProxyInputs);
#  2. registers, stack frame and spills per kernel from clang (nvptx64) →
#     PTX → ptxas -v for sm_90, and the SASS instruction count of each
#     kernel and of each field and group operation (opkernels.cl);
#  3. their product: SASS instructions per item spent in field arithmetic.
# NVIDIA's OpenCL compiler is not clang, so these are proxies: compare
# them before and after a change, not with the driver's own figures.
#
# Usage (repository root): bash gpu/proxy/proxy.sh [kernel.cl [clang flags...]]
# Needs clang (Debian: apt-get install clang), a C compiler, and ptxas,
# cuobjdump, nvdisasm (pip install nvidia-cuda-nvcc nvidia-cuda-cuobjdump
# nvidia-cuda-nvdisasm, in a venv) in PATH or in $CUDA_BIN. $PROXY_OUT keeps
# the intermediate files (default: a temporary folder). $PROXY_SKIP_PTX=1
# does the C counts only.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cl=$(realpath "${1:-gpu/kernels/secp256k1.cl}")
shift || true
extra=("$@")
out=${PROXY_OUT:-$(mktemp -d)}
mkdir -p "$out"
[ -n "${CUDA_BIN:-}" ] && PATH=$CUDA_BIN:$PATH
ops="fe_mul|fe_sqr|fe_add|fe_sub|fe_neg|fe_half|fe_half3|fe_sub2|fe_inv|fe_sqrt|gej_double|gej_add_ge|gej_add"

# 1. The C build: a counter at the top of each operation.
P256K1_GPU_PROXY_DIR=$out go test -count=1 -run '^TestWriteProxyInputs$' ./gpu >/dev/null
sed -E "s/^(static ([A-Z_]+ )?[a-z]+ ($ops)\([^)]*\) \{)/\1 OPC(\3);/" "$cl" >"$out/counted.cl"
cat "$here/cshim.h" "$out/counted.cl" "$here/count.c" >"$out/count.c"
cc -O1 -w -D PX_C=1 "${extra[@]}" -o "$out/count" "$out/count.c"
echo "== operations per item (C build of $(basename "$cl"), ${extra[*]:-no extra flags})"
"$out/count" "$out" | tee "$out/counts.txt"
[ "${PROXY_SKIP_PTX:-}" = 1 ] && exit 0

# 2. clang → PTX → ptxas for sm_90.
cat "$cl" "$here/opkernels.cl" >"$out/px.cl"
# Operations only some versions of the kernels have: the halving (fe_half,
# or fe_half3 = 3a/2 since the doubling fuses it) and a - 2c (fe_sub2).
for f in fe_half fe_half3; do
	grep -q "^static void $f(fe \*r, const fe \*a)" "$cl" &&
		echo "__kernel void op_$f(__global ulong *p) { PX_THREAD; fe a; PX_LOAD(a, 0); $f(&a, &a); PX_STORE(a, 0); }" >>"$out/px.cl"
done
grep -q "^static void fe_sub2(" "$cl" &&
	echo "__kernel void op_fe_sub2(__global ulong *p) { PX_THREAD; fe a, c; PX_LOAD(a, 0); PX_LOAD(c, 4); fe_sub2(&a, &a, &c); PX_STORE(a, 0); }" >>"$out/px.cl"
clang -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -O3 -Xclang -finclude-default-header \
	-include "$here/nvptx.h" -D P256K1_INLINE "${extra[@]}" -S -o "$out/px.ptx" "$out/px.cl"
# clang 14 writes PTX ISA 3.2 for sm_20; the carry chains on 64-bit values
# (-D P256K1_PTX) need ISA 4.3: declare the ISA and target ptxas compiles.
sed -i 's/^\.version .*/.version 7.8/; s/^\.target sm_20/.target sm_90/' "$out/px.ptx"
ptxas -arch=sm_90 -O3 -v -o "$out/px.cubin" "$out/px.ptx" 2>"$out/ptxas.txt"
cuobjdump -sass "$out/px.cubin" >"$out/px.sass"
# SASS instructions per function (NOPs left out).
awk '/Function :/ {f = $3; next} f != "" && /^ +\/\*[0-9a-f]+\*\/ +[@A-Z]/ && !/ NOP/ {n[f]++}
	END {for (f in n) print f, n[f]}' "$out/px.sass" | sort >"$out/sass.txt"
echo
echo "== kernels (clang $(clang --version | head -1 | grep -o '[0-9][0-9.]*' | head -1) → ptxas $(ptxas --version | tail -1 | grep -o 'V[0-9.]*'), sm_90)"
printf '%-16s %9s %12s %8s %14s\n' kernel registers "stack (B)" spills "SASS instrs"
awk -v sass="$out/sass.txt" 'BEGIN {while ((getline l < sass) > 0) {split(l, a, " "); s[a[1]] = a[2]}}
	/Compiling entry function/ {match($0, /'\''[^'\'']*'\''/); f = substr($0, RSTART + 1, RLENGTH - 2)}
	/Function properties for/ {g = $NF; getline; st[g] = $1; sp[g] = $5 + $9}
	/Used [0-9]+ registers/ {for (i = 1; i <= NF; i++) if ($i == "Used") r[f] = $(i + 1)}
	END {for (f in r) if (f !~ /^op_/) printf "%-16s %9s %12s %8s %14s\n", f, r[f], st[f], sp[f], s[f]
		for (f in r) if (f ~ /^op_/) printf "%-16s %9s %12s %8s %14s\n", f, r[f], st[f], sp[f], s[f]}' "$out/ptxas.txt" | sort -k1,1 | tee "$out/kernels.txt"

# 3. Field arithmetic per item: Σ count(op) × SASS(op) over the field
#    operations (group operations are made of them; inversions and square
#    roots are counted through their squarings and multiplications).
echo
echo "== SASS instructions per item in field arithmetic (count × op_ kernel size)"
awk -v sass="$out/sass.txt" 'BEGIN {while ((getline l < sass) > 0) {split(l, a, " "); s[a[1]] = a[2]}}
	NR == 1 {for (i = 3; i <= NF; i++) name[i] = $i; next}
	NF > 3 {t = 0; for (i = 3; i <= NF; i++) if (name[i] ~ /^fe_(mul|sqr|add|sub|neg|half|half3|sub2)$/) t += $i * s["op_" name[i]]
		printf "%-8s %12.0f\n", $1, t}' "$out/counts.txt"
