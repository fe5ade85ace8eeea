package p256k1_test

import (
	"crypto"
	"crypto/sha256"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip32"
	"github.com/p256k1/p256k1/curve"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/gpu"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/signer/libsecp256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// nilAPI lists, for every exported function and pointer-receiver method of
// the root package, ecdsa, schnorr and ecdh, calls that pass nil for each
// pointer argument (and a nil receiver), each reporting whether the result
// is the documented error or false. TestNilArguments runs them and checks
// that none panics; TestNilTableComplete checks, from the source, that no
// exported function or method is missing here.
//
// The rule the table checks: a nil key, tweak or signature pointer is the
// zero (invalid) value of its type (ErrInvalidPrivateKey,
// ErrInvalidPublicKey, ErrInvalidTweak, ErrInvalidSignature, false for a
// predicate, the zero value for an accessor); a nil with no zero value to
// stand for (a reader, a hash function) is p256k1.ErrNilArgument; a nil
// digest for signing is p256k1.ErrInvalidDigest.
func nilAPI() map[string][]func() bool {
	key, _ := p256k1.NewPrivateKey(sha256.New().Sum(nil))
	pub := key.PublicKey()
	xonly, _ := pub.XOnly()
	var tweak, hash [32]byte
	tweak[31], hash[31] = 7, 9
	sig, _ := ecdsa.Sign(&key, &hash)
	rsig, _ := ecdsa.SignRecoverable(&key, &hash)
	kp, _ := schnorr.NewKeypair(&key)
	ssig, _ := schnorr.SignKeypair(&kp, hash[:], &tweak)
	var b64 [64]byte
	var b65 [65]byte

	var nk *p256k1.PrivateKey
	var np *p256k1.PublicKey
	var nx *p256k1.XOnlyPublicKey
	var ns *ecdsa.Signature
	var nr *ecdsa.RecoverableSignature
	var nkp *schnorr.Keypair

	is := errors.Is
	badKey := func(_ p256k1.PrivateKey, err error) bool { return is(err, p256k1.ErrInvalidPrivateKey) }
	badPub := func(_ p256k1.PublicKey, err error) bool { return is(err, p256k1.ErrInvalidPublicKey) }
	badTweakK := func(_ p256k1.PrivateKey, err error) bool { return is(err, p256k1.ErrInvalidTweak) }
	badTweakP := func(_ p256k1.PublicKey, err error) bool { return is(err, p256k1.ErrInvalidTweak) }
	err32 := func(target error) func([32]byte, error) bool {
		return func(_ [32]byte, err error) bool { return is(err, target) }
	}
	sigErr := func(target error) func(ecdsa.Signature, error) bool {
		return func(_ ecdsa.Signature, err error) bool { return is(err, target) }
	}
	rsigErr := func(target error) func(ecdsa.RecoverableSignature, error) bool {
		return func(_ ecdsa.RecoverableSignature, err error) bool { return is(err, target) }
	}
	ssigErr := func(target error) func([64]byte, error) bool {
		return func(_ [64]byte, err error) bool { return is(err, target) }
	}
	hashXY := func(x, y [32]byte) (int, error) { return 1, nil }
	noHash := (func(x, y [32]byte) (int, error))(nil)

	return map[string][]func() bool{
		// Root package.
		"p256k1.Randomize": {func() bool { p256k1.Randomize(nil); return key.PublicKey() == pub }},
		"p256k1.NewPrivateKey": {func() bool {
			_, err := p256k1.NewPrivateKey(nil)
			return is(err, p256k1.ErrInvalidPrivateKey)
		}},
		"p256k1.GeneratePrivateKey": {func() bool { k, err := p256k1.GeneratePrivateKey(); return err == nil && k.IsValid() }},
		"p256k1.GeneratePrivateKeyFromReader": {func() bool {
			_, err := p256k1.GeneratePrivateKeyFromReader(nil)
			return is(err, p256k1.ErrNilArgument)
		}},
		"p256k1.PrivateKey.IsValid": {func() bool { return !nk.IsValid() }},
		"p256k1.PrivateKey.Bytes":   {func() bool { return nk.Bytes() == [32]byte{} }},
		"p256k1.PrivateKey.PublicKey": {func() bool {
			p := nk.PublicKey()
			return !p.IsValid()
		}},
		"p256k1.PrivateKey.Public": {func() bool { return !nk.Public().(*p256k1.PublicKey).IsValid() }},
		"p256k1.PrivateKey.Equal": {
			func() bool { return !nk.Equal(&key) },
			func() bool { return !key.Equal(nk) },
			func() bool { return !key.Equal(nil) },
		},
		"p256k1.PrivateKey.Zero": {func() bool { nk.Zero(); return true }},
		"p256k1.PrivateKey.Negate": {func() bool {
			r := nk.Negate()
			return !r.IsValid()
		}},
		"p256k1.PrivateKey.TweakAdd": {
			func() bool { return badKey(nk.TweakAdd(&tweak)) },
			func() bool { return badTweakK(key.TweakAdd(nil)) },
		},
		"p256k1.PrivateKey.TweakMul": {
			func() bool { return badKey(nk.TweakMul(&tweak)) },
			func() bool { return badTweakK(key.TweakMul(nil)) },
		},
		"p256k1.PrivateKey.TweakAddXOnly": {
			func() bool { return badKey(nk.TweakAddXOnly(&tweak)) },
			func() bool { return badTweakK(key.TweakAddXOnly(nil)) },
		},
		"p256k1.PrivateKey.Sign": {
			func() bool {
				_, err := nk.Sign(nil, hash[:], crypto.SHA256)
				return is(err, p256k1.ErrInvalidPrivateKey)
			},
			func() bool {
				_, err := key.Sign(nil, nil, nil)
				return is(err, p256k1.ErrInvalidDigest)
			},
			func() bool { d, err := key.Sign(nil, hash[:], nil); return err == nil && len(d) > 0 },
		},
		"p256k1.ParsePublicKey": {func() bool { return badPub(p256k1.ParsePublicKey(nil)) }},
		"p256k1.CombinePublicKeys": {
			func() bool { return badPub(p256k1.CombinePublicKeys(nil)) },
			func() bool { return badPub(p256k1.CombinePublicKeys(&pub, nil)) },
			func() bool { return badPub(p256k1.CombinePublicKeys()) },
		},
		"p256k1.MultiScalarMulVar": {func() bool {
			_, err := p256k1.MultiScalarMulVar(nil, nil, nil)
			return is(err, p256k1.ErrPointAtInfinity)
		}},
		"p256k1.MSM.MultiScalarMulVar": {
			func() bool {
				var m *p256k1.MSM
				r, err := m.MultiScalarMulVar([]p256k1.PublicKey{pub}, [][32]byte{{31: 1}}, nil)
				return err == nil && r == pub
			},
			func() bool {
				var m p256k1.MSM
				_, err := m.MultiScalarMulVar([]p256k1.PublicKey{{}}, [][32]byte{{31: 1}}, nil)
				return is(err, p256k1.ErrInvalidPublicKey)
			},
		},
		"p256k1.PublicKey.IsValid":               {func() bool { return !np.IsValid() }},
		"p256k1.PublicKey.SerializeCompressed":   {func() bool { return np.SerializeCompressed() == [33]byte{} }},
		"p256k1.PublicKey.SerializeUncompressed": {func() bool { return np.SerializeUncompressed() == [65]byte{} }},
		"p256k1.PublicKey.Equal": {
			func() bool { return !np.Equal(&pub) },
			func() bool { return !pub.Equal(np) },
			func() bool { return !pub.Equal(nil) },
		},
		"p256k1.PublicKey.XOnly": {func() bool { x, p := np.XOnly(); return !x.IsValid() && p == 0 }},
		"p256k1.PublicKey.Negate": {func() bool {
			r := np.Negate()
			return !r.IsValid()
		}},
		"p256k1.PublicKey.TweakAdd": {
			func() bool { return badPub(np.TweakAdd(&tweak)) },
			func() bool { return badTweakP(pub.TweakAdd(nil)) },
		},
		"p256k1.PublicKey.TweakMul": {
			func() bool { return badPub(np.TweakMul(&tweak)) },
			func() bool { return badTweakP(pub.TweakMul(nil)) },
		},
		"p256k1.ParseXOnlyPublicKey":    {func() bool { _, err := p256k1.ParseXOnlyPublicKey(nil); return is(err, p256k1.ErrInvalidPublicKey) }},
		"p256k1.XOnlyPublicKey.IsValid": {func() bool { return !nx.IsValid() }},
		"p256k1.XOnlyPublicKey.Bytes":   {func() bool { return nx.Bytes() == [32]byte{} }},
		"p256k1.XOnlyPublicKey.PublicKey": {func() bool {
			p := nx.PublicKey()
			return !p.IsValid()
		}},
		"p256k1.XOnlyPublicKey.Equal": {
			func() bool { return !nx.Equal(&xonly) },
			func() bool { return !xonly.Equal(nil) },
			func() bool { return !nx.Equal(nil) },
		},
		"p256k1.XOnlyPublicKey.TweakAdd": {
			func() bool { return badPub(nx.TweakAdd(&tweak)) },
			func() bool { return badTweakP(xonly.TweakAdd(nil)) },
		},
		"p256k1.XOnlyPublicKey.TweakAddCheck": {
			func() bool { return !nx.TweakAddCheck(&tweak, 0, &tweak) },
			func() bool { return !xonly.TweakAddCheck(nil, 0, &tweak) },
			func() bool { return !xonly.TweakAddCheck(&tweak, 0, nil) },
		},
		"p256k1.VerifyTweakAddChecks": {
			func() bool { return p256k1.VerifyTweakAddChecks(nil) },
			func() bool { return !p256k1.VerifyTweakAddChecks([]p256k1.TweakCheckItem{{}}) },
		},
		"p256k1.FindInvalidTweakAddChecks": {func() bool {
			return slices.Equal(p256k1.FindInvalidTweakAddChecks([]p256k1.TweakCheckItem{{Internal: &xonly}, {}}), []int{0, 1})
		}},
		"p256k1.TweakCheckVerifier.Verify": {func() bool {
			var v *p256k1.TweakCheckVerifier
			return !v.Verify([]p256k1.TweakCheckItem{{Tweak: &tweak}})
		}},
		"p256k1.TweakCheckVerifier.FindInvalid": {func() bool {
			var v *p256k1.TweakCheckVerifier
			return slices.Equal(v.FindInvalid(nil, []p256k1.TweakCheckItem{{Output: &tweak}}), []int{0})
		}},

		// ecdsa.
		"ecdsa.Sign": {
			func() bool { return sigErr(p256k1.ErrInvalidPrivateKey)(ecdsa.Sign(nk, &hash)) },
			func() bool { return sigErr(p256k1.ErrInvalidDigest)(ecdsa.Sign(&key, nil)) },
		},
		"ecdsa.SignWithEntropy": {
			func() bool { return sigErr(p256k1.ErrInvalidPrivateKey)(ecdsa.SignWithEntropy(nk, &hash, &tweak)) },
			func() bool { return sigErr(p256k1.ErrInvalidDigest)(ecdsa.SignWithEntropy(&key, nil, &tweak)) },
			func() bool { s, err := ecdsa.SignWithEntropy(&key, &hash, nil); return err == nil && s == sig },
		},
		"ecdsa.SignRecoverable": {
			func() bool { return rsigErr(p256k1.ErrInvalidPrivateKey)(ecdsa.SignRecoverable(nk, &hash)) },
			func() bool { return rsigErr(p256k1.ErrInvalidDigest)(ecdsa.SignRecoverable(&key, nil)) },
		},
		"ecdsa.SignRecoverableWithEntropy": {
			func() bool {
				return rsigErr(p256k1.ErrInvalidPrivateKey)(ecdsa.SignRecoverableWithEntropy(nk, &hash, &tweak))
			},
			func() bool {
				return rsigErr(p256k1.ErrInvalidDigest)(ecdsa.SignRecoverableWithEntropy(&key, nil, &tweak))
			},
			func() bool {
				s, err := ecdsa.SignRecoverableWithEntropy(&key, &hash, nil)
				return err == nil && s == rsig
			},
		},
		"ecdsa.Verify": {
			func() bool { return !ecdsa.Verify(np, &hash, &sig) },
			func() bool { return !ecdsa.Verify(&pub, nil, &sig) },
			func() bool { return !ecdsa.Verify(&pub, &hash, ns) },
		},
		"ecdsa.VerifyDER": {
			func() bool { return !ecdsa.VerifyDER(np, &hash, sig.AppendDER(nil)) },
			func() bool { return !ecdsa.VerifyDER(&pub, nil, sig.AppendDER(nil)) },
			func() bool { return !ecdsa.VerifyDER(&pub, &hash, nil) },
		},
		"ecdsa.ParseDER":     {func() bool { return sigErr(ecdsa.ErrInvalidSignature)(ecdsa.ParseDER(nil)) }},
		"ecdsa.ParseDERLax":  {func() bool { return sigErr(ecdsa.ErrInvalidSignature)(ecdsa.ParseDERLax(nil)) }},
		"ecdsa.ParseCompact": {func() bool { return sigErr(ecdsa.ErrInvalidSignature)(ecdsa.ParseCompact(nil)) }},
		"ecdsa.Signature.SerializeDER": {
			func() bool {
				var buf [ecdsa.MaxDERSize]byte
				return string(ns.SerializeDER(&buf)) == "\x30\x06\x02\x01\x00\x02\x01\x00"
			},
			func() bool { return sig.SerializeDER(nil) == nil },
		},
		"ecdsa.Signature.AppendDER":        {func() bool { return string(ns.AppendDER(nil)) == "\x30\x06\x02\x01\x00\x02\x01\x00" }},
		"ecdsa.Signature.SerializeCompact": {func() bool { return ns.SerializeCompact() == b64 }},
		"ecdsa.Signature.IsLowS":           {func() bool { return ns.IsLowS() }},
		"ecdsa.Signature.NormalizeS":       {func() bool { return !ns.NormalizeS() }},
		"ecdsa.ParseRecoverable": {func() bool {
			return rsigErr(ecdsa.ErrInvalidSignature)(ecdsa.ParseRecoverable(nil, 0))
		}},
		"ecdsa.ParseBitcoinCompact": {func() bool {
			_, _, err := ecdsa.ParseBitcoinCompact(nil)
			return is(err, ecdsa.ErrInvalidSignature)
		}},
		"ecdsa.ParseBIP137": {func() bool {
			_, _, err := ecdsa.ParseBIP137(nil)
			return is(err, ecdsa.ErrInvalidSignature)
		}},
		"ecdsa.RecoverableSignature.SerializeBIP137": {func() bool {
			want := b65
			want[0] = 39
			return nr.SerializeBIP137(ecdsa.AddressP2WPKH) == want
		}},
		"ecdsa.RecoverableSignature.SerializeCompact": {func() bool { c, id := nr.SerializeCompact(); return c == b64 && id == 0 }},
		"ecdsa.RecoverableSignature.Signature":        {func() bool { return nr.Signature() == ecdsa.Signature{} }},
		"ecdsa.RecoverableSignature.RecoveryID":       {func() bool { return nr.RecoveryID() == 0 }},
		"ecdsa.RecoverableSignature.SerializeBitcoinCompact": {func() bool {
			want := b65
			want[0] = 31
			return nr.SerializeBitcoinCompact(true) == want
		}},
		"ecdsa.RecoverPublicKey": {
			func() bool { _, err := ecdsa.RecoverPublicKey(nil, &rsig); return is(err, ecdsa.ErrRecoveryFailed) },
			func() bool { _, err := ecdsa.RecoverPublicKey(&hash, nil); return is(err, ecdsa.ErrRecoveryFailed) },
		},
		"ecdsa.RecoverPublicKeys": {
			func() bool { return ecdsa.RecoverPublicKeys(nil, nil, nil) == nil },
			func() bool {
				return is(ecdsa.RecoverPublicKeys(make([]p256k1.PublicKey, 1), nil, nil), ecdsa.ErrLengthMismatch)
			},
		},

		// schnorr.
		"schnorr.NewKeypair": {func() bool {
			_, err := schnorr.NewKeypair(nk)
			return is(err, p256k1.ErrInvalidPrivateKey)
		}},
		"schnorr.Keypair.IsValid":        {func() bool { return !nkp.IsValid() }},
		"schnorr.Keypair.XOnlyPublicKey": {func() bool { x := nkp.XOnlyPublicKey(); return !x.IsValid() }},
		"schnorr.Keypair.PublicKey":      {func() bool { p := nkp.PublicKey(); return !p.IsValid() }},
		"schnorr.Keypair.TweakAddXOnly": {
			func() bool {
				r, err := nkp.TweakAddXOnly(&tweak)
				return is(err, p256k1.ErrInvalidPrivateKey) && !r.IsValid()
			},
			func() bool { r, err := kp.TweakAddXOnly(nil); return is(err, p256k1.ErrInvalidTweak) && !r.IsValid() },
		},
		"schnorr.Keypair.Zero": {func() bool { nkp.Zero(); return true }},
		"schnorr.Sign": {
			func() bool { return ssigErr(p256k1.ErrInvalidPrivateKey)(schnorr.Sign(nk, hash[:], &tweak)) },
			func() bool { _, err := schnorr.Sign(&key, nil, nil); return err == nil }, // empty message, fresh aux
		},
		"schnorr.SignKeypair": {
			func() bool { return ssigErr(p256k1.ErrInvalidPrivateKey)(schnorr.SignKeypair(nkp, hash[:], &tweak)) },
			func() bool {
				s, err := schnorr.SignKeypair(&kp, nil, &tweak)
				return err == nil && schnorr.Verify(&xonly, nil, &s)
			},
		},
		"schnorr.Verify": {
			func() bool { return !schnorr.Verify(nx, hash[:], &ssig) },
			func() bool { return !schnorr.Verify(&xonly, nil, &ssig) },
			func() bool { return !schnorr.Verify(&xonly, hash[:], nil) },
		},
		"schnorr.VerifyBytes": {
			func() bool { return !schnorr.VerifyBytes(nil, hash[:], ssig[:]) },
			func() bool { return !schnorr.VerifyBytes(nil, nil, nil) },
		},
		"schnorr.VerifyBatch": {
			func() bool { return schnorr.VerifyBatch(nil) },
			func() bool { return !schnorr.VerifyBatch([]schnorr.BatchItem{{}}) },
		},
		"schnorr.FindInvalid": {func() bool {
			return slices.Equal(schnorr.FindInvalid([]schnorr.BatchItem{{PublicKey: &xonly}, {Signature: &ssig}}), []int{0, 1})
		}},
		"schnorr.VerifyBatchParallel": {func() bool { return !schnorr.VerifyBatchParallel([]schnorr.BatchItem{{}}, 2) }},
		"schnorr.FindInvalidParallel": {func() bool {
			return slices.Equal(schnorr.FindInvalidParallel([]schnorr.BatchItem{{}}, 2), []int{0})
		}},
		"schnorr.BatchVerifier.Verify": {func() bool {
			var v *schnorr.BatchVerifier
			return !v.Verify([]schnorr.BatchItem{{PublicKey: &xonly, Message: hash[:]}})
		}},
		"schnorr.BatchVerifier.FindInvalid": {func() bool {
			var v *schnorr.BatchVerifier
			items := []schnorr.BatchItem{{PublicKey: &xonly, Message: hash[:], Signature: &ssig}, {}}
			return slices.Equal(v.FindInvalid(nil, items), []int{1})
		}},

		// ecdh.
		"ecdh.SharedSecret": {
			func() bool { return err32(p256k1.ErrInvalidPrivateKey)(ecdh.SharedSecret(nil, &pub)) },
			func() bool { return err32(p256k1.ErrInvalidPublicKey)(ecdh.SharedSecret(&key, nil)) },
		},
		"ecdh.SharedX": {
			func() bool { return err32(p256k1.ErrInvalidPrivateKey)(ecdh.SharedX(nil, &pub)) },
			func() bool { return err32(p256k1.ErrInvalidPublicKey)(ecdh.SharedX(&key, nil)) },
		},
		"ecdh.SharedSecretBytes": {
			func() bool { return err32(p256k1.ErrInvalidPrivateKey)(ecdh.SharedSecretBytes(nil, nil)) },
			func() bool { return err32(p256k1.ErrInvalidPublicKey)(ecdh.SharedSecretBytes(&key, nil)) },
		},
		"ecdh.SharedXBytes": {
			func() bool { return err32(p256k1.ErrInvalidPrivateKey)(ecdh.SharedXBytes(nil, nil)) },
			func() bool { return err32(p256k1.ErrInvalidPublicKey)(ecdh.SharedXBytes(&key, nil)) },
		},
		"ecdh.SharedSecretFunc": {
			func() bool {
				_, err := ecdh.SharedSecretFunc(nil, &pub, hashXY)
				return is(err, p256k1.ErrInvalidPrivateKey)
			},
			func() bool {
				_, err := ecdh.SharedSecretFunc(&key, nil, hashXY)
				return is(err, p256k1.ErrInvalidPublicKey)
			},
			func() bool {
				_, err := ecdh.SharedSecretFunc(&key, &pub, noHash)
				return is(err, p256k1.ErrNilArgument)
			},
		},

		// The functions on many items (eight-lane engine): nil slices are
		// empty; nil fields are the items' zero values.
		"p256k1.PublicKeysMany": {
			func() bool { return p256k1.PublicKeysMany(nil, nil) == nil },
			func() bool {
				out := []p256k1.PublicKey{pub}
				return p256k1.PublicKeysMany([]p256k1.PrivateKey{{}}, out) == nil && !out[0].IsValid()
			},
		},
		"p256k1.ParsePublicKeysMany": {
			func() bool { return p256k1.ParsePublicKeysMany(nil, nil) == nil },
			func() bool {
				out := []p256k1.PublicKey{pub}
				return is(p256k1.ParsePublicKeysMany([][]byte{nil}, out), p256k1.ErrInvalidPublicKey) && !out[0].IsValid()
			},
		},
		"p256k1.ParseXOnlyPublicKeysMany": {
			func() bool { return p256k1.ParseXOnlyPublicKeysMany(nil, nil) == nil },
			func() bool {
				out := []p256k1.XOnlyPublicKey{xonly}
				return is(p256k1.ParseXOnlyPublicKeysMany([][]byte{nil}, out), p256k1.ErrInvalidPublicKey) && !out[0].IsValid()
			},
		},
		"ecdsa.VerifyMany": {
			func() bool { return ecdsa.VerifyMany(nil, nil) == nil },
			func() bool {
				res := []bool{true, true, true, true}
				err := ecdsa.VerifyMany([]ecdsa.Item{
					{PublicKey: np, Hash: &hash, Signature: &sig},
					{PublicKey: &pub, Hash: nil, Signature: &sig},
					{PublicKey: &pub, Hash: &hash, Signature: ns},
					{},
				}, res)
				return err == nil && !res[0] && !res[1] && !res[2] && !res[3]
			},
		},
		"schnorr.VerifyMany": {
			func() bool { return schnorr.VerifyMany(nil, nil) == nil },
			func() bool {
				res := []bool{true, true, true}
				err := schnorr.VerifyMany([]schnorr.BatchItem{{PublicKey: &xonly}, {Signature: &ssig}, {}}, res)
				return err == nil && !res[0] && !res[1] && !res[2]
			},
		},
		"ecdh.SharedSecretsMany": {
			func() bool { return ecdh.SharedSecretsMany(nil, nil) == nil },
			func() bool {
				out := make([][32]byte, 2)
				err := ecdh.SharedSecretsMany([]ecdh.Pair{{Key: nil, Peer: &pub}, {Key: &key, Peer: nil}}, out)
				return is(err, p256k1.ErrInvalidPrivateKey) && out[0] == [32]byte{} && out[1] == [32]byte{}
			},
			func() bool {
				out := make([][32]byte, 1)
				return is(ecdh.SharedSecretsMany([]ecdh.Pair{{Key: &key, Peer: nil}}, out), p256k1.ErrInvalidPublicKey)
			},
		},
	}
}

// TestNilArguments calls every exported function and method of p256k1,
// ecdsa, schnorr and ecdh with nil for each pointer argument and a nil
// receiver (see nilAPI): none may panic, and each must give the documented
// error or false.
func TestNilArguments(t *testing.T) {
	for name, calls := range nilAPI() {
		for i, call := range calls {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s, call %d: panic: %v", name, i, r)
					}
				}()
				if !call() {
					t.Errorf("%s, call %d: wrong result for a nil argument", name, i)
				}
			}()
		}
	}
}

