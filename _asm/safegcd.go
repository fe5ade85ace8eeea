package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// safegcdUnit generates internal/safegcd's divsteps_amd64.s: the
// variable-time divstep batch and the matrix updates of the inversions.
func safegcdUnit() {
	divsteps62()
	update("updateDEAsm", true)
	update("updateFGAsm", false)
	updateFGVar()
}

// divsteps62 generates divsteps62VarAsm: the loop of divsteps62Var
// (invert_var.go, the Go twin and the reference) with TZCNT for the run of
// zero bits of g, BZHI for the mask of the bits cancelled at once, and SHLX
// and SHRX for the shifts. Go's compiler targets GOAMD64=v1 by default and
// counts trailing zeros there with BSF and a CMOV for a zero input, which
// lengthens the loop's dependency chain through g by a quarter on AMD Zen 3;
// the loop is otherwise the same instruction for instruction. Needs BMI1
// and BMI2. Variable time: for public inputs only.
func divsteps62() {
	TEXT("divsteps62VarAsm", NOSPLIT, "func(eta int64, f0, g0 uint64, t *[4]int64) int64")
	Pragma("noescape")
	Doc("divsteps62VarAsm is divsteps62Var, writing the matrix (u, v, q, r) to t. Variable time.")
	eta, f, g, z := RAX, RBX, RDX, RCX
	u, v, q, r := RSI, RDI, R8, R9
	i, tmp, w, m, lim := R10, R11, R12, R13, R14
	Load(Param("eta"), eta)
	Load(Param("f0"), f)
	Load(Param("g0"), g)
	MOVQ(U32(1), u)
	XORL(v.As32(), v.As32())
	XORL(q.As32(), q.As32())
	MOVQ(U32(1), r)
	MOVQ(U32(62), i)

	Label("ds_loop")
	Comment("zeros = ctz(g | -1<<i): the sentinel stops the count at the divsteps left")
	MOVQ(I32(-1), tmp)
	SHLXQ(i, tmp, tmp)
	ORQ(g, tmp)
	TZCNTQ(tmp, z)
	SHRXQ(z, g, g)
	SHLXQ(z, u, u)
	SHLXQ(z, v, v)
	SUBQ(z, eta)
	SUBQ(z, i)
	JZ(LabelRef("ds_done"))
	Comment("f and g are odd; limit = min(eta+1, i) after the swap below")
	TESTQ(eta, eta)
	JNS(LabelRef("ds_pos"))

	Comment("eta < 0: eta = -eta, (f, g) = (g, -f), (u, q) = (q, -u), (v, r) = (r, -v)")
	NEGQ(eta)
	MOVQ(f, tmp)
	MOVQ(g, f)
	NEGQ(tmp)
	MOVQ(tmp, g)
	MOVQ(u, tmp)
	MOVQ(q, u)
	NEGQ(tmp)
	MOVQ(tmp, q)
	MOVQ(v, tmp)
	MOVQ(r, v)
	NEGQ(tmp)
	MOVQ(tmp, r)
	LEAQ(Mem{Base: eta, Disp: 1}, lim)
	CMPQ(lim, i)
	CMOVQGT(i, lim)
	Comment("m = the low min(limit, 6) bits; w = f·g·(f²−2) & m (−g/f mod 64)")
	MOVL(U32(63), m.As32())
	BZHIQ(lim, m, m)
	MOVQ(f, w)
	IMULQ(f, w)
	SUBQ(Imm(2), w)
	IMULQ(g, w)
	IMULQ(f, w)
	ANDQ(m, w)
	JMP(LabelRef("ds_update"))

	Label("ds_pos")
	Comment("eta ≥ 0: m = the low min(limit, 4) bits; w = −g·f⁻¹ mod 16 & m")
	LEAQ(Mem{Base: eta, Disp: 1}, lim)
	CMPQ(lim, i)
	CMOVQGT(i, lim)
	MOVL(U32(15), m.As32())
	BZHIQ(lim, m, m)
	LEAQ(Mem{Base: f, Disp: 1}, w)
	ANDL(U32(4), w.As32())
	LEAQ(Mem{Base: f, Index: w, Scale: 2}, w)
	NEGQ(w)
	IMULQ(g, w)
	ANDQ(m, w)

	Label("ds_update")
	Comment("g += f·w, q += u·w, r += v·w")
	MOVQ(f, tmp)
	IMULQ(w, tmp)
	ADDQ(tmp, g)
	MOVQ(u, tmp)
	IMULQ(w, tmp)
	ADDQ(tmp, q)
	IMULQ(v, w)
	ADDQ(w, r)
	JMP(LabelRef("ds_loop"))

	Label("ds_done")
	tp := R15
	Load(Param("t"), tp)
	MOVQ(u, Mem{Base: tp})
	MOVQ(v, Mem{Base: tp, Disp: 8})
	MOVQ(q, Mem{Base: tp, Disp: 16})
	MOVQ(r, Mem{Base: tp, Disp: 24})
	Store(eta, ReturnIndex(0))
	RET()
}

