package silentpayments

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// SenderKey is the secret key of one eligible input (InputPublicKey says
// which inputs are eligible and which are Taproot).
type SenderKey struct {
	Key *p256k1.PrivateKey
	// Taproot marks a key of a P2TR input: it is negated when its public
	// key has odd y, since the chain holds only the x coordinate.
	Taproot bool
}

// Outputs returns the Taproot output key (x-only) for each recipient, in
// the order given, for a transaction whose eligible inputs have the secret
// keys keys and whose inputs (all of them, eligible or not) spend
// outpoints. Recipients that share a scan key form a group and receive
// successive outputs k = 0, 1, … in the order they appear.
//
// Errors: ErrNoInputs, ErrInputSumZero, ErrTooManyOutputs, ErrHashOutOfRange,
// p256k1.ErrInvalidPrivateKey for a nil or zero key, p256k1.ErrInvalidPublicKey
// for a recipient with an unset key.
//
// Constant time in the secret keys, their sum, the shared secrets and the
// tweaks; the output keys are public. It allocates the result and the
// per-group bookkeeping.
func Outputs(keys []SenderKey, outpoints []Outpoint, recipients []Address) ([]p256k1.XOnlyPublicKey, error) {
	least, ok := smallestOutpoint(outpoints)
	if !ok || len(keys) == 0 {
		return nil, ErrNoInputs
	}
	// a = Σ dᵢ, with Taproot keys of odd y negated.
	var a, d scalar.Scalar
	defer a.Zero()
	defer d.Zero()
	for i := range keys {
		if !loadSecret(&d, keys[i].Key) {
			return nil, p256k1.ErrInvalidPrivateKey
		}
		if keys[i].Taproot {
			// The input's public key is on chain: its parity is public.
			pub := keys[i].Key.PublicKey()
			c := pub.SerializeCompressed()
			d.CondNegate(&d, int(c[0]&1))
		}
		a.Add(&a, &d)
	}
	zero := a.IsZero()
	ctime.Declassify(&zero) // reported as ErrInputSumZero
	if zero == 1 {
		return nil, ErrInputSumZero
	}
	var j group.Jacobian
	var sumA group.Affine
	ecmultgen.Shared().Mul(&j, &a)
	point.ToAffine(&sumA, &j)
	ctime.Declassify(&sumA) // A = a·G is public (the receiver computes it)
	var a33 [33]byte
	point.Compress(&a33, &sumA)
	var h scalar.Scalar
	if err := inputHash(&h, &least, &a33); err != nil {
		return nil, err
	}
	var s scalar.Scalar // input_hash·a
	defer s.Zero()
	s.Mul(&h, &a)

	out := make([]p256k1.XOnlyPublicKey, len(recipients))
	done := make([]bool, len(recipients))
	scans := make([][33]byte, len(recipients))
	for i := range recipients {
		scans[i] = recipients[i].Scan.SerializeCompressed()
	}
	for i := range recipients {
		if done[i] {
			continue
		}
		var scanA group.Affine
		if !point.Load(&scanA, &recipients[i].Scan) {
			return nil, p256k1.ErrInvalidPublicKey
		}
		var s33 [33]byte
		sharedSecret(&s33, &s, &scanA)
		var k uint32
		for j := i; j < len(recipients); j++ {
			if done[j] || scans[j] != scans[i] {
				continue
			}
			if k >= KMax {
				clear(s33[:])
				return nil, ErrTooManyOutputs
			}
			var spend, p group.Affine
			if !point.Load(&spend, &recipients[j].Spend) {
				clear(s33[:])
				return nil, p256k1.ErrInvalidPublicKey
			}
			var t scalar.Scalar
			if err := sharedTweak(&t, &s33, k); err != nil {
				clear(s33[:])
				return nil, err
			}
			if !outputPoint(&p, &spend, &t) {
				t.Zero()
				clear(s33[:])
				return nil, ErrHashOutOfRange // B_m = −t·G: as likely as guessing t
			}
			t.Zero()
			out[j] = xonlyOf(&p)
			done[j] = true
			k++
		}
		clear(s33[:])
	}
	return out, nil
}
