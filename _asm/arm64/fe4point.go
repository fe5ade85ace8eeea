package main

import "fmt"

// The point operations of the fe4 unit for arm64: internal/fe4's constant-
// time doubling (doubleAsm) and complete mixed addition (addAffineAsm),
// the steps of their Go twins in internal/fe4/generic.go (doubleGeneric,
// addAffineGeneric) in the same order, so that the results agree limb for
// limb. Each product is the kernel of mulAsm or squareAsm inline (mulRows
// or sqrRows, then fold4), reading its operands from the arguments or from
// the frame and writing its result back; the linear steps (sums and
// differences with their carry or borrow folded twice, negation, halving,
// selection by a mask) run on registers. No branch; the selections are
// CSEL on a flag set from a mask, and the only memory operands are fixed
// offsets from the argument pointers and from RSP.

const p4w0 = 0xFFFFFFFEFFFFFC2F // the low word of p (the others are all ones)

// Layout of fe4.Jacobian {X, Y, Z Element; Infinity uint64} and of
// group.AffineStorage {X, Y [4]uint64}.
const (
	j4x, j4y, j4z, j4inf = 0, 32, 64, 96
	s4x, s4y             = 0, 32
)

// mem is an element in memory: four words at off(base), base a register
// holding an argument pointer, or RSP for the frame.
type mem struct {
	base string
	off  int
}

func (m mem) word(i int) string { return fmt.Sprintf("%d(%s)", m.off+8*i, m.base) }

// frame hands out the frame's 32-byte locals, from 8(RSP) (0(RSP) holds
// the saved link register).
type frame struct{ next int }

func (f *frame) local() mem {
	m := mem{"RSP", 8 + f.next}
	f.next += 32
	return m
}

func (f *frame) word() string {
	s := fmt.Sprintf("%d(RSP)", 8+f.next)
	f.next += 8
	return s
}

func (g *gen) ld(m mem) [4]string {
	var r [4]string
	for i := range r {
		r[i] = g.get()
	}
	g.ins("LDP", m.word(0), "("+r[0]+", "+r[1]+")")
	g.ins("LDP", m.word(2), "("+r[2]+", "+r[3]+")")
	return r
}

func (g *gen) st(m mem, r [4]string) {
	g.ins("STP", "("+r[0]+", "+r[1]+")", m.word(0))
	g.ins("STP", "("+r[2]+", "+r[3]+")", m.word(2))
}

func (g *gen) free4(rs ...[4]string) {
	for _, r := range rs {
		g.put(r[:]...)
	}
}

// mulR returns x·y (mod p, below 2^256) in new registers.
func (g *gen) mulR(x, y mem) [4]string { return g.fold4(g.mulRows(g.ld(x), g.ld(y))) }

// sqrR returns x² in new registers.
func (g *gen) sqrR(x mem) [4]string { return g.fold4(g.sqrRows(g.ld(x))) }

func (g *gen) mulM(d, x, y mem) {
	r := g.mulR(x, y)
	g.st(d, r)
	g.free4(r)
}

func (g *gen) sqrM(d, x mem) {
	r := g.sqrR(x)
	g.st(d, r)
	g.free4(r)
}

// fold adds (sub false) or subtracts (sub true) k = 2^256 mod p for the
// carry or borrow the flags hold, then once more for the one that makes,
// which touches r0 alone (internal/fe4's Add and Sub). k or 0 is picked by
// CSEL on the flag: one instruction on the chain of dependent steps that
// bounds the doubling, where CSET, NEG and AND are three. The second is
// r0 ± k, formed beside the carry chain (ADD or SUB, which leave the flags
// alone) and picked by CSEL on its last carry: one step after the chain
// where picking k and adding it are two.
func (g *gen) fold(r [4]string, sub bool) {
	m, kk, t := g.get(), g.konst(k256), g.get()
	cond, op, opc, last := "HS", "ADDS", "ADCS", "ADD"
	if sub {
		cond, op, opc, last = "LO", "SUBS", "SBCS", "SUB"
	}
	g.ins("CSEL", cond, kk, "ZR", m)
	g.ins(op, m, r[0], r[0])
	g.ins(last, kk, r[0], t)
	g.ins(opc, "ZR", r[1], r[1])
	g.ins(opc, "ZR", r[2], r[2])
	g.ins(opc, "ZR", r[3], r[3])
	g.ins("CSEL", cond, t, r[0], r[0])
	g.put(m, kk, t)
}

