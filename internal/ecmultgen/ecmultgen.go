package ecmultgen

import (
	"math/bits"

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
	// d = k + (2^combBits − 1)/2 − b, whose bits, read as signs, give
	// comb(d) = (2d − (2^combBits − 1))·(G/2) = (k − b)·G.
	var d scalar.Scalar
	d.Add(k, &c.scalarOffset)
	var words [combWords]uint32
	for i := 0; i < 8; i++ {
		words[i] = d.Bits(uint(32*i), 32)
	}

	var (
		add   group.Affine
		neg   field.Element
		e     group.AffineStorage
		first = true
	)
	for off := combSpacing - 1; off >= 0; off-- {
		pos := uint(off) // bit position of the next tooth
		for block := range combBlocks {
			// Gather the digit bits d[pos], d[pos+spacing], ... into the
			// low combTeeth bits of digit. Each step XORs in a whole
			// rotated word rather than isolating one bit, so that no
			// intermediate holds only a single secret bit (as in
			// libsecp256k1); the junk above bit tooth is cleared or
			// overwritten by later steps or masked off below.
			var digit uint32
			for tooth := range combTeeth {
				w := bits.RotateLeft32(words[pos>>5], -int(pos&31))
				digit = digit&^(1<<tooth) ^ w<<tooth
				pos += combSpacing
			}
			// A set top tooth means the entry is the negation of the one
			// with all digit bits flipped.
			sign := digit >> (combTeeth - 1) & 1
			idx := (digit ^ -sign) & (combPoints - 1)
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
	d.Zero()
	clear(words[:])
	e = group.AffineStorage{}
	add.Clear()
	neg.Zero()
}
