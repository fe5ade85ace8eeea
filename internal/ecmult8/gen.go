package ecmult8

import (
	"sync"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The constant-time fixed-base engine: k·G in each of eight lanes for
// secret k (public keys of many private keys).
//
// k is made odd (n − k where k is even, the result negated at the end: n is
// odd) and written in the regular signed recoding with window 4:
// k = Σ_{i<64} d_i·16^i + 16^64, every d_i odd in [−15, 15]. For an odd m
// the recoding's digits are read straight from its bits: d_i is bits
// 4i…4i+4 of m with bit 4i set, minus 16 (the recurrence m ← (m − d)/16
// keeps m odd and just drops four bits). So k·G = 16^64·G + Σ d_i·16^i·G:
// 64 additions of table points, no doubling. Window i's table holds
// (2j+1)·16^i·G for j < 8 (64 × 8 points, 40 KiB in 5×52 limbs, made on
// first use); each lane's entry is selected by a scan of all eight with
// masks, and negated under a mask: no address and no branch depends on k.
//
// The additions use the complete formulas of Renes, Costello and Batina
// ("Complete addition formulas for prime order elliptic curves", 2016,
// algorithm 8: mixed addition for a = 0) in projective coordinates: they
// are correct for every pair of inputs, the point at infinity and equal
// points included, so no lane needs a special case.

// Proj8 is eight points in homogeneous projective coordinates (X/Z, Y/Z),
// the point at infinity being (0 : 1 : 0).
type Proj8 struct {
	X, Y, Z field8.Element
}

const (
	genWindows = 64
	genEntries = 8
)

// genTab[i][j] is (2j+1)·16^i·G in 5×52 limbs (X then Y), genTop 16^64·G.
var (
	genTab     *[genWindows][genEntries][10]uint64
	genTop     [10]uint64
	genTabOnce sync.Once
)

func makeGenTable() {
	t := new([genWindows][genEntries][10]uint64)
	var g group.Affine
	g.SetGenerator()
	var base group.Jacobian
	base.SetAffine(&g)
	jac := make([]group.Jacobian, genWindows*genEntries+1)
	for i := 0; i < genWindows; i++ {
		var d group.Jacobian
		d.Double(&base)
		jac[i*genEntries] = base
		for j := 1; j < genEntries; j++ {
			jac[i*genEntries+j].AddVar(&jac[i*genEntries+j-1], &d, nil)
		}
		for k := 0; k < 4; k++ {
			base.Double(&base)
		}
	}
	jac[genWindows*genEntries] = base
	aff := make([]group.Affine, len(jac))
	group.BatchToAffineVar(aff, jac)
	limbs := func(a *group.Affine) (l [10]uint64) {
		var s field.Storage
		x, y := a.X, a.Y
		x.Normalize()
		y.Normalize()
		s.FromElement(&x)
		xl := storageLimbs(&s)
		s.FromElement(&y)
		yl := storageLimbs(&s)
		copy(l[:5], xl[:])
		copy(l[5:], yl[:])
		return l
	}
	for i := 0; i < genWindows; i++ {
		for j := 0; j < genEntries; j++ {
			t[i][j] = limbs(&aff[i*genEntries+j])
		}
	}
	genTop = limbs(&aff[genWindows*genEntries])
	genTab = t
}

// GenEngine holds the working memory of MulGen (about 3 KiB).
type GenEngine struct {
	digit [genWindows][Lanes]int32
	acc   Proj8
	add   Affine8
	s     scratch
}

// genDigits sets d to the recoding of the odd scalar m: d[i] = bits
// 4i…4i+4 of m with bit 4i set, minus 16. Constant time.
func genDigits(d *[genWindows]int32, m *scalar.Scalar) {
	for i := 0; i < genWindows; i++ {
		lo := m.Bits(uint(4*i), 4)
		var hi uint32
		if i < genWindows-1 {
			hi = m.Bits(uint(4*i+4), 1)
		}
		d[i] = int32(lo|hi<<4|1) - 16
	}
}

// MulGen sets r to k_j·G in each lane j, in affine coordinates (magnitude
// 1), for k_j ≠ 0 (a zero k_j gives an unspecified point: callers replace
// zero keys, whose invalidity is public, before calling). Constant time in
// the k_j.
func (e *GenEngine) MulGen(r *Affine8, k *[Lanes]scalar.Scalar) {
	genTabOnce.Do(makeGenTable)
	var even uint8
	var dl [genWindows]int32
	for j := 0; j < Lanes; j++ {
		ev := k[j].IsEven()
		even |= uint8(ev) << j
		var m scalar.Scalar
		m.CondNegate(&k[j], ev)
		genDigits(&dl, &m)
		for i := range dl {
			e.digit[i][j] = dl[i]
		}
		m.Zero()
	}
	clear(dl[:])
	// The accumulator starts at 16^64·G.
	for j := 0; j < Lanes; j++ {
		e.acc.X.SetLimbs(j, [5]uint64(genTop[:5]))
		e.acc.Y.SetLimbs(j, [5]uint64(genTop[5:]))
	}
	e.acc.Z.One()
	for i := 0; i < genWindows; i++ {
		genSelect(&e.add, &genTab[i], &e.digit[i])
		e.acc.addAffine(&e.acc, &e.add, &e.s)
	}
	// Negate where k was even; then (X/Z, Y/Z).
	var ny, zi field8.Element
	ny.Negate(&e.acc.Y, 3)
	e.acc.Y.Select(&ny, &e.acc.Y, even)
	zi.Invert(&e.acc.Z)
	r.X.Mul(&e.acc.X, &zi)
	r.Y.Mul(&e.acc.Y, &zi)
	clear(e.digit[:])
	e.acc = Proj8{}
	e.add = Affine8{}
}

// genSelect sets a to the lanes' entries of one window's table: entry
// (|d_j|−1)/2 for lane j, its Y negated (4p − y) where d_j < 0. Every
// entry is read for every lane and kept under a mask. Constant time in d.
func genSelect(a *Affine8, tab *[genEntries][10]uint64, d *[Lanes]int32) {
	if useAsm {
		genSelectAsm(a, tab, d)
		return
	}
	genSelectGeneric(a, tab, d)
}

func genSelectGeneric(a *Affine8, tab *[genEntries][10]uint64, d *[Lanes]int32) {
	for j := 0; j < Lanes; j++ {
		s := d[j] >> 31 // 0 or −1
		idx := uint64((d[j]^s)-s-1) >> 1
		var l [10]uint64
		for e := 0; e < genEntries; e++ {
			m := eqMask(idx, uint64(e))
			for i := range l {
				l[i] |= tab[e][i] & m
			}
		}
		nm := -uint64(s & 1)
		var x, y [5]uint64
		copy(x[:], l[:5])
		for i := 0; i < 5; i++ {
			y[i] = (negConst[i]-l[5+i])&nm | l[5+i]&^nm
		}
		a.X.SetLimbs(j, x)
		a.Y.SetLimbs(j, y)
	}
}

// eqMask returns all ones if x == y, else 0. Constant time.
func eqMask(x, y uint64) uint64 {
	d := x ^ y
	return ((d | -d) >> 63) - 1
}

// AddAffine sets r = a + b in every lane, for any a (the point at infinity
// and a = ±b included) and an affine b (X magnitude 1, Y ≤ 2): the complete
// mixed addition of Renes, Costello and Batina (algorithm 8, a = 0, b3 =
// 3·7 = 21), with weak normalizations that keep every multiplication's
// inputs at magnitude ≤ 8. Input: X ≤ 3, Y ≤ 2, Z ≤ 1; output: X ≤ 3, Y ≤
// 2, Z ≤ 1. r may alias a. Constant time.
func (r *Proj8) AddAffine(a *Proj8, b *Affine8) *Proj8 {
	var s scratch
	return r.addAffine(a, b, &s)
}

func (r *Proj8) addAffine(a *Proj8, b *Affine8, s *scratch) *Proj8 {
	if useAsm {
		addRCBAsm(r, a, b, s)
		return r
	}
	addRCBGeneric(r, a, b, s)
	return r
}

// addRCBGeneric is pointAddRCB of ../../_asm/field8.go, operation for
// operation.
func addRCBGeneric(r, a *Proj8, b *Affine8, s *scratch) {
	s[0].Mul(&a.X, &b.X)      // t0 = X1·X2
	s[1].Mul(&a.Y, &b.Y)      // t1 = Y1·Y2
	s[3].Add(&b.X, &b.Y)      // t3 = X2 + Y2 (3)
	s[4].Add(&a.X, &a.Y)      // t4 = X1 + Y1 (5)
	s[3].Mul(&s[3], &s[4])    // t3 = t3·t4
	s[4].Add(&s[0], &s[1])    // t4 = t0 + t1 (2)
	s[3].Sub(&s[3], &s[4], 2) // t3 = t3 − t4 (4)
	s[4].Mul(&b.Y, &a.Z)      // t4 = Y2·Z1
	s[4].Add(&s[4], &a.Y)     // t4 = t4 + Y1 (3)
	s[5].Mul(&b.X, &a.Z)      // Y3 = X2·Z1
	s[5].Add(&s[5], &a.X)     // Y3 = Y3 + X1 (4)
	s[6].Add(&s[0], &s[0])    // X3 = t0 + t0 (2)
	s[0].Add(&s[6], &s[0])    // t0 = X3 + t0 (3)
	s[2].MulInt(&a.Z, 21)     // t2 = b3·Z1 (21)
	s[2].NormalizeWeak()      // (1)
	s[7].Add(&s[1], &s[2])    // Z3 = t1 + t2 (2)
	s[1].Sub(&s[1], &s[2], 1) // t1 = t1 − t2 (3)
	s[5].NormalizeWeak()      // (1)
	s[5].MulInt(&s[5], 21)    // Y3 = b3·Y3 (21)
	s[5].NormalizeWeak()      // (1)
	s[6].Mul(&s[4], &s[5])    // X3 = t4·Y3
	s[2].Mul(&s[3], &s[1])    // t2 = t3·t1
	r.X.Sub(&s[2], &s[6], 1)  // X3 = t2 − X3 (3)
	s[5].Mul(&s[5], &s[0])    // Y3 = Y3·t0
	s[1].Mul(&s[1], &s[7])    // t1 = t1·Z3
	s[0].Mul(&s[0], &s[3])    // t0 = t0·t3
	s[7].Mul(&s[7], &s[4])    // Z3 = Z3·t4
	r.Y.Add(&s[1], &s[5])     // Y3 = t1 + Y3 (2)
	r.Z.Add(&s[7], &s[0])     // Z3 = Z3 + t0 (2)
	r.Z.NormalizeWeak()       // (1)
}