// addR sets r += s (mod p, below 2^256): Add. s may be r.
func (g *gen) addR(r, s [4]string) { g.addTo(r, r, s) }

// addTo sets d = r + s (d may be r or s): the three-operand form, which
// spares the copies of an operand.
func (g *gen) addTo(d, r, s [4]string) {
	g.ins("ADDS", s[0], r[0], d[0])
	g.ins("ADCS", s[1], r[1], d[1])
	g.ins("ADCS", s[2], r[2], d[2])
	g.ins("ADCS", s[3], r[3], d[3])
	g.fold(d, false)
}

// subR sets r −= s: Sub.
func (g *gen) subR(r, s [4]string) { g.subTo(r, r, s) }

// subTo sets d = r − s (d may be r or s).
func (g *gen) subTo(d, r, s [4]string) {
	g.ins("SUBS", s[0], r[0], d[0])
	g.ins("SBCS", s[1], r[1], d[1])
	g.ins("SBCS", s[2], r[2], d[2])
	g.ins("SBCS", s[3], r[3], d[3])
	g.fold(d, true)
}

func (g *gen) new4() [4]string { return [4]string{g.get(), g.get(), g.get(), g.get()} }

// addM and subM are addR and subR with s in memory.
func (g *gen) addM(r [4]string, m mem) {
	s := g.ld(m)
	g.addR(r, s)
	g.free4(s)
}

func (g *gen) subM(r [4]string, m mem) {
	s := g.ld(m)
	g.subR(r, s)
	g.free4(s)
}

// negR sets r = 0 − r, the borrows folded (neg).
func (g *gen) negR(r [4]string) {
	g.ins("NEGS", r[0], r[0])
	g.ins("NGCS", r[1], r[1])
	g.ins("NGCS", r[2], r[2])
	g.ins("NGCS", r[3], r[3])
	g.fold(r, true)
}

// halfR sets r = r/2 (mod p): r + p if r is odd (257 bits), shifted right
// (half).
func (g *gen) halfR(r [4]string) { g.halfTo(r, r) }

// halfTo sets d = r/2 (d may be r).
func (g *gen) halfTo(d, r [4]string) {
	m, t := g.get(), g.get()
	g.ins("MOVD", imm(p4w0), t)
	g.ins("TST", "$1", r[0])
	g.ins("CSETM", "NE", m)
	g.ins("CSEL", "NE", t, "ZR", t)
	g.ins("ADDS", t, r[0], d[0])
	g.ins("ADCS", m, r[1], d[1])
	g.ins("ADCS", m, r[2], d[2])
	g.ins("ADCS", m, r[3], d[3])
	g.ins("CSET", "HS", t)
	g.ins("EXTR", "$1", d[0], d[1], d[0])
	g.ins("EXTR", "$1", d[1], d[2], d[1])
	g.ins("EXTR", "$1", d[2], d[3], d[2])
	g.ins("EXTR", "$1", d[3], t, d[3])
	g.put(m, t)
}

// zeroMask returns a new register holding all ones if r ≡ 0 (mod p), r
// being 0 or p, and zero otherwise, freeing r (zeroMask).
func (g *gen) zeroMask(r [4]string) string {
	o, q, x := g.get(), g.get(), g.get()
	g.ins("ORR", r[1], r[0], o)
	g.ins("ORR", r[2], o, o)
	g.ins("ORR", r[3], o, o)
	g.ins("AND", r[2], r[1], q)
	g.ins("AND", r[3], q, q)
	g.ins("MVN", q, q)
	g.ins("MOVD", imm(p4w0), x)
	g.ins("EOR", r[0], x, x)
	g.ins("ORR", x, q, q)
	g.ins("CMP", "$0", o)
	g.ins("CSETM", "NE", o)
	g.ins("CMP", "$0", q)
	g.ins("CSETM", "NE", q)
	g.ins("AND", q, o, o)
	g.ins("MVN", o, o)
	g.put(q, x)
	g.free4(r)
	return o
}

