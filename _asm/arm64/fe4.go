package main

import "fmt"

// The fe4 unit: internal/fe4's multiplication and squaring in the 4×64
// form (four 64-bit words holding any value below 2^256 congruent to the
// element; p = 2^256 − k, k = 2^32 + 977), for arm64. 16 products (10 for
// the square) summed row by row with ADDS/ADCS chains, then the fold of the
// upper four words by 2^256 ≡ k (4 products; in the kernels, fold4s, 8
// cheaper 32×32-bit ones), of the carry word (1), and of a last carry bit
// (masked, no branch). 42 multiplier instructions against the 5×52 form's
// 62: see bench/arm64model.sh.

const k256 = 0x1000003D1 // 2^256 mod p

func fe4Unit(f *file) {
	g := f.fnOf("mulAsm", "*[4]uint64", []string{"r", "a", "b"},
		"mulAsm sets r = a·b mod p, below 2^256 (not necessarily below p), for any a, b below 2^256.",
		"r may alias a or b. Constant time.")
	a := g.load4("a", 8)
	b := g.load4("b", 16)
	g.reduce4(g.mulRows(a, b))
	g.ins("RET")

	g = f.fnOf("squareAsm", "*[4]uint64", []string{"r", "a"},
		"squareAsm sets r = a² mod p, below 2^256 (not necessarily below p), for any a below 2^256.",
		"r may alias a. Constant time.")
	g.reduce4(g.sqrRows(g.load4("a", 8)))
	g.ins("RET")

	pointUnit(f)
}

// mulRows returns the 512-bit product a·b in eight new registers, freeing
// a's and b's.
func (g *gen) mulRows(a, b [4]string) [8]string {
	g.comment("Row 0: t0…t4 = a0·b.")
	var t [8]string
	t[0], t[1] = g.get(), g.get()
	g.ins("MUL", b[0], a[0], t[0])
	g.ins("UMULH", b[0], a[0], t[1])
	var lo [4]string
	for j := 1; j < 4; j++ {
		lo[j], t[j+1] = g.get(), g.get()
		g.ins("MUL", b[j], a[0], lo[j])
		g.ins("UMULH", b[j], a[0], t[j+1])
	}
	g.ins("ADDS", lo[1], t[1], t[1])
	g.ins("ADCS", lo[2], t[2], t[2])
	g.ins("ADCS", lo[3], t[3], t[3])
	g.ins("ADC", "ZR", t[4], t[4])
	g.put(lo[1], lo[2], lo[3])
	for i := 1; i < 4; i++ {
		g.comment(fmt.Sprintf("Row %d: t%d…t%d += a%d·b.", i, i, i+4, i))
		g.put(a[i-1]) // a(i−1) is dead
		var p [4]string
		for j := range p {
			p[j] = g.get()
			g.ins("MUL", b[j], a[i], p[j])
		}
		g.ins("ADDS", p[0], t[i], t[i])
		g.ins("ADCS", p[1], t[i+1], t[i+1])
		g.ins("ADCS", p[2], t[i+2], t[i+2])
		g.ins("ADCS", p[3], t[i+3], t[i+3])
		t[i+4] = g.get()
		g.ins("CSET", "HS", t[i+4])
		for j := range p {
			g.ins("UMULH", b[j], a[i], p[j])
		}
		g.ins("ADDS", p[0], t[i+1], t[i+1])
		g.ins("ADCS", p[1], t[i+2], t[i+2])
		g.ins("ADCS", p[2], t[i+3], t[i+3])
		g.ins("ADC", p[3], t[i+4], t[i+4])
		g.put(p[:]...)
	}
	g.put(a[3], b[0], b[1], b[2], b[3])
	return t
}

