package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// 2^256 − n = nc0 + nc1·2^64 + 2^128, n the group order.
const (
	scNC0 = 0x402DA1732FC9BEBF
	scNC1 = 0x4551231950B75FC4
)

// scalarUnit generates internal/scalar's mul_amd64.s: the multiplication
// modulo n in 4×64-bit words with MULX, ADCX and ADOX (BMI2, ADX), the
// rounds of mul.go's mulGeneric and reduce512 (its Go twin): the 512-bit
// product on two carry chains, then three folds of the words above 2^256
// by 2^256 ≡ 2^256 − n (385, 258 then 257 bits) and one conditional
// subtraction of n by CMOV. Constant time: no branch, no memory index on
// the values.
func scalarUnit() {
	TEXT("mulAsm", NOSPLIT, "func(r, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("mulAsm sets r = a·b mod n for a, b below 2^256; r may alias a or b. Constant time.")
	a, b := RDI, RSI
	t := [8]GPPhysical{R8, R9, R10, R11, R12, R13, R14, R15}
	lo, hi, z := RAX, RBX, RCX
	Load(Param("a"), a)
	Load(Param("b"), b)
	ma := func(i int) Mem { return Mem{Base: a, Disp: 8 * i} }
	mb := func(i int) Mem { return Mem{Base: b, Disp: 8 * i} }

	Comment("t = a·b (512 bits), row 0")
	product4(t[:], ma, mb, lo, hi, z)

	Comment("the high half H to r's memory (a and b are read): round 1 reads it there")
	r := RDI
	Load(Param("r"), r)
	mr := func(i int) Mem { return Mem{Base: r, Disp: 8 * i} }
	for i := range 4 {
		MOVQ(t[4+i], mr(i))
	}
	m4, m5, m6, p4 := R12, R13, R14, R15
	Comment("round 1: m = L + H·nc0 + H·nc1·2^64 + H·2^128 < 2^385 (m6 is a bit)")
	MOVQ(U64(scNC0), RDX)
	XORL(z.As32(), z.As32())
	for j := range 3 {
		MULXQ(mr(j), lo, hi)
		ADCXQ(lo, t[j])
		ADOXQ(hi, t[j+1])
	}
	MULXQ(mr(3), lo, m4)
	ADCXQ(lo, t[3])
	ADOXQ(z, m4)
	ADCXQ(z, m4)
	MOVQ(U64(scNC1), RDX)
	XORL(z.As32(), z.As32())
	MULXQ(mr(0), lo, hi)
	ADCXQ(lo, t[1])
	ADOXQ(hi, t[2])
	MULXQ(mr(1), lo, hi)
	ADCXQ(lo, t[2])
	ADOXQ(hi, t[3])
	MULXQ(mr(2), lo, hi)
	ADCXQ(lo, t[3])
	ADOXQ(hi, m4)
	MULXQ(mr(3), lo, m5)
	ADCXQ(lo, m4)
	ADOXQ(z, m5)
	ADCXQ(z, m5)
	XORL(m6.As32(), m6.As32())
	ADDQ(mr(0), t[2])
	ADCQ(mr(1), t[3])
	ADCQ(mr(2), m4)
	ADCQ(mr(3), m5)
	ADCQ(Imm(0), m6)

	nc0, nc1 := RSI, RAX
	x0, x1 := RBX, RCX
	Comment("round 2: p = m[0..3] + (m4 + m5·2^64 + m6·2^128)·(2^256 − n) < 2^259 (p4 ≤ 4)")
	MOVQ(U64(scNC0), nc0)
	MOVQ(U64(scNC1), nc1)
	XORL(p4.As32(), p4.As32())
	MOVQ(m4, RDX)
	MULXQ(nc0, x0, x1) // m4·nc0, word 0; with m4, m5 at words 2, 3
	ADDQ(x0, t[0])
	ADCQ(x1, t[1])
	ADCQ(m4, t[2])
	ADCQ(m5, t[3])
	ADCQ(Imm(0), p4)
	MULXQ(nc1, x0, x1) // m4·nc1, word 1
	ADDQ(x0, t[1])
	ADCQ(x1, t[2])
	ADCQ(Imm(0), t[3])
	ADCQ(Imm(0), p4)
	MOVQ(m5, RDX)
	MULXQ(nc0, x0, x1) // m5·nc0, word 1
	ADDQ(x0, t[1])
	ADCQ(x1, t[2])
	ADCQ(Imm(0), t[3])
	ADCQ(Imm(0), p4)
	MULXQ(nc1, x0, x1) // m5·nc1, word 2
	ADDQ(x0, t[2])
	ADCQ(x1, t[3])
	ADCQ(Imm(0), p4)
	Comment("m6·2^384 ≡ m6·(nc0·2^128 + nc1·2^192 + 2^256): masked constants")
	MOVQ(m6, x0)
	NEGQ(x0)
	MOVQ(x0, x1)
	ANDQ(nc0, x0)
	ANDQ(nc1, x1)
	ADDQ(x0, t[2])
	ADCQ(x1, t[3])
	ADCQ(m6, p4)

	Comment("round 3: t + p4·(2^256 − n) < 2^256 + 2^132, the carry in m6")
	MOVQ(p4, RDX)
	MULXQ(nc0, x0, x1) // s0 = x0, h0 = x1
	MULXQ(nc1, m4, m5) // q1 = m4, h1 = m5
	ADDQ(m4, x1)       // s1 = h0 + q1
	ADCQ(p4, m5)       // s2 = h1 + p4 + carry
	XORL(m6.As32(), m6.As32())
	ADDQ(x0, t[0])
	ADCQ(x1, t[1])
	ADCQ(m5, t[2])
	ADCQ(Imm(0), t[3])
	ADCQ(Imm(0), m6)

	Comment("subtract n once if m6·2^256 + t ≥ n: u = t + (2^256 − n), kept on a carry or m6")
	MOVQ(t[0], x0)
	MOVQ(t[1], x1)
	MOVQ(t[2], m4)
	MOVQ(t[3], m5)
	ADDQ(nc0, x0)
	ADCQ(nc1, x1)
	ADCQ(Imm(1), m4)
	ADCQ(Imm(0), m5)
	ADCQ(Imm(0), m6)
	TESTQ(m6, m6)
	CMOVQNE(x0, t[0])
	CMOVQNE(x1, t[1])
	CMOVQNE(m4, t[2])
	CMOVQNE(m5, t[3])
	for i := range 4 {
		MOVQ(t[i], mr(i))
	}
	RET()
}