// sel sets r = m where the flags satisfy cond (CSEL: no branch).
func (g *gen) sel(r [4]string, m mem, cond string) {
	e := g.ld(m)
	for i := range r {
		g.ins("CSEL", cond, e[i], r[i], r[i])
	}
	g.free4(e)
}

func (g *gen) copyR(r [4]string) [4]string {
	var d [4]string
	for i := range d {
		d[i] = g.get()
		g.ins("MOVD", r[i], d[i])
	}
	return d
}

// twiceThrice stores 2v to t2 and 3v to t, freeing v.
func (g *gen) twiceThrice(t2, t mem, v [4]string) {
	w := g.new4()
	g.addTo(w, v, v)
	g.st(t2, w)
	g.addR(w, v)
	g.st(t, w)
	g.free4(v, w)
}

// x3W stores v − 2T (t2 holding 2T) to r and v − 3T (t holding 3T) to t,
// freeing v.
func (g *gen) x3W(r, t, t2 mem, v [4]string) {
	w := g.ld(t2)
	g.subTo(w, v, w)
	g.st(r, w)
	g.free4(w)
	w = g.ld(t)
	g.subTo(w, v, w)
	g.st(t, w)
	g.free4(v, w)
}

// ptr loads the pointer argument name (at offset off of the arguments)
// into a new register.
func (g *gen) ptr(name string, off int) string {
	p := g.get()
	g.ins("MOVD", fmt.Sprintf("%s+%d(FP)", name, off), p)
	return p
}

func pointUnit(f *file) {
	f.imports = append(f.imports, "github.com/p256k1/p256k1/internal/group")
	linear(f)
	double(f)
	addAffine(f)
	addVar(f, false)
	addVar(f, true)
}

// linear generates linearAsm, which exists for the tests (as on amd64):
// the linear steps the point operations are made of (addTo, subTo, negR,
// halfTo, each with its carry or borrow folds), on the edge values that
// products almost never reach. Constant time.
func linear(f *file) {
	g := f.fnOf("linearAsm", "*[4]uint64", []string{"sum", "diff", "neg", "half", "a", "b"},
		"linearAsm sets sum = a + b, diff = a − b, neg = −a and half = a/2 (mod p, values below 2^256)",
		"with the linear steps the generated point operations use; only the tests call it.")
	pa, pb := g.ptr("a", 32), g.ptr("b", 40)
	a, b := mem{pa, 0}, mem{pb, 0}
	out := func(name string, off int, r [4]string) {
		p := g.ptr(name, off)
		g.st(mem{p, 0}, r)
		g.put(p)
		g.free4(r)
	}
	x, y := g.ld(a), g.ld(b)
	g.addR(x, y)
	out("sum", 0, x)
	x = g.ld(a)
	g.subR(x, y)
	g.free4(y)
	out("diff", 8, x)
	x = g.ld(a)
	g.negR(x)
	out("neg", 16, x)
	x = g.ld(a)
	g.halfR(x)
	out("half", 24, x)
	g.put(pa, pb)
	g.ins("RET")
}

