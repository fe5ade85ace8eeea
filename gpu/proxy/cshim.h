/* C build of gpu/kernels/secp256k1.cl (proxy.sh): the OpenCL C the
   kernels use, in C, and a counter per field and group operation. */
#ifndef P256K1_PTX_EMULATE
#undef P256K1_PTX /* PTX is for NVIDIA: the C build counts the portable code unless emulating */
#undef P256K1_PTX32
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef uint64_t ulong;
typedef uint32_t uint;
typedef uint8_t uchar;
typedef struct { ulong x, y, z, w; } ulong4;
#define min(a, b) ((a) < (b) ? (a) : (b))
#define __kernel
#define __global
#define __local
#define __constant static const
static inline ulong mul_hi(ulong a, ulong b) { return (ulong)(((unsigned __int128)a * b) >> 64); }
static size_t px_gid;
#define get_global_id(d) px_gid
enum { OPC_fe_mul, OPC_fe_sqr, OPC_fe_add, OPC_fe_sub, OPC_fe_neg, OPC_fe_half, OPC_fe_half3, OPC_fe_sub2, OPC_fe_inv, OPC_fe_sqrt, OPC_gej_double, OPC_gej_add_ge, OPC_gej_add, OPC_N };
static const char *opc_names[OPC_N] = {"fe_mul", "fe_sqr", "fe_add", "fe_sub", "fe_neg", "fe_half", "fe_half3", "fe_sub2", "fe_inv", "fe_sqrt", "gej_double", "gej_add_ge", "gej_add"};
static unsigned long long opc[OPC_N];
#define OPC(name) (opc[OPC_##name]++)
