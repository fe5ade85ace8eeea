package silentpayments

import (
	"bytes"
	"encoding/binary"
	"errors"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// KMax is BIP-352's limit on the outputs per recipient group (recipients
// that share a scan key) in one transaction: a sender refuses more, a
// receiver stops scanning after this many.
const KMax = 2323

// Errors of sending, scanning and tweak data.
var (
	// ErrNoInputs: no eligible input (or no outpoint).
	ErrNoInputs = errors.New("silentpayments: no eligible inputs")
	// ErrInputSumZero: the input keys sum to zero (the point at infinity);
	// the transaction cannot pay silent-payment addresses and a receiver
	// skips it.
	ErrInputSumZero = errors.New("silentpayments: input keys sum to zero")
	// ErrTooManyOutputs: more than KMax recipients share a scan key.
	ErrTooManyOutputs = errors.New("silentpayments: more than KMax outputs for one scan key")
	// ErrHashOutOfRange: a hash that must be a scalar was zero or ≥ n (never
	// seen; probability about 2⁻¹²⁸).
	ErrHashOutOfRange = errors.New("silentpayments: hash is not a valid scalar")
)

// Outpoint names a transaction output: the transaction id in the byte order
// of a serialized transaction (the reverse of the usual hex display) and
// the output index.
type Outpoint struct {
	TxID [32]byte
	Vout uint32
}

func (o *Outpoint) serialize() (b [36]byte) {
	copy(b[:32], o.TxID[:])
	binary.LittleEndian.PutUint32(b[32:], o.Vout)
	return b
}

// smallestOutpoint returns the lexicographically smallest serialized
// outpoint (public data).
func smallestOutpoint(ops []Outpoint) (least [36]byte, ok bool) {
	for i := range ops {
		b := ops[i].serialize()
		if i == 0 || bytes.Compare(b[:], least[:]) < 0 {
			least = b
		}
	}
	return least, len(ops) > 0
}

var (
	tagInputs       = tagged.New("BIP0352/Inputs")
	tagSharedSecret = tagged.New("BIP0352/SharedSecret")
)

// inputHash sets h = hash_BIP0352/Inputs(outpoint_L ‖ A).
func inputHash(h *scalar.Scalar, least *[36]byte, sumA *[33]byte) error {
	var d [32]byte
	tagInputs.Sum(&d, least[:], sumA[:])
	if h.SetBytes(&d) != 0 || h.IsZero() == 1 {
		return ErrHashOutOfRange
	}
	return nil
}

// sharedTweak sets t = hash_BIP0352/SharedSecret(S ‖ ser32(k)), constant
// time in S. The out-of-range outcome is declassified: it is reported.
func sharedTweak(t *scalar.Scalar, s33 *[33]byte, k uint32) error {
	var kb [4]byte
	binary.BigEndian.PutUint32(kb[:], k)
	var d [32]byte
	tagSharedSecret.Sum(&d, s33[:], kb[:])
	bad := t.SetBytes(&d) | t.IsZero()
	clear(d[:])
	ctime.Declassify(&bad)
	if bad != 0 {
		return ErrHashOutOfRange
	}
	return nil
}

// sharedSecret writes the compressed encoding of s·P, constant time in s
// and in the result.
func sharedSecret(out *[33]byte, s *scalar.Scalar, p *group.Affine) {
	var j group.Jacobian
	ecmultconst.Mul(&j, p, s)
	var a group.Affine
	point.ToAffine(&a, &j)
	point.Compress(out, &a)
	a.Clear()
	j.Clear()
}

// outputPoint sets out = base + t·G in affine form, constant time in t; the
// result is declassified (it is a public output key or candidate). It
// reports false if the sum is the point at infinity.
func outputPoint(out *group.Affine, base *group.Affine, t *scalar.Scalar) bool {
	var j group.Jacobian
	ecmultgen.Shared().Mul(&j, t)
	j.AddAffine(&j, base)
	point.ToAffine(out, &j)
	j.Clear()
	ctime.Declassify(out)
	return out.Infinity == 0
}

func xonlyOf(a *group.Affine) p256k1.XOnlyPublicKey {
	var b [32]byte
	a.X.Bytes(&b)
	x, _ := p256k1.ParseXOnlyPublicKey(b[:])
	return x
}

func loadSecret(s *scalar.Scalar, k *p256k1.PrivateKey) bool {
	if k == nil || !k.IsValid() {
		return false
	}
	b := k.Bytes()
	s.SetBytes(&b)
	clear(b[:])
	return true
}