// TestNilTableComplete parses the four packages' sources and fails if an
// exported function, or an exported method with a pointer receiver of an
// exported type, has no entry in nilAPI: new API must say what it does
// with nil. (Value-receiver methods, the fmt/log/encoding redaction ones,
// cannot be handed a nil pointer.)
func TestNilTableComplete(t *testing.T) {
	table := nilAPI()
	seen := map[string]bool{}
	for dir, pkg := range map[string]string{".": "p256k1", "ecdsa": "ecdsa", "schnorr": "schnorr", "ecdh": "ecdh"} {
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pkgs {
			for _, f := range p.Files {
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if !ok || !fd.Name.IsExported() {
						continue
					}
					name := pkg + "." + fd.Name.Name
					if fd.Recv != nil {
						star, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
						if !ok {
							continue // value receiver
						}
						id, ok := star.X.(*ast.Ident)
						if !ok || !id.IsExported() {
							continue
						}
						name = pkg + "." + id.Name + "." + fd.Name.Name
					}
					seen[name] = true
					if _, ok := table[name]; !ok {
						t.Errorf("%s has no entry in nilAPI (nil_test.go): add its nil-argument calls", name)
					}
				}
			}
		}
	}
	for name := range table {
		if !seen[name] {
			t.Errorf("nilAPI lists %s, which the sources do not declare", name)
		}
	}
}

