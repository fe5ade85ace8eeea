package ecmult8

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The variable-time engine: r = a·P + b·G in each of eight lanes, for
// public a, b and P (signature verification).
//
// a is split with the GLV endomorphism into a1 + a2·λ (|a1|, |a2| < 2^128),
// b into b_lo + b_hi·2^128, giving four streams of 128-bit multipliers of P,
// λP, G and 2^128·G. Each multiplier m is written in the regular signed
// recoding: m (made odd: m+1 if it is even, corrected at the end) as
// Σ d_i·2^(w·i) with every digit odd, |d_i| < 2^w. Every lane thus adds at
// the same positions — the eight lanes run one schedule of doublings and
// additions, with no lane waiting for another — and no digit is zero.
// Sliding windows (wNAF), which one-at-a-time code uses, would add for one
// lane and idle for the seven others at almost every position.
//
// P's odd multiples are computed in the eight lanes and made affine with
// one eight-lane inversion (Montgomery's trick over the table); G's come
// from package ecmult's precomputed tables of odd multiples of G and
// 2^128·G, read per lane.
//
// The additions have no special cases: where a lane adds a point to itself
// or to its negation, its Z becomes 0 and stays 0 (Z3 = Z1·h, and doubling
// keeps Z = 0). The result reports those lanes, and the callers recompute
// them with the one-at-a-time code, which handles every case; a lane whose
// result is the point at infinity is one of them.

const (
	// windowP is the window of P's two streams: 16 odd multiples.
	windowP = 5
	// windowG is the window of G's two streams, at most 14 (package
	// ecmult's tables hold the odd multiples below 2^14).
	windowG = 12
	tableP  = 1 << (windowP - 1)
)

var (
	digitsP = digitCount(windowP)
	digitsG = digitCount(windowG)
)

// digitCount returns the number of digits the regular recoding of a
// multiplier below 2^128 needs with window w: the top digit after L−1 steps
// is below 2^(128−w(L−1)) + 2, which must be at most 2^w − 1.
func digitCount(w int) int {
	for l := 1; ; l++ {
		rest := 128 - w*(l-1)
		if rest < 0 || (rest < 62 && uint64(1)<<rest+2 <= uint64(1)<<w-1) {
			return l
		}
	}
}

// recode writes the regular signed recoding of the odd 128-bit value
// (hi, lo) with window w into d (len(d) digits): every digit odd with
// |d_i| < 2^w. Variable time (public values).
func recode(d []int32, lo, hi uint64, w int) {
	mask := uint64(1)<<(w+1) - 1
	for i := 0; i < len(d)-1; i++ {
		v := int64(lo&mask) - int64(1)<<w
		d[i] = int32(v)
		// (hi, lo) −= v, then shift right by w.
		if v >= 0 {
			var b uint64
			lo, b = sub64(lo, uint64(v))
			hi -= b
		} else {
			var c uint64
			lo, c = add64(lo, uint64(-v))
			hi += c
		}
		lo = lo>>w | hi<<(64-w)
		hi >>= w
	}
	d[len(d)-1] = int32(lo)
}

func add64(x, y uint64) (uint64, uint64) {
	s := x + y
	if s < x {
		return s, 1
	}
	return s, 0
}

func sub64(x, y uint64) (uint64, uint64) {
	if y > x {
		return x - y, 1
	}
	return x - y, 0
}

// half128 splits a scalar known to be below 2^128, or whose negation is,
// into its magnitude and a sign.
func half128(k *scalar.Scalar) (lo, hi uint64, neg bool) {
	var b [32]byte
	k.Bytes(&b)
	if b[0] != 0 { // k ≥ 2^128: its negation is below 2^128
		var t scalar.Scalar
		t.Negate(k)
		t.Bytes(&b)
		neg = true
	}
	return binary.BigEndian.Uint64(b[24:]), binary.BigEndian.Uint64(b[16:24]), neg
}

// stream is one multiplier per lane in recoded form.
type stream struct {
	d    [Lanes][32]int32 // at most 32 digits per multiplier (window ≥ 5)
	even uint8            // lanes whose multiplier was even (made odd by adding 1)
	neg  uint8            // lanes whose point is negated
}

// Lanes is the number of lanes.
const Lanes = field8.Lanes

// beta is β (x(λ·P) = β·x(P)) in each lane.
var beta field8.Element

func init() {
	b := [32]byte{
		0x7a, 0xe9, 0x6a, 0x2b, 0x65, 0x7c, 0x07, 0x10, 0x6e, 0x64, 0x47, 0x9e, 0xac, 0x34, 0x34, 0xe9,
		0x9c, 0xf0, 0x49, 0x75, 0x12, 0xf5, 0x89, 0x95, 0xc1, 0x39, 0x6c, 0x28, 0x71, 0x95, 0x01, 0xee,
	}
	var e field.Element
	e.SetBytes(&b)
	for j := 0; j < Lanes; j++ {
		beta.SetLane(j, &e)
	}
}

