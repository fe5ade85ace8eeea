package p256k1

import (
	"fmt"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
)

// ParsePublicKeysMany sets out[i] to the key ParsePublicKey(in[i]) returns
// for every i, and the zero (invalid) PublicKey where it returns an error;
// it returns the first such error with its index (errors.Is finds
// ErrInvalidPublicKey), after parsing all of in. It returns
// ErrLengthMismatch, writing nothing, if len(out) != len(in).
//
// On amd64 processors with AVX-512 IFMA the square roots that compressed
// keys need (x³ + 7 → y) are taken eight at a time (internal/field8);
// elsewhere, and with -tags purego, it calls ParsePublicKey for each
// encoding. Variable time (public input); it does not allocate unless an
// encoding is invalid (the error).
func ParsePublicKeysMany(in [][]byte, out []PublicKey) error {
	if len(out) != len(in) {
		return ErrLengthMismatch
	}
	var first error
	fail := func(i int, err error) {
		out[i] = PublicKey{}
		if first == nil {
			first = fmt.Errorf("p256k1: key %d: %w", i, err)
		}
	}
	if !field8.Enabled() {
		for i := range in {
			var err error
			if out[i], err = ParsePublicKey(in[i]); err != nil {
				fail(i, err)
			}
		}
		return first
	}
	var b lift8
	for i, enc := range in {
		if len(enc) != 33 || (enc[0] != prefixEven && enc[0] != prefixOdd) {
			var err error
			if out[i], err = ParsePublicKey(enc); err != nil {
				fail(i, err)
			}
			continue
		}
		l := b.n
		if b.x[l].SetBytes((*[32]byte)(enc[1:33])) != 0 {
			fail(i, ErrInvalidPublicKey)
			continue
		}
		b.idx[l], b.odd[l] = i, enc[0] == prefixOdd
		if b.n++; b.n == field8.Lanes || i == len(in)-1 {
			n := b.run()
			for l := 0; l < n; l++ {
				if b.ok>>l&1 == 0 {
					fail(b.idx[l], ErrInvalidPublicKey)
					continue
				}
				out[b.idx[l]] = PublicKey{p: b.p[l], ok: true}
			}
		}
	}
	if b.n > 0 { // the last encodings were not compressed
		n := b.run()
		for l := 0; l < n; l++ {
			if b.ok>>l&1 == 0 {
				fail(b.idx[l], ErrInvalidPublicKey)
				continue
			}
			out[b.idx[l]] = PublicKey{p: b.p[l], ok: true}
		}
	}
	return first
}

// ParseXOnlyPublicKeysMany sets out[i] to the key ParseXOnlyPublicKey(in[i])
// returns for every i, as ParsePublicKeysMany does for ParsePublicKey
// (errors and lengths alike), with the square roots of lift_x taken eight
// at a time where the processor has AVX-512 IFMA. Variable time (public
// input); it does not allocate unless an encoding is invalid.
func ParseXOnlyPublicKeysMany(in [][]byte, out []XOnlyPublicKey) error {
	if len(out) != len(in) {
		return ErrLengthMismatch
	}
	var first error
	fail := func(i int, err error) {
		out[i] = XOnlyPublicKey{}
		if first == nil {
			first = fmt.Errorf("p256k1: key %d: %w", i, err)
		}
	}
	if !field8.Enabled() {
		for i := range in {
			var err error
			if out[i], err = ParseXOnlyPublicKey(in[i]); err != nil {
				fail(i, err)
			}
		}
		return first
	}
	var b lift8
	flush := func() {
		n := b.run()
		for l := 0; l < n; l++ {
			if b.ok>>l&1 == 0 {
				fail(b.idx[l], ErrInvalidPublicKey)
				continue
			}
			out[b.idx[l]] = XOnlyPublicKey{p: b.p[l], ok: true}
		}
	}
	for i, enc := range in {
		l := b.n
		if len(enc) != 32 || b.x[l].SetBytes((*[32]byte)(enc)) != 0 {
			fail(i, ErrInvalidPublicKey)
			continue
		}
		b.idx[l], b.odd[l] = i, false
		if b.n++; b.n == field8.Lanes {
			flush()
		}
	}
	if b.n > 0 {
		flush()
	}
	return first
}

// lift8 is up to eight x coordinates (below p) whose points are wanted.
type lift8 struct {
	n   int
	idx [field8.Lanes]int
	odd [field8.Lanes]bool
	x   [field8.Lanes]field.Element
	p   [field8.Lanes]group.Affine // run's results
	ok  uint8                      // lanes whose x is on the curve
}

// run computes y = √(x³ + 7) in eight lanes and sets b.p[l] to the point
// with x = b.x[l] and the parity b.odd[l], as SetXOVar does, for the
// group's lanes l < n (bit l of b.ok clear where there is none); it empties
// the group and returns n.
func (b *lift8) run() int {
	n := b.n
	b.n = 0
	var x8, c, seven, y8 field8.Element
	var s field.Element
	s.SetInt(7)
	for l := 0; l < field8.Lanes; l++ {
		src := &b.x[l]
		if l >= n {
			src = &b.x[0]
		}
		x8.SetLane(l, src)
		seven.SetLane(l, &s)
	}
	c.Square(&x8).Mul(&c, &x8).Add(&c, &seven) // x³ + 7 (2)
	_, b.ok = y8.Sqrt(&c)
	for l := 0; l < n; l++ {
		if b.ok>>l&1 == 0 {
			continue
		}
		p := &b.p[l]
		p.X = b.x[l] // normalized: SetBytes
		p.Infinity = 0
		y8.Lane(l, &p.Y)
		if (p.Y.IsOdd() == 1) != b.odd[l] {
			p.Y.Negate(&p.Y, 1).NormalizeVar()
		}
	}
	return n
}