// nilZeroAPI lists, for every package of the module (this module only:
// compat/decred, a module of its own, has its own test), each Zero method
// and each predicate (an exported method with a pointer receiver, no
// arguments and one bool result) that nilAPI does not already cover, with
// a call on a nil receiver reporting whether the result is right: Zero
// does nothing (a setter that returns its receiver returns nil), a
// predicate reports false. TestNilZero runs them; TestNilZeroTableComplete
// checks from the sources that none is missing, so that
//
//	s, err := musig2.NewSigningSession(...)
//	defer s.Zero()
//
// and its like never panic.
func nilZeroAPI() map[string]func() bool {
	return map[string]func() bool{
		"p256k1.PrivateKey.Zero":        func() bool { var k *p256k1.PrivateKey; k.Zero(); return true },
		"bip32.ExtendedKey.Zero":        func() bool { var x *bip32.ExtendedKey; x.Zero(); return true },
		"bip32.ExtendedKey.IsValid":     func() bool { var x *bip32.ExtendedKey; return !x.IsValid() },
		"bip32.ExtendedKey.IsPrivate":   func() bool { var x *bip32.ExtendedKey; return !x.IsPrivate() },
		"schnorr.Keypair.Zero":          func() bool { var kp *schnorr.Keypair; kp.Zero(); return true },
		"musig2.SigningSession.Zero":    func() bool { var s *musig2.SigningSession; s.Zero(); return true },
		"musig2.SigningSession.CanSign": func() bool { var s *musig2.SigningSession; return !s.CanSign() },
		"musig2.SigningSession.HaveAllNonces": func() bool {
			var s *musig2.SigningSession
			return !s.HaveAllNonces()
		},
		"musig2.SecretNonce.Zero":          func() bool { var n *musig2.SecretNonce; n.Zero(); return true },
		"musig2.Keypair.Zero":              func() bool { var kp *musig2.Keypair; kp.Zero(); return true },
		"musig2.Session.IsValid":           func() bool { var s *musig2.Session; return !s.IsValid() },
		"musig2.PubNonce.IsValid":          func() bool { var n *musig2.PubNonce; return !n.IsValid() },
		"musig2.AggNonce.IsValid":          func() bool { var n *musig2.AggNonce; return !n.IsValid() },
		"musig2.KeyAggContext.IsValid":     func() bool { var c *musig2.KeyAggContext; return !c.IsValid() },
		"signer.P256K1Signer.Zero":         func() bool { var s *signer.P256K1Signer; s.Zero(); return true },
		"libsecp256k1.Signer.Zero":         func() bool { var s *libsecp256k1.Signer; s.Zero(); return true },
		"libsecp256k1.Library.HasRecovery": func() bool { var l *libsecp256k1.Library; return !l.HasRecovery() },
		"silentpayments.Scanner.Zero":      func() bool { var sc *silentpayments.Scanner; sc.Zero(); return true },
		"gpu.Engine.FromCache":             func() bool { var e *gpu.Engine; return !e.FromCache() },
		"gpu.Engine.FromPTX":               func() bool { var e *gpu.Engine; return !e.FromPTX() },
		"curve.FieldElement.Zero":          func() bool { var v *curve.FieldElement; return v.Zero() == nil },
		"field.Element.Zero":               func() bool { var v *field.Element; return v.Zero() == nil },
		"field8.Element.Zero":              func() bool { var v *field8.Element; return v.Zero() == nil },
		"scalar.Scalar.Zero":               func() bool { var s *scalar.Scalar; return s.Zero() == nil },
	}
}