// Engine holds the working memory of DoubleBaseVar (about 40 KiB): a
// caller keeps one and reuses it, so that nothing is allocated.
type Engine struct {
	tab      [tableP]Affine8 // odd multiples of P
	tabL     [tableP]Affine8 // of λ·P
	jac      [tableP]Jacobian8
	prod     [tableP]field8.Element
	sp       [4]stream
	addend   Affine8
	acc, alt Jacobian8
	s        scratch
	entry    [Lanes]int32  // the table entry of each lane (lookup)
	offset   [Lanes]uint64 // its byte offset (fetchAsm)
}

// DoubleBaseVar sets r to a_j·P_j + b_j·G in each lane j and returns a mask
// of the lanes that need the one-at-a-time code (bit j set): those where an
// addition met a point equal to its other operand or to its negation,
// which includes every lane whose result is the point at infinity. Only
// the lanes outside the mask hold their result (with Z ≠ 0). Every P_j must
// be a finite point on the curve. Variable time: a, b and P are public.
func (e *Engine) DoubleBaseVar(r *Jacobian8, a *[Lanes]scalar.Scalar, p *[Lanes]group.Affine, b *[Lanes]scalar.Scalar) uint8 {
	// Split and recode the multipliers.
	for s := range e.sp {
		e.sp[s] = stream{}
	}
	for j := 0; j < Lanes; j++ {
		var a1, a2, b1, b2 scalar.Scalar
		scalar.SplitLambda(&a1, &a2, &a[j])
		scalar.Split128(&b1, &b2, &b[j])
		for s, k := range [4]*scalar.Scalar{&a1, &a2, &b1, &b2} {
			lo, hi, neg := half128(k)
			st := &e.sp[s]
			if neg {
				st.neg |= 1 << j
			}
			if lo&1 == 0 {
				st.even |= 1 << j
				lo++ // lo is even: no carry
			}
			w, n := windowP, digitsP
			if s >= 2 {
				w, n = windowG, digitsG
			}
			recode(st.d[j][:n], lo, hi, w)
		}
	}

	e.buildTables(p, tableP)

	// The ladder, from the top digit position down.
	top := max(windowP*(digitsP-1), windowG*(digitsG-1))
	started := false
	pending := 0 // doublings owed to the accumulator
	for pos := top; pos >= 0; pos-- {
		if started {
			pending++
		}
		for s := range e.sp {
			w, n := windowP, digitsP
			if s >= 2 {
				w, n = windowG, digitsG
			}
			if pos%w != 0 || pos/w >= n {
				continue
			}
			e.lookup(s, pos/w)
			if !started {
				e.acc.X = e.addend.X
				e.acc.Y = e.addend.Y
				e.acc.Z.One()
				started = true
				continue
			}
			if pending > 0 {
				e.acc.doubleN(pending, &e.s)
				pending = 0
			}
			e.acc.addAffine(&e.acc, &e.addend, &e.s)
		}
	}
	if pending > 0 {
		e.acc.doubleN(pending, &e.s)
	}

	// Subtract the base point of each stream in the lanes whose multiplier
	// was made odd.
	for s := range e.sp {
		if e.sp[s].even == 0 {
			continue
		}
		e.lookupBase(s)
		e.alt.addAffine(&e.acc, &e.addend, &e.s)
		m := e.sp[s].even
		e.acc.X.Select(&e.alt.X, &e.acc.X, m)
		e.acc.Y.Select(&e.alt.Y, &e.acc.Y, m)
		e.acc.Z.Select(&e.alt.Z, &e.acc.Z, m)
	}
	*r = e.acc
	return r.Z.IsZeroMask()
}

