/* Proxy build of gpu/kernels/secp256k1.cl for nvptx64 (clang): the
   OpenCL built-ins the kernels use, without libclc. */
static inline ulong px_mul_hi(ulong a, ulong b) { ulong r; __asm__("mul.hi.u64 %0, %1, %2;" : "=l"(r) : "l"(a), "l"(b)); return r; }
#define mul_hi px_mul_hi
static inline size_t px_gid(void) { return (size_t)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x(); }
#define get_global_id(d) px_gid()
#define min(a, b) ((a) < (b) ? (a) : (b))
/* clang's OpenCL mode knows only __asm__; NVIDIA's compiler takes asm. */
#define asm __asm__