// sqrRows returns the 512-bit square a² in eight new registers, freeing
// a's.
func (g *gen) sqrRows(a [4]string) [8]string {
	var t [8]string
	g.comment("The products a_i·a_j, i < j, into t1…t6.")
	for i := 1; i < 7; i++ {
		t[i] = g.get()
	}
	x, y := g.get(), g.get()
	g.ins("MUL", a[1], a[0], t[1])
	g.ins("UMULH", a[1], a[0], t[2])
	g.ins("MUL", a[2], a[0], x)
	g.ins("UMULH", a[2], a[0], t[3])
	g.ins("MUL", a[3], a[0], y)
	g.ins("UMULH", a[3], a[0], t[4])
	g.ins("ADDS", x, t[2], t[2])
	g.ins("ADCS", y, t[3], t[3])
	g.ins("ADC", "ZR", t[4], t[4])
	g.ins("MUL", a[2], a[1], x)
	g.ins("UMULH", a[2], a[1], y)
	z := g.get()
	g.ins("MUL", a[3], a[1], z)
	g.ins("UMULH", a[3], a[1], t[5])
	g.ins("ADDS", x, t[3], t[3])
	g.ins("ADCS", y, t[4], t[4])
	g.ins("ADC", "ZR", t[5], t[5])
	g.ins("ADDS", z, t[4], t[4])
	g.ins("ADC", "ZR", t[5], t[5])
	g.ins("MUL", a[3], a[2], x)
	g.ins("UMULH", a[3], a[2], t[6])
	g.ins("ADDS", x, t[5], t[5])
	g.ins("ADC", "ZR", t[6], t[6])
	g.comment("Doubled: t1…t7.")
	t[7] = g.get()
	g.ins("ADDS", t[1], t[1], t[1])
	for i := 2; i < 7; i++ {
		g.ins("ADCS", t[i], t[i], t[i])
	}
	g.ins("CSET", "HS", t[7])
	g.comment("Plus the squares a_i².")
	t[0] = g.get()
	g.ins("MUL", a[0], a[0], t[0])
	g.ins("UMULH", a[0], a[0], x)
	g.ins("MUL", a[1], a[1], y)
	g.ins("UMULH", a[1], a[1], z)
	g.ins("ADDS", x, t[1], t[1])
	g.ins("ADCS", y, t[2], t[2])
	g.ins("ADCS", z, t[3], t[3])
	g.ins("MUL", a[2], a[2], x)
	g.ins("UMULH", a[2], a[2], y)
	g.ins("MUL", a[3], a[3], z)
	g.ins("UMULH", a[3], a[3], a[0]) // a0 is dead
	g.ins("ADCS", x, t[4], t[4])
	g.ins("ADCS", y, t[5], t[5])
	g.ins("ADCS", z, t[6], t[6])
	g.ins("ADC", a[0], t[7], t[7])
	g.put(x, y, z, a[0], a[1], a[2], a[3])
	return t
}

// load4 loads the four words of the element that the argument at offset
// off of the frame points to.
func (g *gen) load4(name string, off int) [4]string {
	p := g.get()
	g.ins("MOVD", fmt.Sprintf("%s+%d(FP)", name, off), p)
	var l [4]string
	for i := range l {
		l[i] = g.get()
	}
	g.ins("LDP", "("+p+")", "("+l[0]+", "+l[1]+")")
	g.ins("LDP", "16("+p+")", "("+l[2]+", "+l[3]+")")
	g.put(p)
	return l
}

// fold4 returns t0…t7 mod p, below 2^256, in t0…t3 (freeing t4…t7):
// t_lo + k·t_hi (below 2^256·(k+1)), then the carry word c (below 2^34)
// times k (below 2^67), then a last carry, which the value after it wraps
// so small that adding k cannot carry again.
func (g *gen) fold4(t [8]string) [4]string {
	g.comment("Fold t4…t7 by 2^256 ≡ k.")
	kk := g.konst(k256)
	var p [4]string
	for j := range p {
		p[j] = g.get()
		g.ins("MUL", kk, t[4+j], p[j])
	}
	g.ins("ADDS", p[0], t[0], t[0])
	g.ins("ADCS", p[1], t[1], t[1])
	g.ins("ADCS", p[2], t[2], t[2])
	g.ins("ADCS", p[3], t[3], t[3])
	c := g.get()
	g.ins("CSET", "HS", c)
	for j := range p {
		g.ins("UMULH", kk, t[4+j], p[j])
	}
	g.ins("ADDS", p[0], t[1], t[1])
	g.ins("ADCS", p[1], t[2], t[2])
	g.ins("ADCS", p[2], t[3], t[3])
	g.ins("ADC", p[3], c, c)
	g.comment("The carry word: c·k < 2^67.")
	g.ins("MUL", kk, c, p[0])
	g.ins("UMULH", kk, c, p[1])
	g.ins("ADDS", p[0], t[0], t[0])
	g.ins("ADCS", p[1], t[1], t[1])
	g.ins("ADCS", "ZR", t[2], t[2])
	g.ins("ADCS", "ZR", t[3], t[3])
	g.comment("A last carry: add k if it is set (CSEL, no branch). After it t is")
	g.comment("below c·k < 2^67, so t1 < 8 and k's carry stops in t1.")
	g.ins("CSEL", "HS", kk, "ZR", c)
	g.ins("ADDS", c, t[0], t[0])
	g.ins("ADC", "ZR", t[1], t[1])
	g.put(t[4:]...)
	g.put(p[:]...)
	g.put(c, kk)
	return [4]string{t[0], t[1], t[2], t[3]}
}

