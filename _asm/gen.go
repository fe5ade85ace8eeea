package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The code is written with physical registers, handed out by a small pool,
// rather than with avo's allocator (which failed on the multiplication): at
// its peak the multiplication uses all 13 registers other than SP, BP and DX
// (which is kept for MULX's implicit operand).

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

// gen holds the state of the function being generated: the register pool,
// what DX holds (to skip reloading it), and the function's scratch words.
type gen struct {
	p  *regs
	dx string
	// spill is three words of the frame where the multiplication keeps
	// values for lack of registers.
	spill Mem
}

func newGen() *gen {
	return &gen{p: newRegs(), spill: AllocLocal(24)}
}

// done checks that every register went back to the pool.
func (g *gen) done() {
	if len(g.p.free) != 13 {
		panic(fmt.Sprintf("%d registers not freed", 13-len(g.p.free)))
	}
}

// elem is a field element in memory: five 64-bit limbs, 8 bytes apart. A
// frame element lives in the function's local area (addressed from SP); an
// argument element is at an offset from a pointer argument, which is loaded
// into a register by the operations that touch it.
type elem struct {
	arg string // the pointer argument, or "" for the frame
	off int    // offset from the pointer, or from SP
}

// local allocates a frame element.
func local() elem { return elem{off: AllocLocal(40).Disp} }

// argElem returns the element at offset off of pointer argument arg.
func argElem(arg string, off int) elem { return elem{arg: arg, off: off} }

// addr is a bound element: the memory operand of each limb.
type addr func(i int) Mem

// binding holds the registers of the pointer arguments bound for one
// operation.
type binding struct {
	g     *gen
	names []string
	regs  []GPPhysical
}

// bind makes the elements addressable, loading each distinct pointer
// argument once. release gives the registers back.
func (g *gen) bind(es ...elem) (*binding, []addr) {
	b := &binding{g: g}
	out := make([]addr, len(es))
	for k, e := range es {
		e := e
		if e.arg == "" {
			out[k] = func(i int) Mem { return Mem{Base: RSP, Disp: e.off + 8*i} }
			continue
		}
		var r GPPhysical
		for j, n := range b.names {
			if n == e.arg {
				r = b.regs[j]
			}
		}
		if r == nil {
			r = g.p.get()
			Load(Param(e.arg), r)
			b.names = append(b.names, e.arg)
			b.regs = append(b.regs, r)
		}
		out[k] = func(i int) Mem { return Mem{Base: r, Disp: e.off + 8*i} }
	}
	return b, out
}

func (b *binding) release() {
	b.g.p.put(b.regs...)
	b.names, b.regs = nil, nil
}

// chain names one of the two carry chains: ADCX adds with CF, ADOX with OF,
// and neither touches the other flag, so two sums can be accumulated
// interleaved. A chain starts with both flags cleared (gen.clear) and ends at
// the first instruction that writes the flags (shifts, BZHI, OR, ADD).
//
// Every accumulator of the multiplication and squaring stays below 2^116
// (the bounds table at mulGeneric), so adding a product or a word into one
// never carries out of the high word: after each "ADCX hi" the flag is 0
// again, which is what the next addition in the same chain expects.
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

// acc is a 128-bit accumulator, hi:lo.
type acc struct{ lo, hi GPPhysical }

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

// addWord sets a += w (a 64-bit register or memory operand) on chain ch;
// z is a register holding zero.
func (g *gen) addWord(a acc, ch chain, w Op, z GPPhysical) {
	adx(ch, w, a.lo)
	adx(ch, z, a.hi)
}

// low52 returns a mod 2^52 in a new register. It writes the flags.
func (g *gen) low52(a acc, n52 GPPhysical) GPPhysical {
	t := g.p.get()
	BZHIQ(n52, a.lo, t)
	return t
}

// shr52 returns a >> 52 (which fits in 64 bits wherever it is used) in a.lo
// and frees a.hi. It writes the flags. SHRD does it in one instruction, but
// next to MULX it measured about as costly as four simple ones (AMD EPYC),
// and the multiplication was no faster with it.
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