// The 2×2 matrix updates of a divstep batch, the loops' other half:
// updateDEAsm and updateFGAsm are updateDE and updateFG (safegcd.go, the Go
// twins and the references): each limb's four products t·[x, y] (and for
// d, e the two multiples of the modulus) with IMUL's signed 64×64 → 128-bit
// product, where the Go code corrects an unsigned product for the signs.
// Constant time: no branch, and every address is fixed (the modulus's
// zero limbs are multiplied like the others).

// Offsets of trans {u, v, q, r int64} and of Modulus {M [5]int64; MInv62}.
const (
	tU, tV, tQ, tR = 0, 8, 16, 24
	modInv62       = 40
)

// The registers of the updates: the pointers, and the two signed 128-bit
// accumulators (lo, hi) of the new x and the new y.
var (
	upX, upY, upT = RSI, RDI, R8
	accX          = [2]Register{RBX, RCX}
	accY          = [2]Register{R10, R11}
)

// imulAcc emits acc += a·b (acc = a·b if first), a signed 64×64 → 128-bit
// product by IMUL's one-operand form (RAX and RDX clobbered).
func imulAcc(acc [2]Register, a Op, b Op, first bool) {
	MOVQ(a, RAX)
	IMULQ(b)
	if first {
		MOVQ(RAX, acc[0])
		MOVQ(RDX, acc[1])
		return
	}
	ADDQ(RAX, acc[0])
	ADCQ(RDX, acc[1])
}

// matRows emits the two rows of a limb's product with the matrix t:
// accX += x·u + y·v and accY += x·q + y·r (set, if first).
func matRows(x, y Mem, first bool) {
	imulAcc(accX, x, Mem{Base: upT, Disp: tU}, first)
	imulAcc(accX, y, Mem{Base: upT, Disp: tV}, false)
	imulAcc(accY, x, Mem{Base: upT, Disp: tQ}, first)
	imulAcc(accY, y, Mem{Base: upT, Disp: tR}, false)
}

// storeLow62 emits dst = acc's low 62 bits (through tmp).
func storeLow62(acc [2]Register, dst Mem, tmp, mask Register) {
	MOVQ(acc[0], tmp)
	ANDQ(mask, tmp)
	MOVQ(tmp, dst)
}

// sar62 emits acc >>= 62, arithmetically, for both accumulators.
func sar62() {
	for _, acc := range [][2]Register{accX, accY} {
		SHRQ(Imm(62), acc[1], acc[0])
		SARQ(Imm(62), acc[1])
	}
}

