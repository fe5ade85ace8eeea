package p256k1_test

import (
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// TestBatchLengthMismatch: every batch API of the root package, ecdsa,
// schnorr and ecdh reports slices of different lengths with an error that
// errors.Is matches with p256k1.ErrLengthMismatch (and with the package's
// own length error, where it has one), never with an error about the
// items' content. Before the fix MultiScalarMulVar returned
// ErrInvalidScalar, and the ecdsa and schnorr length errors did not match
// p256k1.ErrLengthMismatch.
func TestBatchLengthMismatch(t *testing.T) {
	key, _ := p256k1.NewPrivateKey([]byte("0123456789abcdef0123456789abcdef"))
	pub := key.PublicKey()
	var m p256k1.MSM
	cases := []struct {
		name string
		err  error
		own  error // the package's own sentinel, if any
	}{
		{"MultiScalarMulVar", func() error {
			_, err := p256k1.MultiScalarMulVar([]p256k1.PublicKey{pub}, nil, nil)
			return err
		}(), nil},
		{"MSM.MultiScalarMulVar", func() error {
			_, err := m.MultiScalarMulVar(nil, [][32]byte{{31: 1}}, nil)
			return err
		}(), nil},
		{"PublicKeysMany", p256k1.PublicKeysMany(make([]p256k1.PrivateKey, 2), make([]p256k1.PublicKey, 1)), nil},
		{"ParsePublicKeysMany", p256k1.ParsePublicKeysMany(make([][]byte, 2), make([]p256k1.PublicKey, 1)), nil},
		{"ParseXOnlyPublicKeysMany", p256k1.ParseXOnlyPublicKeysMany(make([][]byte, 2), make([]p256k1.XOnlyPublicKey, 1)), nil},
		{"ecdsa.VerifyMany", ecdsa.VerifyMany(make([]ecdsa.Item, 2), make([]bool, 1)), ecdsa.ErrResultsLength},
		{"ecdsa.RecoverPublicKeys", ecdsa.RecoverPublicKeys(make([]p256k1.PublicKey, 1), nil, nil), ecdsa.ErrLengthMismatch},
		{"schnorr.VerifyMany", schnorr.VerifyMany(make([]schnorr.BatchItem, 2), make([]bool, 1)), schnorr.ErrResultsLength},
		{"ecdh.SharedSecretsMany", ecdh.SharedSecretsMany(make([]ecdh.Pair, 2), make([][32]byte, 1)), nil},
	}
	for _, c := range cases {
		if !errors.Is(c.err, p256k1.ErrLengthMismatch) {
			t.Errorf("%s: error %v, want one matching p256k1.ErrLengthMismatch", c.name, c.err)
		}
		if c.own != nil && !errors.Is(c.err, c.own) {
			t.Errorf("%s: error %v, want one matching %v", c.name, c.err, c.own)
		}
		if errors.Is(c.err, p256k1.ErrInvalidScalar) || errors.Is(c.err, p256k1.ErrInvalidPublicKey) {
			t.Errorf("%s: length mismatch reported as %v", c.name, c.err)
		}
	}
}
