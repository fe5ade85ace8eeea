// Command _asm generates internal/field/mul_amd64.s and its Go declarations,
// internal/field/mul_amd64_decl.go: the field multiplication for amd64
// processors with BMI2 (MULX, BZHI) and ADX (ADCX, ADOX), written with avo
// (github.com/mmcloughlin/avo). It is its own module so that the library
// does not depend on avo. Run it through go generate in internal/field, or:
//
//	go run . -out ../internal/field/mul_amd64.s -stubs ../internal/field/mul_amd64_decl.go -pkg field
//
// Squaring has no assembly: an avo twin of squareGeneric (same limbs) measured
// about 3% slower than the generic Go through Element.Square (AMD EPYC,
// Go 1.26), so it was dropped.
package main

import (
	"flag"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	flag.Parse()
	ConstraintExpr("amd64,!purego")
	mul()
	Generate()
}

const (
	// rr is 2^260 mod p = 0x1000003D1 << 4; see mul_generic.go.
	rr = 0x1000003D10
)

// The code is written with physical registers, handed out by a small pool,
// rather than with avo's allocator (which failed on this code): at its peak
// mulAsm uses all 13 registers other than SP, BP and DX (which is kept for
// MULX's implicit operand), and three values wait in the stack frame.

// regs is the pool of free general-purpose registers.
type regs struct{ free []GPPhysical }

func newRegs() *regs {
	return &regs{free: []GPPhysical{RAX, RBX, RCX, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15}}
}

func (p *regs) get() GPPhysical {
	if len(p.free) == 0 {
		panic("out of registers")
	}
	r := p.free[0]
	p.free = p.free[1:]
	return r
}

func (p *regs) put(rs ...GPPhysical) {
	for _, r := range rs {
		for _, f := range p.free {
			if f == r {
				panic(fmt.Sprintf("register %v freed twice", r))
			}
		}
		p.free = append(p.free, r)
	}
}

// acc is a 128-bit accumulator, hi:lo.
type acc struct{ lo, hi GPPhysical }

// chain names one of the two carry chains: ADCX adds with CF, ADOX with OF,
// and neither touches the other flag, so two sums can be accumulated
// interleaved. A chain starts with both flags cleared (gen.clear) and ends at
// the first instruction that writes the flags (shifts, BZHI, OR, ADD).
//
// Every accumulator in these functions stays below 2^116 (the bounds table
// at mulGeneric), so adding a product or a word into one never carries out
// of the high word: after each "ADCX hi" the flag is 0 again, which is what
// the next addition in the same chain expects.
type chain bool

const (
	cf chain = false
	of chain = true
)

func adx(ch chain, src, dst Op) {
	if ch == cf {
		ADCXQ(src, dst)
	} else {
		ADOXQ(src, dst)
	}
}

// gen holds the state of the function being generated.
type gen struct {
	p   *regs
	z   GPPhysical // zero; XORL z, z also clears CF and OF
	n52 GPPhysical // 52, the index for BZHI
	dx  string     // what DX holds, to skip reloading it
}

func newGen(p *regs) *gen {
	g := &gen{p: p, z: p.get(), n52: p.get()}
	MOVL(U32(52), g.n52.As32())
	return g
}

// clear starts both carry chains afresh.
func (g *gen) clear() { XORL(g.z.As32(), g.z.As32()) }

// twice is a multiplier operand standing for 2·m, formed in DX by a load and
// an LEA (which leaves the flags alone).
type twice struct{ m Mem }

func (t twice) Asm() string { return "2*" + t.m.Asm() }

// setDX loads the multiplier x into DX unless DX already holds it.
func (g *gen) setDX(x Op) {
	if g.dx == x.Asm() {
		return
	}
	g.dx = x.Asm()
	if t, ok := x.(twice); ok {
		MOVQ(t.m, RDX)
		LEAQ(Mem{Base: RDX, Index: RDX, Scale: 1}, RDX)
		return
	}
	MOVQ(x, RDX)
}

// prod returns x·y in a new accumulator; x goes to DX, y is a register or
// memory operand.
func (g *gen) prod(x, y Op) acc {
	g.setDX(x)
	a := acc{g.p.get(), g.p.get()}
	MULXQ(y, a.lo, a.hi)
	return a
}

// addProd sets a += x·y on chain ch.
func (g *gen) addProd(a acc, ch chain, x, y Op) {
	t := g.prod(x, y)
	adx(ch, t.lo, a.lo)
	adx(ch, t.hi, a.hi)
	g.p.put(t.lo, t.hi)
}

// addWord sets a += w (a 64-bit register or memory operand) on chain ch.
func (g *gen) addWord(a acc, ch chain, w Op) {
	adx(ch, w, a.lo)
	adx(ch, g.z, a.hi)
}

// low52 returns a mod 2^52 in a new register. It writes the flags.
func (g *gen) low52(a acc) GPPhysical {
	t := g.p.get()
	BZHIQ(g.n52, a.lo, t)
	return t
}

// shr52 returns a >> 52 (which fits in 64 bits wherever it is used) in a.lo
// and frees a.hi. It writes the flags. SHRD does it in one instruction, but
// next to MULX it measured about as costly as four simple ones (AMD EPYC),
// and mulAsm was no faster with it.
func (g *gen) shr52(a acc) GPPhysical {
	SHRQ(Imm(52), a.lo)
	SHLQ(Imm(12), a.hi)
	ORQ(a.hi, a.lo)
	g.p.put(a.hi)
	return a.lo
}

// split4 splits t4, the low 52 bits of column 4, into its low 48 bits (left
// in t4) and the 4 bits above them (returned in a new register).
func (g *gen) split4(t4 GPPhysical) GPPhysical {
	tx := g.p.get()
	MOVQ(t4, tx)
	SHRQ(Imm(48), tx)
	SHLQ(Imm(16), t4)
	SHRQ(Imm(16), t4)
	return tx
}

// u0 returns (x mod 2^52)·16 + tx in a new register, frees tx, and leaves x
// alone.
func (g *gen) u0(x acc, tx GPPhysical) GPPhysical {
	u := g.p.get()
	MOVQ(x.lo, u)
	SHLQ(Imm(12), u)
	SHRQ(Imm(8), u)
	ORQ(tx, u)
	g.p.put(tx)
	return u
}

// store writes the five limbs to the result, whose pointer is loaded into
// the free register rp.
func store(rp GPPhysical, limbs ...Op) {
	Load(Param("r"), rp)
	for i, v := range limbs {
		MOVQ(v, Mem{Base: rp, Disp: 8 * i})
	}
}