// update generates name(x, y *Signed62, t *trans[, m *Modulus]) (x and y
// rather than d, e or f, g: g is a register's name in Go's assembler): the
// new x and y are (t/2^62)·[x, y], with withM the multiples md, me of m added
// first that make the division exact (updateDE), else exact as it is
// (updateFG).
func update(name string, withM bool) {
	sig := "func(x, y *[5]int64, t *[4]int64)"
	if withM {
		sig = "func(x, y *[5]int64, t *[4]int64, m *[6]int64)"
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	if withM {
		Doc(name + " is updateDE: (d, e) = (t·[d, e] + m·[md, me])/2^62. Constant time.")
	} else {
		Doc(name + " is updateFG: (f, g) = t·[f, g]/2^62. Constant time.")
	}
	xp, yp, tp, mp := upX, upY, upT, R9
	mx, my, tmp, mask := R12, R13, R14, R15
	Load(Param("x"), xp)
	Load(Param("y"), yp)
	Load(Param("t"), tp)
	if withM {
		Load(Param("m"), mp)
	}
	MOVQ(U64(1<<62-1), mask)
	limb := func(p Register, i int) Mem { return Mem{Base: p, Disp: 8 * i} }
	for i := 0; i < 5; i++ {
		Commentf("limb %d: x·u + y·v and x·q + y·r", i)
		matRows(limb(xp, i), limb(yp, i), i == 0)
		if withM && i == 0 {
			Comment("md = (u if d < 0) + (v if e < 0), me likewise with q and r; then")
			Comment("less (m⁻¹·cd + md) mod 2^62, so that cd + m·md ≡ 0 (mod 2^62)")
			for _, row := range []struct {
				m      Register
				lo     Register
				du, ev int
			}{{mx, accX[0], tU, tV}, {my, accY[0], tQ, tR}} {
				MOVQ(limb(xp, 4), tmp)
				SARQ(Imm(63), tmp)
				ANDQ(Mem{Base: tp, Disp: row.du}, tmp)
				MOVQ(tmp, row.m)
				MOVQ(limb(yp, 4), tmp)
				SARQ(Imm(63), tmp)
				ANDQ(Mem{Base: tp, Disp: row.ev}, tmp)
				ADDQ(tmp, row.m)
				MOVQ(Mem{Base: mp, Disp: modInv62}, tmp)
				IMULQ(row.lo, tmp)
				ADDQ(row.m, tmp)
				ANDQ(mask, tmp)
				SUBQ(tmp, row.m)
			}
		}
		if withM {
			Commentf("+ m[%d]·(md, me)", i)
			imulAcc(accX, limb(mp, i), mx, false)
			imulAcc(accY, limb(mp, i), my, false)
		}
		if i > 0 {
			storeLow62(accX, limb(xp, i-1), tmp, mask)
			storeLow62(accY, limb(yp, i-1), tmp, mask)
		}
		sar62()
	}
	MOVQ(accX[0], limb(xp, 4))
	MOVQ(accY[0], limb(yp, 4))
	RET()
}

// updateFGVar generates updateFGVarAsm(x, y *Signed62, n int, t *trans):
// updateFGVar (invert_var.go, the Go twin and the reference) for the n ≥ 1
// low limbs of x and y, the last of them the signed top one; with IMUL's
// signed products a limb loop serves every length (the Go code needs the
// top limb's signed products apart). Variable time in n only.
func updateFGVar() {
	TEXT("updateFGVarAsm", NOSPLIT, "func(x, y *[5]int64, n int, t *[4]int64)")
	Pragma("noescape")
	Doc("updateFGVarAsm is updateFGVar for the n ≥ 1 low limbs of x and y: (x, y) = t·[x, y]/2^62. Variable time in n.")
	xp, yp, tp, n := upX, upY, upT, R9
	i, tmp, mask := R12, R14, R15
	Load(Param("x"), xp)
	Load(Param("y"), yp)
	Load(Param("n"), n)
	Load(Param("t"), tp)
	MOVQ(U64(1<<62-1), mask)
	at := func(p, idx Register, disp int) Mem { return Mem{Base: p, Index: idx, Scale: 8, Disp: disp} }
	Comment("limb 0: its low 62 bits of the sums are zero")
	matRows(Mem{Base: xp}, Mem{Base: yp}, true)
	sar62()
	MOVQ(U32(1), i)
	Label("fgv_loop")
	CMPQ(i, n)
	JGE(LabelRef("fgv_done"))
	Comment("limb i: the sums' low 62 bits are limb i−1")
	matRows(at(xp, i, 0), at(yp, i, 0), false)
	storeLow62(accX, at(xp, i, -8), tmp, mask)
	storeLow62(accY, at(yp, i, -8), tmp, mask)
	sar62()
	INCQ(i)
	JMP(LabelRef("fgv_loop"))
	Label("fgv_done")
	Comment("the top limb n−1: what is left, signed")
	MOVQ(accX[0], at(xp, n, -8))
	MOVQ(accY[0], at(yp, n, -8))
	RET()
}