// fold4s is fold4 for Neoverse N1, whose one multiply pipe takes three
// cycles for a MUL or UMULH and one for a 32×32-bit product: the same
// value in t0…t3, limb for limb, with the first step's eight 64-bit
// products made of 32-bit halves. With t_j = a_j·2^32 + b_j,
// k·t_j = a_j·2^64 + P_j·2^32 + Q_j, P_j = b_j + 977·a_j and
// Q_j = 977·b_j below 2^43 (UMADDL, UMULL). So k·t_hi is the sum of
// (Q_0, Q_1 + a_0, Q_2 + a_1, Q_3 + a_2, a_3) (each word below 2^44: the
// a's come free in UMADDL) and of the P_j shifted by 32 bits (word j =
// P_j·2^32 mod 2^64 + ⌊P_(j−1)/2^32⌋: EXTR), two carry chains where
// fold4 has two; the carry word and the last carry as in fold4. Modelled
// (bench/arm64model.sh): N1 mulAsm 126 → 114 cycles, squareAsm 91 → 78;
// Apple M1 unchanged; Neoverse V2, whose two multiply pipes take a
// MUL or UMULH a cycle, 22 → 25 and 17 → 19 (more instructions, a longer
// chain). Only the kernels use it: in the point operations, which V2's
// latency bounds, it made V2's doubling 179 → 199.
func (g *gen) fold4s(t [8]string) [4]string {
	g.comment("Fold t4…t7 by 2^256 ≡ k: k·t_j = a_j·2^64 + P_j·2^32 + Q_j.")
	k977 := g.konst(977)
	var a, q, pp [4]string
	for j := range 4 {
		a[j], q[j], pp[j] = g.get(), g.get(), g.get()
		g.ins("LSR", "$32", t[4+j], a[j])
		g.ins("AND", "$0xffffffff", t[4+j], pp[j])
		if j == 0 {
			g.ins("UMULL", k977, t[4+j], q[j])
		} else {
			g.ins("UMADDL", k977, a[j-1], t[4+j], q[j])
		}
		g.ins("UMADDL", k977, pp[j], a[j], pp[j])
	}
	g.put(t[4:]...)
	g.put(k977)
	c := g.get()
	g.ins("ADDS", q[0], t[0], t[0])
	g.ins("ADCS", q[1], t[1], t[1])
	g.ins("ADCS", q[2], t[2], t[2])
	g.ins("ADCS", q[3], t[3], t[3])
	g.ins("ADC", "ZR", a[3], c)
	g.comment("P shifted by 32 bits: five words.")
	g.ins("LSL", "$32", pp[0], q[0])
	g.ins("EXTR", "$32", pp[0], pp[1], q[1])
	g.ins("EXTR", "$32", pp[1], pp[2], q[2])
	g.ins("EXTR", "$32", pp[2], pp[3], q[3])
	g.ins("LSR", "$32", pp[3], pp[3])
	g.ins("ADDS", q[0], t[0], t[0])
	g.ins("ADCS", q[1], t[1], t[1])
	g.ins("ADCS", q[2], t[2], t[2])
	g.ins("ADCS", q[3], t[3], t[3])
	g.ins("ADC", pp[3], c, c)
	g.put(a[:]...)
	g.put(q[:]...)
	g.put(pp[:]...)
	g.carryWord(t, c)
	return [4]string{t[0], t[1], t[2], t[3]}
}

// carryWord adds c·k (c below 2^35) and then the last carry to t0…t3
// (fold4's last two steps), freeing c.
func (g *gen) carryWord(t [8]string, c string) {
	g.comment("The carry word: c·k < 2^67.")
	kk := g.konst(k256)
	l, h := g.get(), g.get()
	g.ins("MUL", kk, c, l)
	g.ins("UMULH", kk, c, h)
	g.ins("ADDS", l, t[0], t[0])
	g.ins("ADCS", h, t[1], t[1])
	g.ins("ADCS", "ZR", t[2], t[2])
	g.ins("ADCS", "ZR", t[3], t[3])
	g.comment("A last carry: add k if it is set (CSEL, no branch). After it t is")
	g.comment("below c·k < 2^67, so t1 < 8 and k's carry stops in t1.")
	g.ins("CSEL", "HS", kk, "ZR", c)
	g.ins("ADDS", c, t[0], t[0])
	g.ins("ADC", "ZR", t[1], t[1])
	g.put(l, h, c, kk)
}

// reduce4 stores t0…t7 mod p, below 2^256 (fold4s), to r.
func (g *gen) reduce4(t [8]string) {
	r4 := g.fold4s(t)
	t = [8]string{r4[0], r4[1], r4[2], r4[3]}
	g.comment("r may alias the inputs: every word has been read.")
	r := g.get()
	g.ins("MOVD", "r+0(FP)", r)
	g.ins("STP", "("+t[0]+", "+t[1]+")", "("+r+")")
	g.ins("STP", "("+t[2]+", "+t[3]+")", "16("+r+")")
	g.put(r)
}