// TestNilZero calls every Zero and predicate of nilZeroAPI on a nil
// receiver: none may panic, and each must do nothing or report false.
func TestNilZero(t *testing.T) {
	for name, call := range nilZeroAPI() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s on a nil receiver: panic: %v", name, r)
				}
			}()
			if !call() {
				t.Errorf("%s on a nil receiver: wrong result", name)
			}
		}()
	}
}

// TestNilZeroTableComplete parses every package of the module (not cmd,
// whose commands are not API, nor the nested modules) and fails if a Zero
// method with a pointer receiver, or a predicate (an exported pointer
// method with no arguments and one bool result, outside internal/, whose
// field-arithmetic predicates take no nil), of an exported type has no
// entry in nilZeroAPI or nilAPI.
func TestNilZeroTableComplete(t *testing.T) {
	table := nilZeroAPI()
	covered := nilAPI()
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if dir != "." {
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || dir == "cmd" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		internal := dir == "internal" || strings.HasPrefix(dir, "internal"+string(filepath.Separator))
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, p := range pkgs {
			if p.Name == "main" {
				continue
			}
			for _, f := range p.Files {
				for _, decl := range f.Decls {
					fd, ok := decl.(*ast.FuncDecl)
					if !ok || fd.Recv == nil || !fd.Name.IsExported() {
						continue
					}
					star, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
					if !ok {
						continue
					}
					id, ok := star.X.(*ast.Ident)
					if !ok || !id.IsExported() {
						continue
					}
					res := fd.Type.Results
					predicate := !internal && fd.Type.Params.NumFields() == 0 && res != nil && res.NumFields() == 1
					if predicate {
						rid, ok := res.List[0].Type.(*ast.Ident)
						predicate = ok && rid.Name == "bool"
					}
					if fd.Name.Name != "Zero" && !predicate {
						continue
					}
					key := p.Name + "." + id.Name + "." + fd.Name.Name
					seen[key] = true
					if _, ok := table[key]; ok {
						continue
					}
					if _, ok := covered[key]; !ok {
						t.Errorf("%s (%s) has no entry in nilZeroAPI (nil_test.go): say what it does on a nil receiver", key, dir)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name := range table {
		if !seen[name] {
			t.Errorf("nilZeroAPI lists %s, which the sources do not declare", name)
		}
	}
}