// double generates doubleAsm, doubleGeneric's steps: L = 3/2·X², S = Y²,
// T = X·S, Z3 = Y·Z, X3 = L² − 2T, Y3 = −S² − L·(L² − 3T).
func double(f *file) {
	var fr frame
	s, l, t, t2 := fr.local(), fr.local(), fr.local(), fr.local()
	g := f.fnFrame("doubleAsm", "r, a *Jacobian", 16, fr.next,
		"doubleAsm sets r = 2·a (the infinity flag copied): doubleGeneric's steps. Constant time. r may be a.")
	pr, pa := g.ptr("r", 0), g.ptr("a", 8)
	ax, ay, az := mem{pa, j4x}, mem{pa, j4y}, mem{pa, j4z}
	rx, ry, rz := mem{pr, j4x}, mem{pr, j4y}, mem{pr, j4z}
	g.comment("r.Infinity = a.Infinity")
	x := g.get()
	g.ins("MOVD", fmt.Sprintf("%d(%s)", j4inf, pa), x)
	g.ins("MOVD", x, fmt.Sprintf("%d(%s)", j4inf, pr))
	g.put(x)
	// The steps in the order S, L, T, −S², X3 and W, Y3, Z3: of the
	// orders the dependencies allow, the one llvm-mca 19 models fastest
	// (Neoverse V2 173 cycles, N1 783, Apple M1 309, against 179, 789 and
	// 320 for L, S, T, Z3, X3, −S², Y3). Y3 waits in the frame for Z3,
	// which reads a.Y, so that r may be a.
	g.comment("S = Y²")
	g.sqrM(s, ay)
	g.comment("L = X² + X²/2")
	v := g.sqrR(ax)
	w := g.new4()
	g.halfTo(w, v)
	g.addR(v, w)
	g.st(l, v)
	g.free4(v, w)
	g.comment("T = X·S; 2T; 3T")
	g.twiceThrice(t2, t, g.mulR(s, ax))
	g.comment("−S² (S is not read again)")
	v = g.sqrR(s)
	g.negR(v)
	g.st(s, v)
	g.free4(v)
	g.comment("X3 = L² − 2T (a.X is not read again), W = L² − 3T")
	g.x3W(rx, t, t2, g.sqrR(l))
	g.comment("Y3 = −S² − L·W, into the frame")
	v = g.mulR(t, l)
	w = g.ld(s)
	g.subR(w, v)
	g.st(s, w)
	g.free4(v, w)
	g.comment("Z3 = Y·Z (a.Y, a.Z are not read again)")
	g.mulM(rz, az, ay)
	g.comment("r.Y = Y3")
	v = g.ld(s)
	g.st(ry, v)
	g.free4(v)
	g.put(pr, pa)
	g.ins("RET")
}