// buildTables sets e.tab to the first n ≤ tableP odd multiples P, 3P, …,
// (2n − 1)·P in affine form in every lane and e.tabL to λ times them.
// Constant time (it also serves the constant-time engine; P is public
// there, but nothing here branches on it anyway).
//
// The odd multiples are summed on the curve isomorphic to secp256k1 under
// (x, y) ↦ (x·Z², y·Z³), Z being the Z coordinate of 2P in Jacobian form:
// there 2P is the affine point (X, Y) of the doubling's result, so each
// step is a mixed addition (AddAffine), and P is (x·Z², y·Z³, 1). An odd
// multiple (X_i, Y_i, Z_i) on that curve is (X_i/(Z_i·Z)², Y_i/(Z_i·Z)³) on
// secp256k1: one inversion of Π Z_i·Z (Montgomery's trick, in all lanes at
// once) makes them all affine. No addition meets a special case: (2i−1)·P
// ≠ ±2P for a point of prime order n.
func (e *Engine) buildTables(p *[Lanes]group.Affine, n int) {
	var p1 Jacobian8
	for j := 0; j < Lanes; j++ {
		p1.X.SetLane(j, &p[j].X)
		p1.Y.SetLane(j, &p[j].Y)
	}
	p1.Z.One()
	var d Jacobian8
	d.Double(&p1)
	var d2 Affine8
	d2.X, d2.Y = d.X, d.Y // magnitude 1
	var z2, z3 field8.Element
	z2.Square(&d.Z)
	z3.Mul(&z2, &d.Z)
	e.jac[0].X.Mul(&p1.X, &z2)
	e.jac[0].Y.Mul(&p1.Y, &z3)
	e.jac[0].Z.One()
	for i := 1; i < n; i++ {
		e.jac[i].addAffine(&e.jac[i-1], &d2, &e.s)
	}
	// Montgomery's trick over w_i = Z_i·Z: one inversion for all.
	e.prod[0] = d.Z
	for i := 1; i < n; i++ {
		e.prod[i].Mul(&e.jac[i].Z, &d.Z)
		e.prod[i].Mul(&e.prod[i], &e.prod[i-1])
	}
	var inv, zi, zi2, w field8.Element
	inv.Invert(&e.prod[n-1])
	for i := n - 1; i >= 0; i-- {
		if i > 0 {
			zi.Mul(&inv, &e.prod[i-1])
			w.Mul(&e.jac[i].Z, &d.Z)
			inv.Mul(&inv, &w)
		} else {
			zi = inv
		}
		zi2.Square(&zi)
		e.tab[i].X.Mul(&e.jac[i].X, &zi2)
		zi2.Mul(&zi2, &zi)
		e.tab[i].Y.Mul(&e.jac[i].Y, &zi2)
		e.tabL[i].X.Mul(&e.tab[i].X, &beta)
		e.tabL[i].Y = e.tab[i].Y
	}
}

// negConst are the limbs of 4p, from which Negate(·, 1) subtracts.
var negConst = [5]uint64{4 * 0xFFFFEFFFFFC2F, 4 * (1<<52 - 1), 4 * (1<<52 - 1), 4 * (1<<52 - 1), 4 * (1<<48 - 1)}

// lookup sets e.addend to digit i of stream s's lanes times their points.
// The digits are odd: entry (|d|−1)/2 of the table of odd multiples,
// negated where d < 0 differs from the stream's sign.
func (e *Engine) lookup(s, i int) {
	st := &e.sp[s]
	var neg uint8
	for j := 0; j < Lanes; j++ {
		d := st.d[j][i]
		sign := d >> 31 // 0 or −1
		e.entry[j] = (d ^ sign) - sign
		e.entry[j] = (e.entry[j] - 1) / 2
		neg |= uint8(sign&1) << j
	}
	e.fetch(s, neg^st.neg)
}

// lookupBase sets e.addend to minus the base point of stream s in each
// lane (the correction for multipliers made odd).
func (e *Engine) lookupBase(s int) {
	e.entry = [Lanes]int32{}
	e.fetch(s, ^e.sp[s].neg)
}

// fetch sets lane j of e.addend to entry e.entry[j] of stream s's table,
// negated in the lanes of neg: with gathers (gatherAsm) where the assembly
// runs, lane by lane otherwise (the same limbs).
func (e *Engine) fetch(s int, neg uint8) {
	if useAsm {
		e.fetchAsm(s, neg)
		return
	}
	for j := 0; j < Lanes; j++ {
		e.setAddend(s, j, int(e.entry[j]), neg>>j&1 == 1)
	}
}

// setAddend sets lane j of e.addend to entry idx of stream s's table,
// negated if neg. Y is stored with magnitude ≤ 2 (negation as
// field8.Element.Negate(y, 1)).
func (e *Engine) setAddend(s, j, idx int, neg bool) {
	var x, y [5]uint64
	switch s {
	case 0:
		x, y = e.tab[idx].X.Limbs(j), e.tab[idx].Y.Limbs(j)
	case 1:
		x, y = e.tabL[idx].X.Limbs(j), e.tabL[idx].Y.Limbs(j)
	default:
		t := ecmult.TableG()
		if s == 3 {
			t = ecmult.TableG128()
		}
		x, y = storageLimbs(&t[idx].X), storageLimbs(&t[idx].Y)
	}
	if neg {
		for k := range y {
			y[k] = negConst[k] - y[k]
		}
	}
	e.addend.X.SetLimbs(j, x)
	e.addend.Y.SetLimbs(j, y)
}

func storageLimbs(s *field.Storage) [5]uint64 {
	const m52 = 1<<52 - 1
	return [5]uint64{
		s[0] & m52,
		s[0]>>52 | (s[1]<<12)&m52,
		s[1]>>40 | (s[2]<<24)&m52,
		s[2]>>28 | (s[3]<<36)&m52,
		s[3] >> 16,
	}
}
