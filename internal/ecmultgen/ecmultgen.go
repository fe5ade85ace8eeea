package ecmultgen

import (
	"math/bits"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The table shape is chosen here; see the package documentation for the
// measurements behind the choice. After changing it, run go generate.
//
//go:generate go run gen_table.go -blocks 43 -teeth 6

// Derived comb parameters (combBlocks and combTeeth come from table.go).
const (
	// combSpacing is the distance in bits between consecutive teeth.
	combSpacing = (256 + combBlocks*combTeeth - 1) / (combBlocks * combTeeth)
	// combBits is the number of scalar bits the comb covers (≥ 256; the
	// bits above 255 of the recoded scalar are zero).
	combBits = combBlocks * combTeeth * combSpacing
	// combPoints is the number of entries in a table row.
	combPoints = 1 << (combTeeth - 1)
	// combWords is the number of 32-bit words holding combBits bits.
	combWords = (combBits + 31) / 32
)

// Mul sets r = k·G. The result is infinity exactly when k = 0; otherwise
// r has X, Y of magnitude ≤ 4 and Z of magnitude 1 (the bounds of package
// group), in a representation randomized by the context's projective
// blinding.
//
// Constant time: the sequence of operations and of memory addresses depends
// neither on k nor on the blinding values (every table row is read in full
// and combined with masks; signs are applied by conditional moves; additions
// use the complete constant-time group.Jacobian.AddAffine). The only branch
// not fixed in advance is whether c has been initialized, which is not
// secret. Mul does not allocate and only reads c.
func (c *Context) Mul(r *group.Jacobian, k *scalar.Scalar) {
	if !c.ok {
		c = &defaultContext
	}
	if fe4.Enabled {
		c.mul4(r, k)
		return
	}
	var words [combWords]uint32
	c.recode(&words, k)
	var (
		add   group.Affine
		neg   field.Element
		e     group.AffineStorage
		first = true
	)
	for off := combSpacing - 1; off >= 0; off-- {
		for block := range combBlocks {
			sign, idx := combDigit(&words, uint(off)+uint(block*combTeeth*combSpacing))
			group.LookupStorage(&e, combTable[block][:], idx)
			add.FromStorage(&e)
			neg.Negate(&add.Y, 1)
			add.Y.CMove(&neg, int(sign))
			if first {
				// The first entry starts the sum; give it a blinded Z.
				r.SetAffine(&add)
				r.Rescale(&c.projBlind)
				first = false
			} else {
				r.AddAffine(r, &add)
			}
		}
		if off > 0 {
			r.Double(r)
		}
	}
	// Add back b·G.
	r.AddAffine(r, &c.geOffset)

	// Best-effort wiping of secret-dependent temporaries (Go gives no
	// guarantee that copies do not survive elsewhere, e.g. in registers
	// spilled to the stack).
	clear(words[:])
	e = group.AffineStorage{}
	add.Clear()
	neg.Zero()
}

// recode sets words to the bits of d = k + (2^combBits − 1)/2 − b, whose
// bits, read as signs, give comb(d) = (2d − (2^combBits − 1))·(G/2) =
// (k − b)·G. Constant time.
func (c *Context) recode(words *[combWords]uint32, k *scalar.Scalar) {
	var d scalar.Scalar
	d.Add(k, &c.scalarOffset)
	for i := 0; i < 8; i++ {
		words[i] = d.Bits(uint(32*i), 32)
	}
	d.Zero()
}

// combDigit gathers the bits d[pos], d[pos+spacing], … of the recoded
// scalar into one comb digit and returns the table index within the row
// and the sign (1: negate the entry). Each step XORs in a whole rotated
// word rather than isolating one bit, so that no intermediate holds only a
// single secret bit (as in libsecp256k1); the junk above bit tooth is
// cleared or overwritten by later steps or masked off. Constant time.
func combDigit(words *[combWords]uint32, pos uint) (sign, idx uint32) {
	var digit uint32
	for tooth := range combTeeth {
		w := bits.RotateLeft32(words[pos>>5], -int(pos&31))
		digit = digit&^(1<<tooth) ^ w<<tooth
		pos += combSpacing
	}
	// A set top tooth means the entry is the negation of the one with all
	// digit bits flipped.
	sign = digit >> (combTeeth - 1) & 1
	idx = (digit ^ -sign) & (combPoints - 1)
	return sign, idx
}

// incompleteBelow bounds the blocks whose additions cannot meet a = ±b,
// for a comb with one tooth spacing (a single pass over the blocks in
// order, no doubling): with H = G/2, block j's entry is c_j·H for an odd
// multiple c_j of 2^(t·j) with |c_j| < 2^(t·(j+1)) (t = combTeeth; every
// recoded bit is a sign ±1), so the sum of the blocks before i is S·H with
// |S| ≤ 2^(t·i) − 1 < |c_i|. The addition of block i meets ±acc only if
// S ∓ c_i ≡ 0 (mod n), yet 0 < |S ∓ c_i| < 2^(t·(i+1)), which is below
// n > 2^255 when t·(i+1) ≤ 255, that is i < 255/t. This holds for every k
// and every blinding (which only changes the recoded scalar), so blocks 1
// to incompleteBelow − 1 use fe4.AddAffineIncomplete (8 products, no
// masks) and the last block and the offset b·G the complete AddAffine.
// With 43 blocks of 6 teeth: 41 of the 43 additions.
const incompleteBelow = 255 / combTeeth

// mul4 is Mul with its additions and doublings in the 4×64 form of package
// fe4 (where fe4.Enabled): the same recoding, rows, signs and blinding,
// constant time as Mul; the result is converted back once. The 5×52 loop
// of Mul is its twin (mul4_test.go); it adds with the complete formula
// throughout, this one only where incompleteBelow says it must.
func (c *Context) mul4(r *group.Jacobian, k *scalar.Scalar) {
	var words [combWords]uint32
	c.recode(&words, k)
	var acc fe4.Jacobian
	var e group.AffineStorage
	first := true
	for off := combSpacing - 1; off >= 0; off-- {
		for block := range combBlocks {
			sign, idx := combDigit(&words, uint(off)+uint(block*combTeeth*combSpacing))
			group.LookupStorage(&e, combTable[block][:], idx)
			fe4.NegateIf(&e, int(sign))
			if first {
				// The first entry starts the sum with the blinded Z b:
				// (x·b², y·b³, b).
				var b, b2 fe4.Element
				b.FromField(&c.projBlind)
				fe4.Square(&b2, &b)
				acc.X, acc.Y, acc.Z = fe4.Element(e.X), fe4.Element(e.Y), b
				fe4.Mul(&acc.X, &acc.X, &b2)
				fe4.Mul(&acc.Y, &acc.Y, &b2)
				fe4.Mul(&acc.Y, &acc.Y, &b)
				first = false
			} else if combSpacing == 1 && block < incompleteBelow {
				fe4.AddAffineIncomplete(&acc, &acc, &e)
			} else {
				fe4.AddAffine(&acc, &acc, &e)
			}
		}
		if off > 0 {
			fe4.Double(&acc, &acc)
		}
	}
	// Add back b·G.
	fe4.FromAffine(&e, &c.geOffset)
	fe4.AddAffine(&acc, &acc, &e)
	acc.ToJacobian(r)

	clear(words[:])
	e = group.AffineStorage{}
	acc = fe4.Jacobian{}
}
