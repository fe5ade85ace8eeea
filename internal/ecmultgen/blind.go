package ecmultgen

import (
	"encoding/hex"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/rfc6979"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Context holds the blinding state of the fixed-base multiplication: a
// scalar offset b with its point b·G, and a projective blinding factor.
//
// The zero value is ready to use and behaves exactly like NewContext() (the
// default, deterministic blinding). A Context holds no pointers, so copying
// one (by assignment) gives an independent context with the same blinding.
// Mul only reads the context, so any number of goroutines may call Mul on
// one Context at the same time; Blind writes it and must not run
// concurrently with any other use of the same Context.
type Context struct {
	// scalarOffset is (2^combBits − 1)/2 − b (mod n): Mul recodes
	// k + scalarOffset.
	scalarOffset scalar.Scalar
	// geOffset is b·G (finite, b ≠ 0), coordinates normalized; Mul adds it
	// at the end.
	geOffset group.Affine
	// projBlind is the nonzero factor by which the Jacobian coordinates of
	// the first table entry are rescaled (normalized).
	projBlind field.Element
	// ok is false only in the zero value, which Mul and Blind treat as the
	// default blinding.
	ok bool
}

// defaultSeed is the seed of the default blinding (derived from it with a
// chaining value of 32 zero bytes; see deriveBlinding).
var defaultSeed = [32]byte([]byte("p256k1 ecmult_gen default blind!"))

// The default blinding values: b and the projective factor as produced by
// deriveBlinding(zero chain, defaultSeed), and the affine coordinates of b·G.
// TestDefaultBlinding recomputes all four.
const (
	defaultBlindHex = "b0825f63b31febaee7207f76d9259ddfc9e07924f858544071379476080634e0"
	defaultProjHex  = "3f76b4d52437f618e3b1985b9a0144cefe8f0705c9942d795ca72451d5f88709"
	defaultGXHex    = "f1017ced9440d8689c8a6b4ee0c70f64ef778d81d77e7e8f41372b43e630a433"
	defaultGYHex    = "1ef791a99eccb45c52e0c5d4e66d7cabd5c0dce87c11343429eb242e314e0a69"
)

var (
	// combDiff is (2^combBits − 1)/2 mod n, that is 2^(combBits−1) − 1/2.
	combDiff scalar.Scalar
	// defaultContext holds the default blinding.
	defaultContext Context
)

func init() {
	var one, neghalf scalar.Scalar
	one.One()
	neghalf.Half(&one)
	neghalf.Negate(&neghalf)
	combDiff.One()
	for i := 0; i < combBits-1; i++ {
		combDiff.Add(&combDiff, &combDiff)
	}
	combDiff.Add(&combDiff, &neghalf)

	var b scalar.Scalar
	var x, y field.Element
	mustScalar(&b, defaultBlindHex)
	mustElement(&defaultContext.projBlind, defaultProjHex)
	mustElement(&x, defaultGXHex)
	mustElement(&y, defaultGYHex)
	defaultContext.geOffset.SetXY(&x, &y)
	b.Negate(&b)
	defaultContext.scalarOffset.Add(&b, &combDiff)
	defaultContext.ok = true
}

func mustBytes(s string) [32]byte {
	var buf [32]byte
	if n, err := hex.Decode(buf[:], []byte(s)); err != nil || n != 32 {
		panic("ecmultgen: bad constant " + s)
	}
	return buf
}

func mustScalar(s *scalar.Scalar, h string) {
	buf := mustBytes(h)
	if s.SetBytes(&buf) != 0 || s.IsZero() != 0 {
		panic("ecmultgen: bad scalar constant " + h)
	}
}

func mustElement(v *field.Element, h string) {
	buf := mustBytes(h)
	if v.SetBytes(&buf) != 0 {
		panic("ecmultgen: bad field constant " + h)
	}
}

// NewContext returns a context with the default blinding: fixed values
// derived from a constant seed, so that results (including the Jacobian
// representation Mul returns) are reproducible. Call Blind with a secret
// random seed to randomize it. Constant time.
func NewContext() *Context {
	c := new(Context)
	*c = defaultContext
	return c
}

// Blind replaces the blinding of c with values derived from seed and from
// c's current blinding, or, if seed is nil, restores the default blinding.
// The result of Mul does not change; only its internal computation (the
// scalar that is recoded, the intermediate points and their Jacobian
// representation) does.
//
// The derivation follows libsecp256k1's context randomization: an RFC 6979
// HMAC-SHA256 generator keyed with the current scalar offset (so successive
// seeds are chained) and the seed yields a field element f (mod p; 1 if it
// is 0), the projective blinding factor, and a scalar b (mod n; 1 if it is
// 0); the context then stores (2^combBits − 1)/2 − b and b·G, computed with
// one Mul under the old blinding and a constant-time inversion.
//
// Constant time in the seed and the blinding values: it branches only on
// whether seed is nil and whether c is the zero Context, which are not
// secret. It does not allocate.
func (c *Context) Blind(seed *[32]byte) {
	if !c.ok || seed == nil {
		*c = defaultContext
		if seed == nil {
			return
		}
	}
	var chain [32]byte
	c.scalarOffset.Bytes(&chain)
	var b scalar.Scalar
	var f field.Element
	deriveBlinding(&b, &f, &chain, seed)

	var gb group.Jacobian
	c.Mul(&gb, &b) // the old blinding gives the same b·G
	c.geOffset.SetJacobian(&gb)
	c.geOffset.X.Normalize()
	c.geOffset.Y.Normalize()
	b.Negate(&b)
	c.scalarOffset.Add(&b, &combDiff)
	c.projBlind = f

	clear(chain[:])
	b.Zero()
	f.Zero()
	gb.Clear()
}

// deriveBlinding sets b (nonzero) and f (nonzero, normalized) from the
// RFC 6979 HMAC-SHA256 generator (internal/rfc6979) keyed with chain ‖ seed.
// Constant time.
func deriveBlinding(b *scalar.Scalar, f *field.Element, chain, seed *[32]byte) {
	var key [64]byte
	copy(key[:32], chain[:])
	copy(key[32:], seed[:])
	var rng rfc6979.DRBG
	rng.Init(key[:])
	clear(key[:])

	var buf [32]byte
	var one field.Element
	one.One()
	rng.Generate32(&buf)
	f.SetBytes(&buf) // reduced mod p, normalized
	f.CMove(&one, f.IsZero())

	var sone scalar.Scalar
	sone.One()
	rng.Generate32(&buf)
	b.SetBytes(&buf) // reduced mod n
	b.CMove(&sone, b.IsZero())

	clear(buf[:])
	rng.Clear()
}