// addAffine generates addAffineAsm, addAffineGeneric's steps: the complete
// mixed addition of group.Jacobian.AddAffine, its special cases taken by
// masks (R = M = 0 selects the alternative λ; a = −b gives Z3 = 0 and the
// infinity flag; a infinite gives b).
func addAffine(f *file) {
	var fr frame
	zz, u2, s2, t, m, rr, mAlt, rrAlt := fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local()
	fInf, fDeg := fr.word(), fr.word()
	g := f.fnFrame("addAffineAsm", "r, a *Jacobian, b *group.AffineStorage", 24, fr.next,
		"addAffineAsm sets r = a + b (b finite, in table form): addAffineGeneric's steps. Constant time. r may be a.")
	pr, pa, pb := g.ptr("r", 0), g.ptr("a", 8), g.ptr("b", 16)
	ax, ay, az := mem{pa, j4x}, mem{pa, j4y}, mem{pa, j4z}
	bx, by := mem{pb, s4x}, mem{pb, s4y}
	rx, ry, rz := mem{pr, j4x}, mem{pr, j4y}, mem{pr, j4z}

	g.comment("−a.Infinity (all ones if a is infinity), kept in the frame",
		"(a.X and a.Y are U1 and S1: read before r is written)")
	x := g.get()
	g.ins("MOVD", fmt.Sprintf("%d(%s)", j4inf, pa), x)
	g.ins("NEG", x, x)
	g.ins("MOVD", x, fInf)
	g.put(x)
	g.comment("Z1², U2 = X2·Z1², S2 = Y2·Z1³")
	g.sqrM(zz, az)
	g.mulM(u2, bx, zz)
	g.mulM(s2, by, zz)
	g.mulM(s2, s2, az)
	g.comment("T = U1 + U2, M = S1 + S2")
	v := g.ld(ax)
	g.addM(v, u2)
	g.st(t, v)
	g.free4(v)
	v = g.ld(ay)
	g.addM(v, s2)
	g.st(m, v)
	g.free4(v)
	g.sqrM(rr, t)
	g.comment("mAlt = −U2; −U1·U2")
	v = g.ld(u2)
	g.negR(v)
	g.st(mAlt, v)
	g.free4(v)
	g.mulM(s2, ax, mAlt)
	g.comment("R = T² − U1·U2; degenerate = (R ≡ 0) & (M ≡ 0)")
	v = g.ld(rr)
	g.addM(v, s2)
	g.st(rr, v)
	deg := g.zeroMask(v)
	mz := g.zeroMask(g.ld(m))
	g.ins("AND", mz, deg, deg)
	g.put(mz)
	g.ins("MOVD", deg, fDeg)
	g.comment("rrAlt = 2·S1, or R unless degenerate; mAlt = U1 − U2, or M unless degenerate")
	v = g.ld(ay)
	g.addR(v, v)
	g.ins("CMP", "$0", deg)
	g.sel(v, rr, "EQ")
	g.st(rrAlt, v)
	g.free4(v)
	v = g.ld(mAlt)
	g.addM(v, ax)
	g.ins("CMP", "$0", deg)
	g.sel(v, m, "EQ")
	g.st(mAlt, v)
	g.free4(v)
	g.put(deg)

	n, q := zz, u2
	g.comment("N = Malt⁴ (M if degenerate), Q = −T·Malt²")
	g.sqrM(n, mAlt)
	v = g.ld(t)
	g.negR(v)
	g.st(q, v)
	g.free4(v)
	g.mulM(q, q, n)
	v = g.sqrR(n)
	deg = g.get()
	g.ins("MOVD", fDeg, deg)
	g.ins("CMP", "$0", deg)
	g.put(deg)
	g.sel(v, m, "NE")
	g.st(n, v)
	g.free4(v)
	g.sqrM(t, rrAlt)
	g.comment("Z3 = Malt·Z1 (a.Z is not read again)")
	g.mulM(rz, az, mAlt)

	g.comment("X3 = Ralt² + Q; t = 2·X3 + Q")
	v = g.ld(t)
	g.addM(v, q)
	g.st(rx, v)
	g.addR(v, v)
	g.addM(v, q)
	g.st(t, v)
	g.free4(v)
	g.mulM(t, t, rrAlt)
	g.comment("Y3 = −(Ralt·(2·X3 + Q) + N)/2")
	v = g.ld(t)
	g.addM(v, n)
	g.negR(v)
	g.halfR(v)

	g.comment("If a is infinity, r = (b.X, b.Y, 1); r.Infinity = (Z3 ≡ 0) & ¬a.Infinity.")
	ainf := g.get()
	g.ins("MOVD", fInf, ainf)
	g.ins("CMP", "$0", ainf)
	g.sel(v, by, "NE")
	g.st(ry, v)
	g.free4(v)
	v = g.ld(rx)
	g.sel(v, bx, "NE")
	g.st(rx, v)
	g.free4(v)
	v = g.ld(rz)
	inf := g.zeroMask(g.copyR(v))
	g.ins("BIC", ainf, inf, inf)
	g.ins("AND", "$1", inf, inf)
	one := g.konst(1)
	g.ins("CMP", "$0", ainf)
	g.ins("CSEL", "NE", one, v[0], v[0])
	for i := 1; i < 4; i++ {
		g.ins("CSEL", "NE", "ZR", v[i], v[i])
	}
	g.st(rz, v)
	g.free4(v)
	g.ins("MOVD", inf, fmt.Sprintf("%d(%s)", j4inf, pr))
	g.put(one, inf, ainf, pr, pa, pb)
	g.ins("RET")
}

