package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// safegcdUnit generates internal/safegcd's variable-time divstep batch,
// divsteps62VarAsm: the loop of divsteps62Var (invert_var.go, the Go twin
// and the reference) with TZCNT for the run of zero bits of g and BZHI for
// the mask of the bits cancelled at once, SHLX and SHRX for the shifts. Go's compiler targets GOAMD64=v1
// by default and counts trailing zeros there with BSF and a CMOV for a zero
// input, which lengthens the loop's dependency chain through g by a quarter
// on AMD Zen 3; the loop is otherwise the same instruction for instruction.
// Needs BMI1 and BMI2. Variable time: for public inputs only.
func safegcdUnit() {
	divsteps62()
	safegcdUpdates()
}

// divsteps62 generates divsteps62VarAsm.
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

func safegcdUpdates() {
	update("updateDEAsm", true)
	update("updateFGAsm", false)
	updateFGVar()
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
	xp, yp, tp, mp := RSI, RDI, R8, R9
	xl, xh, yl, yh := RBX, RCX, R10, R11
	mx, my, tmp, mask := R12, R13, R14, R15
	Load(Param("x"), xp)
	Load(Param("y"), yp)
	Load(Param("t"), tp)
	if withM {
		Load(Param("m"), mp)
	}
	MOVQ(U64(1<<62-1), mask)
	limb := func(p Register, i int) Mem { return Mem{Base: p, Disp: 8 * i} }
	// acc += a·b: a in memory, b in memory (RAX, RDX clobbered).
	mac := func(lo, hi Register, a, b Mem, first bool) {
		MOVQ(a, RAX)
		IMULQ(b)
		if first {
			MOVQ(RAX, lo)
			MOVQ(RDX, hi)
			return
		}
		ADDQ(RAX, lo)
		ADCQ(RDX, hi)
	}
	// accReg += a·r for a register r.
	macReg := func(lo, hi Register, a Mem, r Register) {
		MOVQ(a, RAX)
		IMULQ(r)
		ADDQ(RAX, lo)
		ADCQ(RDX, hi)
	}
	shift := func(lo, hi Register) {
		SHRQ(Imm(62), hi, lo)
		SARQ(Imm(62), hi)
	}
	for i := 0; i < 5; i++ {
		Commentf("limb %d: x·u + y·v and x·q + y·r", i)
		mac(xl, xh, limb(xp, i), Mem{Base: tp, Disp: tU}, i == 0)
		mac(xl, xh, limb(yp, i), Mem{Base: tp, Disp: tV}, false)
		mac(yl, yh, limb(xp, i), Mem{Base: tp, Disp: tQ}, i == 0)
		mac(yl, yh, limb(yp, i), Mem{Base: tp, Disp: tR}, false)
		if withM && i == 0 {
			Comment("md = (u if d < 0) + (v if e < 0), me likewise with q and r; then")
			Comment("less (m⁻¹·cd + md) mod 2^62, so that cd + m·md ≡ 0 (mod 2^62)")
			for k, pair := range [][2]int{{tU, tV}, {tQ, tR}} {
				m := []Register{mx, my}[k]
				MOVQ(limb(xp, 4), tmp)
				SARQ(Imm(63), tmp)
				ANDQ(Mem{Base: tp, Disp: pair[0]}, tmp)
				MOVQ(tmp, m)
				MOVQ(limb(yp, 4), tmp)
				SARQ(Imm(63), tmp)
				ANDQ(Mem{Base: tp, Disp: pair[1]}, tmp)
				ADDQ(tmp, m)
				MOVQ(Mem{Base: mp, Disp: modInv62}, tmp)
				IMULQ([]Register{xl, yl}[k], tmp)
				ADDQ(m, tmp)
				ANDQ(mask, tmp)
				SUBQ(tmp, m)
			}
		}
		if withM {
			Commentf("+ m[%d]·(md, me)", i)
			macReg(xl, xh, limb(mp, i), mx)
			macReg(yl, yh, limb(mp, i), my)
		}
		if i > 0 {
			MOVQ(xl, tmp)
			ANDQ(mask, tmp)
			MOVQ(tmp, limb(xp, i-1))
			MOVQ(yl, tmp)
			ANDQ(mask, tmp)
			MOVQ(tmp, limb(yp, i-1))
		}
		shift(xl, xh)
		shift(yl, yh)
	}
	MOVQ(xl, limb(xp, 4))
	MOVQ(yl, limb(yp, 4))
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
	xp, yp, tp, n := RSI, RDI, R8, R9
	xl, xh, yl, yh := RBX, RCX, R10, R11
	i, tmp, mask := R12, R14, R15
	Load(Param("x"), xp)
	Load(Param("y"), yp)
	Load(Param("n"), n)
	Load(Param("t"), tp)
	MOVQ(U64(1<<62-1), mask)
	mac := func(lo, hi Register, a, b Mem, first bool) {
		MOVQ(a, RAX)
		IMULQ(b)
		if first {
			MOVQ(RAX, lo)
			MOVQ(RDX, hi)
			return
		}
		ADDQ(RAX, lo)
		ADCQ(RDX, hi)
	}
	limbs := func(idx Register) (Mem, Mem) {
		if idx == nil {
			return Mem{Base: xp}, Mem{Base: yp}
		}
		return Mem{Base: xp, Index: idx, Scale: 8}, Mem{Base: yp, Index: idx, Scale: 8}
	}
	rows := func(idx Register, first bool) {
		x, y := limbs(idx)
		mac(xl, xh, x, Mem{Base: tp, Disp: tU}, first)
		mac(xl, xh, y, Mem{Base: tp, Disp: tV}, false)
		mac(yl, yh, x, Mem{Base: tp, Disp: tQ}, first)
		mac(yl, yh, y, Mem{Base: tp, Disp: tR}, false)
	}
	Comment("limb 0: its low 62 bits of the sums are zero")
	rows(nil, true)
	SHRQ(Imm(62), xh, xl)
	SARQ(Imm(62), xh)
	SHRQ(Imm(62), yh, yl)
	SARQ(Imm(62), yh)
	MOVQ(U32(1), i)
	Label("fgv_loop")
	CMPQ(i, n)
	JGE(LabelRef("fgv_done"))
	Comment("limb i: the sums' low 62 bits are limb i−1")
	rows(i, false)
	MOVQ(xl, tmp)
	ANDQ(mask, tmp)
	MOVQ(tmp, Mem{Base: xp, Index: i, Scale: 8, Disp: -8})
	MOVQ(yl, tmp)
	ANDQ(mask, tmp)
	MOVQ(tmp, Mem{Base: yp, Index: i, Scale: 8, Disp: -8})
	SHRQ(Imm(62), xh, xl)
	SARQ(Imm(62), xh)
	SHRQ(Imm(62), yh, yl)
	SARQ(Imm(62), yh)
	INCQ(i)
	JMP(LabelRef("fgv_loop"))
	Label("fgv_done")
	Comment("the top limb n−1: what is left, signed")
	MOVQ(xl, Mem{Base: xp, Index: n, Scale: 8, Disp: -8})
	MOVQ(yl, Mem{Base: yp, Index: n, Scale: 8, Disp: -8})
	RET()
}
