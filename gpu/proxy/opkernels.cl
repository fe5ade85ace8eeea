/* Proxy kernels, one per field or group operation, appended to
   secp256k1.cl by proxy.sh so ptxas reports each operation's SASS
   instruction count apart. Not part of the package's program. */
/* Each work-item reads its own operands (p + 32 * id): operands shared by
   all work-items would let ptxas use the uniform datapath. */
#define PX_THREAD p += 32 * get_global_id(0)
#define PX_LOAD(v, o) for (int i_ = 0; i_ < 4; i_++) (v).d[i_] = p[(o) + i_]
#define PX_STORE(v, o) for (int i_ = 0; i_ < 4; i_++) p[(o) + i_] = (v).d[i_]
__kernel void op_fe_mul(__global ulong *p) { PX_THREAD; fe a, b; PX_LOAD(a, 0); PX_LOAD(b, 4); fe_mul(&a, &a, &b); PX_STORE(a, 0); }
__kernel void op_fe_sqr(__global ulong *p) { PX_THREAD; fe a; PX_LOAD(a, 0); fe_sqr(&a, &a); PX_STORE(a, 0); }
__kernel void op_fe_add(__global ulong *p) { PX_THREAD; fe a, b; PX_LOAD(a, 0); PX_LOAD(b, 4); fe_add(&a, &a, &b); PX_STORE(a, 0); }
__kernel void op_fe_sub(__global ulong *p) { PX_THREAD; fe a, b; PX_LOAD(a, 0); PX_LOAD(b, 4); fe_sub(&a, &a, &b); PX_STORE(a, 0); }
__kernel void op_fe_neg(__global ulong *p) { PX_THREAD; fe a; PX_LOAD(a, 0); fe_neg(&a, &a); PX_STORE(a, 0); }
__kernel void op_gej_double(__global ulong *p) { PX_THREAD;
	gej a; PX_LOAD(a.x, 0); PX_LOAD(a.y, 4); PX_LOAD(a.z, 8); a.inf = (int)p[12];
	gej_double(&a, &a); PX_STORE(a.x, 0); PX_STORE(a.y, 4); PX_STORE(a.z, 8); p[12] = a.inf;
}
__kernel void op_gej_add_ge(__global ulong *p) { PX_THREAD;
	gej a; ge b; PX_LOAD(a.x, 0); PX_LOAD(a.y, 4); PX_LOAD(a.z, 8); a.inf = (int)p[12]; PX_LOAD(b.x, 16); PX_LOAD(b.y, 20);
	gej_add_ge(&a, &a, &b); PX_STORE(a.x, 0); PX_STORE(a.y, 4); PX_STORE(a.z, 8); p[12] = a.inf;
}