// addVar generates addStorageVarAsm (zinv false) and addStorageZInvVarAsm
// (zinv true), addStorageVarGeneric's steps: r = a + b, or a − b if neg ≠
// 0, for a finite a and a table point b (with the implied Z 1/bzinv if
// zinv), returning 1; or 0, leaving r as it was, when H ≡ 0 (a = ±b).
// Variable time in use (its result is public), but straight-line like the
// others: the sum is made in the frame whatever H is, and copied to r
// unless H ≡ 0 by CSEL, so that the constant-time scan covers it too.
func addVar(f *file, zinv bool) {
	var fr frame
	zz, s2, h, i, h2, h3, t, t2, by := fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local(), fr.local()
	ox, oy, oz := fr.local(), fr.local(), fr.local()
	var zb mem
	if zinv {
		zb = fr.local()
	}
	fZero := fr.word()
	name, params, args := "addStorageVarAsm", "r, a *Jacobian, b *group.AffineStorage, neg int", 40
	doc := "addStorageVarAsm sets r = a + b, or a − b if neg ≠ 0, and returns 1; 0, r unchanged, if a = ±b: addStorageVarGeneric's steps (zinv nil). r may be a."
	if zinv {
		name, params, args = "addStorageZInvVarAsm", "r, a *Jacobian, b *group.AffineStorage, neg int, bzinv *Element", 48
		doc = "addStorageZInvVarAsm is addStorageVarAsm for b with the implied Z 1/bzinv: addStorageVarGeneric's steps. r may be a."
	}
	g := f.fnFrameRes(name, params, "(ok int)", args, fr.next, doc)
	pr, pa, pb := g.ptr("r", 0), g.ptr("a", 8), g.ptr("b", 16)
	ax, ay, az := mem{pa, j4x}, mem{pa, j4y}, mem{pa, j4z}
	bx := mem{pb, s4x}
	rx, ry, rz := mem{pr, j4x}, mem{pr, j4y}, mem{pr, j4z}

	g.comment("b.Y, or p − b.Y (b.Y canonical and nonzero: no borrow out) if neg ≠ 0")
	y := g.ld(mem{pb, s4y})
	n := [4]string{g.konst(p4w0), g.get(), g.get(), g.get()}
	g.ins("MOVD", "$-1", n[1])
	g.ins("MOVD", n[1], n[2])
	g.ins("MOVD", n[1], n[3])
	g.ins("SUBS", y[0], n[0], n[0])
	g.ins("SBCS", y[1], n[1], n[1])
	g.ins("SBCS", y[2], n[2], n[2])
	g.ins("SBC", y[3], n[3], n[3])
	x := g.get()
	g.ins("MOVD", "neg+24(FP)", x)
	g.ins("CMP", "$0", x)
	g.put(x)
	for k := range y {
		g.ins("CSEL", "NE", n[k], y[k], y[k])
	}
	g.st(by, y)
	g.free4(y, n)
	za := az
	if zinv {
		g.comment("The Z b is scaled by: Z1·bzinv")
		pz := g.ptr("bzinv", 32)
		g.mulM(zb, az, mem{pz, 0})
		g.put(pz)
		za = zb
	}
	g.comment("H = U2 − X1 (U2 = X2·Z²), and whether H ≡ 0")
	g.sqrM(zz, za)
	v := g.mulR(bx, zz)
	g.subM(v, ax)
	g.st(h, v)
	zero := g.zeroMask(v)
	g.ins("MOVD", zero, fZero)
	g.put(zero)
	g.mulM(s2, by, zz)
	g.sqrM(h2, h)
	g.comment("I = Y1 − S2 (S2 = Y2·Z³)")
	v = g.mulR(s2, za)
	w := g.ld(ay)
	g.subR(w, v)
	g.st(i, w)
	g.free4(v, w)
	g.mulM(h3, h2, h)
	g.comment("T = X1·H²; 2T; 3T")
	g.twiceThrice(t2, t, g.mulR(ax, h2))
	g.comment("D = I² − H³, X3 = D − 2T, W = D − 3T")
	v = g.sqrR(i)
	g.subM(v, h3)
	g.x3W(ox, t, t2, v)
	g.mulM(oz, az, h)
	g.mulM(h3, h3, ay)
	g.comment("Y3 = I·W − Y1·H³")
	v = g.mulR(i, t)
	g.subM(v, h3)
	g.st(oy, v)
	g.free4(v)

	g.comment("r = (X3, Y3, Z3) unless H ≡ 0 (r may be a: a is read no more); ok = H ≢ 0")
	zero = g.get()
	g.ins("MOVD", fZero, zero)
	for _, c := range [][2]mem{{ox, rx}, {oy, ry}, {oz, rz}} {
		v = g.ld(c[0])
		g.ins("CMP", "$0", zero)
		g.sel(v, c[1], "NE")
		g.st(c[1], v)
		g.free4(v)
	}
	g.ins("CMP", "$0", zero)
	g.ins("CSET", "EQ", zero)
	g.ins("MOVD", zero, fmt.Sprintf("ok+%d(FP)", args-8))
	g.put(zero, pr, pa, pb)
	g.ins("RET")
}
