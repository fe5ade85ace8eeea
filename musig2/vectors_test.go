package musig2

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
)

// The BIP-327 test vectors (testdata/*.json, copied unchanged from the
// BIP's reference implementation), every row, error rows included.

// hexStr decodes as hex; a JSON null leaves it nil (Valid false).
type hexStr struct {
	b     []byte
	Valid bool
}

func (h *hexStr) UnmarshalJSON(d []byte) error {
	if string(d) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(d, &s); err != nil {
		return err
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return err
	}
	if b == nil {
		b = []byte{}
	}
	h.b, h.Valid = b, true
	return nil
}

type vecError struct {
	Type    string `json:"type"`
	Signer  *int   `json:"signer"`
	Contrib string `json:"contrib"`
	Message string `json:"message"`
}

func loadVectors(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// checkVecError checks err against a vector's "error" object: a
// *SignerError with the right index and contribution for
// invalid_contribution (Index −1 for "signer": null), or the sentinel
// BIP-327's message names for a "value" error.
func checkVecError(t *testing.T, err error, want vecError) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %+v", want)
	}
	switch want.Type {
	case "invalid_contribution":
		var se *SignerError
		if want.Contrib == "aggnonce" {
			// The aggregate nonce is the aggregator's, not a signer's:
			// ParseAggNonce returns the sentinel itself.
			if !errors.Is(err, ErrInvalidAggNonce) || errors.As(err, &se) {
				t.Fatalf("error %v, want ErrInvalidAggNonce", err)
			}
			return
		}
		if !errors.As(err, &se) {
			t.Fatalf("error %v is not a *SignerError", err)
		}
		idx := -1
		if want.Signer != nil {
			idx = *want.Signer
		}
		if se.Index != idx || se.Contrib != want.Contrib {
			t.Fatalf("error %v: index %d contrib %q, want %d %q", err, se.Index, se.Contrib, idx, want.Contrib)
		}
		sentinel := map[string]error{"pubkey": ErrInvalidPublicKey, "pubnonce": ErrInvalidPubNonce, "psig": ErrInvalidPartialSig, "aggothernonce": ErrInvalidPubNonce}[want.Contrib]
		if !errors.Is(err, sentinel) {
			t.Fatalf("error %v does not wrap %v", err, sentinel)
		}
	case "value":
		var sentinel error
		switch {
		case strings.Contains(want.Message, "tweak"):
			sentinel = ErrInvalidTweak
		case strings.Contains(want.Message, "must be included"):
			sentinel = ErrSignerNotInKeys
		case strings.Contains(want.Message, "secnonce value is out of range"):
			sentinel = ErrNonceReused
		default:
			t.Fatalf("unknown value error %q", want.Message)
		}
		if !errors.Is(err, sentinel) {
			t.Fatalf("error %v, want %v (%q)", err, sentinel, want.Message)
		}
	default:
		t.Fatalf("unknown error type %q", want.Type)
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func pick(list []hexStr, idx []int) [][]byte {
	out := make([][]byte, len(idx))
	for i, j := range idx {
		out[i] = list[j].b
	}
	return out
}

// keyAggTweak parses keys and applies tweaks, as the BIP's KeyAggAndTweak.
func keyAggTweak(keys [][]byte, tweaks [][]byte, xonly []bool) (KeyAggContext, error) {
	pks, err := ParsePublicKeys(keys)
	if err != nil {
		return KeyAggContext{}, err
	}
	ctx, err := KeyAgg(pks)
	if err != nil {
		return KeyAggContext{}, err
	}
	for i, tw := range tweaks {
		if len(tw) != 32 {
			return KeyAggContext{}, ErrInvalidTweak
		}
		if err := ctx.ApplyTweak((*[32]byte)(tw), xonly[i]); err != nil {
			return KeyAggContext{}, err
		}
	}
	return ctx, nil
}

// secNonceFromBytes makes a SecretNonce from BIP-327's 97-byte secnonce
// (k1 ‖ k2 ‖ pk), for the vectors only: the API has no such constructor.
func secNonceFromBytes(t *testing.T, b []byte) *SecretNonce {
	t.Helper()
	if len(b) != 97 {
		t.Fatalf("secnonce of %d bytes", len(b))
	}
	var k [2]scalar.Scalar
	if k[0].SetBytes((*[32]byte)(b[:32])) != 0 || k[1].SetBytes((*[32]byte)(b[32:64])) != 0 {
		t.Fatal("secnonce value ≥ n")
	}
	return newSecretNonce(&k, (*[33]byte)(b[64:]))
}

func TestKeySortVectors(t *testing.T) {
	var v struct {
		Pubkeys []hexStr `json:"pubkeys"`
		Sorted  []hexStr `json:"sorted_pubkeys"`
	}
	loadVectors(t, "key_sort_vectors.json", &v)
	keys := make([][33]byte, len(v.Pubkeys))
	for i, k := range v.Pubkeys {
		keys[i] = [33]byte(k.b)
	}
	KeySortBytes(keys)
	for i := range keys {
		if !bytes.Equal(keys[i][:], v.Sorted[i].b) {
			t.Fatalf("position %d: %x, want %x", i, keys[i], v.Sorted[i].b)
		}
	}
	// KeySort on the parsed (valid) keys agrees.
	var pks []p256k1.PublicKey
	var want [][33]byte
	for _, k := range keys {
		if pk, err := p256k1.ParsePublicKey(k[:]); err == nil {
			pks = append(pks, pk)
			want = append(want, k)
		}
	}
	for i, j := 0, len(pks)-1; i < j; i, j = i+1, j-1 {
		pks[i], pks[j] = pks[j], pks[i]
	}
	KeySort(pks)
	for i := range pks {
		if pks[i].SerializeCompressed() != want[i] {
			t.Fatalf("KeySort position %d differs", i)
		}
	}
}

func TestKeyAggVectors(t *testing.T) {
	var v struct {
		Pubkeys []hexStr `json:"pubkeys"`
		Tweaks  []hexStr `json:"tweaks"`
		Valid   []struct {
			KeyIndices []int  `json:"key_indices"`
			Expected   hexStr `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			KeyIndices   []int    `json:"key_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXOnly      []bool   `json:"is_xonly"`
			Error        vecError `json:"error"`
			Comment      string   `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "key_agg_vectors.json", &v)
	for i, c := range v.Valid {
		ctx, err := keyAggTweak(pick(v.Pubkeys, c.KeyIndices), nil, nil)
		if err != nil {
			t.Fatalf("valid %d: %v", i, err)
		}
		if x := ctx.XOnlyBytes(); !bytes.Equal(x[:], c.Expected.b) {
			t.Fatalf("valid %d: %x, want %x", i, x, c.Expected.b)
		}
		xo := ctx.XOnly()
		if xb := xo.Bytes(); !bytes.Equal(xb[:], c.Expected.b) {
			t.Fatalf("valid %d: XOnly differs", i)
		}
	}
	for i, c := range v.Errors {
		_, err := keyAggTweak(pick(v.Pubkeys, c.KeyIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly)
		t.Logf("error %d (%s): %v", i, c.Comment, err)
		checkVecError(t, err, c.Error)
	}
	if len(v.Valid) != 4 || len(v.Errors) != 5 {
		t.Fatalf("%d valid, %d error rows", len(v.Valid), len(v.Errors))
	}
}

func TestNonceGenVectors(t *testing.T) {
	var v struct {
		Cases []struct {
			Rand     hexStr `json:"rand_"`
			SK       hexStr `json:"sk"`
			PK       hexStr `json:"pk"`
			AggPK    hexStr `json:"aggpk"`
			Msg      hexStr `json:"msg"`
			ExtraIn  hexStr `json:"extra_in"`
			SecNonce hexStr `json:"expected_secnonce"`
			PubNonce hexStr `json:"expected_pubnonce"`
		} `json:"test_cases"`
	}
	loadVectors(t, "nonce_gen_vectors.json", &v)
	for i, c := range v.Cases {
		pk, err := p256k1.ParsePublicKey(c.PK.b)
		if err != nil {
			t.Fatal(err)
		}
		opts := &NonceGenOptions{Rand: (*[32]byte)(c.Rand.b), ExtraIn: c.ExtraIn.b}
		if c.SK.Valid {
			sk, err := p256k1.NewPrivateKey(c.SK.b)
			if err != nil {
				t.Fatal(err)
			}
			opts.SecretKey = &sk
		}
		if c.AggPK.Valid {
			opts.AggPubKey = (*[32]byte)(c.AggPK.b)
		}
		if c.Msg.Valid {
			opts.Msg = c.Msg.b // non-nil, also when empty
		}
		sn, pn, err := NonceGen(&pk, opts)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		var got [97]byte
		st := sn.st
		st.k[0].Bytes((*[32]byte)(got[:32]))
		st.k[1].Bytes((*[32]byte)(got[32:64]))
		copy(got[64:], st.pk[:])
		if !bytes.Equal(got[:], c.SecNonce.b) {
			t.Fatalf("case %d: secnonce %x, want %x", i, got, c.SecNonce.b)
		}
		if b := pn.Bytes(); !bytes.Equal(b[:], c.PubNonce.b) {
			t.Fatalf("case %d: pubnonce %x, want %x", i, b, c.PubNonce.b)
		}
	}
	if len(v.Cases) != 4 {
		t.Fatalf("%d cases", len(v.Cases))
	}
}

func TestNonceAggVectors(t *testing.T) {
	var v struct {
		PNonces []hexStr `json:"pnonces"`
		Valid   []struct {
			Indices  []int  `json:"pnonce_indices"`
			Expected hexStr `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			Indices []int    `json:"pnonce_indices"`
			Error   vecError `json:"error"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "nonce_agg_vectors.json", &v)
	for i, c := range v.Valid {
		ns, err := ParsePubNonces(pick(v.PNonces, c.Indices))
		if err != nil {
			t.Fatal(err)
		}
		agg, err := NonceAgg(ns)
		if err != nil {
			t.Fatal(err)
		}
		if b := agg.Bytes(); !bytes.Equal(b[:], c.Expected.b) {
			t.Fatalf("valid %d: %x, want %x", i, b, c.Expected.b)
		}
		back, err := ParseAggNonce(c.Expected.b)
		if err != nil || back.Bytes() != agg.Bytes() {
			t.Fatalf("valid %d: ParseAggNonce round trip: %v", i, err)
		}
	}
	for _, c := range v.Errors {
		_, err := ParsePubNonces(pick(v.PNonces, c.Indices))
		checkVecError(t, err, c.Error)
	}
	if len(v.Valid) != 2 || len(v.Errors) != 3 {
		t.Fatalf("%d valid, %d error rows", len(v.Valid), len(v.Errors))
	}
}

type signVectors struct {
	SK        hexStr   `json:"sk"`
	Pubkeys   []hexStr `json:"pubkeys"`
	SecNonces []hexStr `json:"secnonces"`
	PNonces   []hexStr `json:"pnonces"`
	AggNonces []hexStr `json:"aggnonces"`
	Msgs      []hexStr `json:"msgs"`
	Valid     []struct {
		KeyIndices    []int  `json:"key_indices"`
		NonceIndices  []int  `json:"nonce_indices"`
		AggNonceIndex int    `json:"aggnonce_index"`
		MsgIndex      int    `json:"msg_index"`
		SignerIndex   int    `json:"signer_index"`
		Expected      hexStr `json:"expected"`
	} `json:"valid_test_cases"`
	SignErrors []struct {
		KeyIndices    []int    `json:"key_indices"`
		AggNonceIndex int      `json:"aggnonce_index"`
		MsgIndex      int      `json:"msg_index"`
		SecNonceIndex int      `json:"secnonce_index"`
		Error         vecError `json:"error"`
		Comment       string   `json:"comment"`
	} `json:"sign_error_test_cases"`
	VerifyFail []struct {
		Sig          hexStr `json:"sig"`
		KeyIndices   []int  `json:"key_indices"`
		NonceIndices []int  `json:"nonce_indices"`
		MsgIndex     int    `json:"msg_index"`
		SignerIndex  int    `json:"signer_index"`
	} `json:"verify_fail_test_cases"`
	VerifyErrors []struct {
		Sig          hexStr   `json:"sig"`
		KeyIndices   []int    `json:"key_indices"`
		NonceIndices []int    `json:"nonce_indices"`
		MsgIndex     int      `json:"msg_index"`
		SignerIndex  int      `json:"signer_index"`
		Error        vecError `json:"error"`
	} `json:"verify_error_test_cases"`
}

// verifyVector is BIP-327's PartialSigVerify: aggregate keys and nonces,
// make the session and verify signer i's partial signature. Errors are the
// contributions that fail to parse.
func verifyVector(psigB []byte, keys, nonces [][]byte, tweaks [][]byte, xonly []bool, msg []byte, i int) (bool, error) {
	ctx, err := keyAggTweak(keys, tweaks, xonly)
	if err != nil {
		return false, err
	}
	ns, err := ParsePubNonces(nonces)
	if err != nil {
		return false, err
	}
	agg, err := NonceAgg(ns)
	if err != nil {
		return false, err
	}
	sess, err := NewSession(&ctx, &agg, msg)
	if err != nil {
		return false, err
	}
	psig, err := ParsePartialSig(psigB)
	if err != nil {
		return false, nil
	}
	pk, _ := p256k1.ParsePublicKey(keys[i])
	return PartialSigVerify(&sess, &psig, &ns[i], &pk), nil
}

func TestSignVerifyVectors(t *testing.T) {
	var v signVectors
	loadVectors(t, "sign_verify_vectors.json", &v)
	sk, err := p256k1.NewPrivateKey(v.SK.b)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range v.Valid {
		ctx, err := keyAggTweak(pick(v.Pubkeys, c.KeyIndices), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		ns, err := ParsePubNonces(pick(v.PNonces, c.NonceIndices))
		if err != nil {
			t.Fatal(err)
		}
		agg, err := NonceAgg(ns)
		if err != nil {
			t.Fatal(err)
		}
		if b := agg.Bytes(); !bytes.Equal(b[:], v.AggNonces[c.AggNonceIndex].b) {
			t.Fatalf("valid %d: aggnonce %x", i, b)
		}
		agg2, err := ParseAggNonce(v.AggNonces[c.AggNonceIndex].b)
		if err != nil {
			t.Fatal(err)
		}
		sess, err := NewSession(&ctx, &agg2, v.Msgs[c.MsgIndex].b)
		if err != nil {
			t.Fatal(err)
		}
		// The signer's secnonce is secnonces[0] (for pnonces[0]).
		sn := secNonceFromBytes(t, v.SecNonces[0].b)
		psig, err := Sign(sn, &sk, &sess)
		if err != nil {
			t.Fatalf("valid %d: %v", i, err)
		}
		if b := psig.Bytes(); !bytes.Equal(b[:], c.Expected.b) {
			t.Fatalf("valid %d: psig %x, want %x", i, b, c.Expected.b)
		}
		ok, err := verifyVector(c.Expected.b, pick(v.Pubkeys, c.KeyIndices), pick(v.PNonces, c.NonceIndices), nil, nil, v.Msgs[c.MsgIndex].b, c.SignerIndex)
		if !ok || err != nil {
			t.Fatalf("valid %d: does not verify: %v", i, err)
		}
	}
	for i, c := range v.SignErrors {
		sn := secNonceFromBytes(t, v.SecNonces[c.SecNonceIndex].b)
		err := func() error {
			ctx, err := keyAggTweak(pick(v.Pubkeys, c.KeyIndices), nil, nil)
			if err != nil {
				return err
			}
			agg, err := ParseAggNonce(v.AggNonces[c.AggNonceIndex].b)
			if err != nil {
				return err
			}
			sess, err := NewSession(&ctx, &agg, v.Msgs[c.MsgIndex].b)
			if err != nil {
				return err
			}
			_, err = Sign(sn, &sk, &sess)
			return err
		}()
		t.Logf("sign error %d (%s): %v", i, c.Comment, err)
		checkVecError(t, err, c.Error)
	}
	for i, c := range v.VerifyFail {
		ok, err := verifyVector(c.Sig.b, pick(v.Pubkeys, c.KeyIndices), pick(v.PNonces, c.NonceIndices), nil, nil, v.Msgs[c.MsgIndex].b, c.SignerIndex)
		if ok || err != nil {
			t.Fatalf("verify fail %d: ok=%v err=%v", i, ok, err)
		}
	}
	for _, c := range v.VerifyErrors {
		_, err := verifyVector(c.Sig.b, pick(v.Pubkeys, c.KeyIndices), pick(v.PNonces, c.NonceIndices), nil, nil, v.Msgs[c.MsgIndex].b, c.SignerIndex)
		checkVecError(t, err, c.Error)
	}
	if len(v.Valid) != 6 || len(v.SignErrors) != 6 || len(v.VerifyFail) != 3 || len(v.VerifyErrors) != 2 {
		t.Fatal("unexpected row counts")
	}
}

func TestTweakVectors(t *testing.T) {
	var v struct {
		SK       hexStr   `json:"sk"`
		Pubkeys  []hexStr `json:"pubkeys"`
		SecNonce hexStr   `json:"secnonce"`
		PNonces  []hexStr `json:"pnonces"`
		AggNonce hexStr   `json:"aggnonce"`
		Tweaks   []hexStr `json:"tweaks"`
		Msg      hexStr   `json:"msg"`
		Valid    []struct {
			KeyIndices   []int  `json:"key_indices"`
			NonceIndices []int  `json:"nonce_indices"`
			TweakIndices []int  `json:"tweak_indices"`
			IsXOnly      []bool `json:"is_xonly"`
			SignerIndex  int    `json:"signer_index"`
			Expected     hexStr `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			KeyIndices   []int    `json:"key_indices"`
			NonceIndices []int    `json:"nonce_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXOnly      []bool   `json:"is_xonly"`
			Error        vecError `json:"error"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "tweak_vectors.json", &v)
	sk, _ := p256k1.NewPrivateKey(v.SK.b)
	agg, err := ParseAggNonce(v.AggNonce.b)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range v.Valid {
		ctx, err := keyAggTweak(pick(v.Pubkeys, c.KeyIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly)
		if err != nil {
			t.Fatal(err)
		}
		sess, err := NewSession(&ctx, &agg, v.Msg.b)
		if err != nil {
			t.Fatal(err)
		}
		psig, err := Sign(secNonceFromBytes(t, v.SecNonce.b), &sk, &sess)
		if err != nil {
			t.Fatal(err)
		}
		if b := psig.Bytes(); !bytes.Equal(b[:], c.Expected.b) {
			t.Fatalf("valid %d: %x, want %x", i, b, c.Expected.b)
		}
		ok, err := verifyVector(c.Expected.b, pick(v.Pubkeys, c.KeyIndices), pick(v.PNonces, c.NonceIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly, v.Msg.b, c.SignerIndex)
		if !ok || err != nil {
			t.Fatalf("valid %d: does not verify (%v)", i, err)
		}
	}
	for _, c := range v.Errors {
		_, err := keyAggTweak(pick(v.Pubkeys, c.KeyIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly)
		checkVecError(t, err, c.Error)
	}
	if len(v.Valid) != 5 || len(v.Errors) != 1 {
		t.Fatal("unexpected row counts")
	}
}

func TestDetSignVectors(t *testing.T) {
	var v struct {
		SK      hexStr   `json:"sk"`
		Pubkeys []hexStr `json:"pubkeys"`
		Msgs    []hexStr `json:"msgs"`
		Valid   []struct {
			Rand          hexStr   `json:"rand"`
			AggOtherNonce hexStr   `json:"aggothernonce"`
			KeyIndices    []int    `json:"key_indices"`
			Tweaks        []hexStr `json:"tweaks"`
			IsXOnly       []bool   `json:"is_xonly"`
			MsgIndex      int      `json:"msg_index"`
			SignerIndex   int      `json:"signer_index"`
			Expected      []hexStr `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			Rand          hexStr   `json:"rand"`
			AggOtherNonce hexStr   `json:"aggothernonce"`
			KeyIndices    []int    `json:"key_indices"`
			Tweaks        []hexStr `json:"tweaks"`
			IsXOnly       []bool   `json:"is_xonly"`
			MsgIndex      int      `json:"msg_index"`
			Error         vecError `json:"error"`
			Comment       string   `json:"comment"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "det_sign_vectors.json", &v)
	sk, _ := p256k1.NewPrivateKey(v.SK.b)
	tweaksOf := func(h []hexStr) [][]byte {
		out := make([][]byte, len(h))
		for i := range h {
			out[i] = h[i].b
		}
		return out
	}
	detSign := func(rnd hexStr, other []byte, keys [][]byte, tweaks [][]byte, xonly []bool, msg []byte) (PubNonce, PartialSig, *KeyAggContext, error) {
		ctx, err := keyAggTweak(keys, tweaks, xonly)
		if err != nil {
			return PubNonce{}, PartialSig{}, nil, err
		}
		var r *[32]byte
		if rnd.Valid {
			r = (*[32]byte)(rnd.b)
		}
		pn, ps, err := DeterministicSign(&sk, (*[66]byte)(other), &ctx, msg, r)
		return pn, ps, &ctx, err
	}
	for i, c := range v.Valid {
		msg := v.Msgs[c.MsgIndex].b
		pn, ps, ctx, err := detSign(c.Rand, c.AggOtherNonce.b, pick(v.Pubkeys, c.KeyIndices), tweaksOf(c.Tweaks), c.IsXOnly, msg)
		if err != nil {
			t.Fatalf("valid %d: %v", i, err)
		}
		if b := pn.Bytes(); !bytes.Equal(b[:], c.Expected[0].b) {
			t.Fatalf("valid %d: pubnonce %x, want %x", i, b, c.Expected[0].b)
		}
		if b := ps.Bytes(); !bytes.Equal(b[:], c.Expected[1].b) {
			t.Fatalf("valid %d: psig %x, want %x", i, b, c.Expected[1].b)
		}
		other, _ := ParsePubNonce(c.AggOtherNonce.b)
		agg, _ := NonceAgg([]PubNonce{pn, other})
		sess, _ := NewSession(ctx, &agg, msg)
		pk := sk.PublicKey()
		if !PartialSigVerify(&sess, &ps, &pn, &pk) {
			t.Fatalf("valid %d: partial signature does not verify", i)
		}
	}
	for i, c := range v.Errors {
		_, _, _, err := detSign(c.Rand, c.AggOtherNonce.b, pick(v.Pubkeys, c.KeyIndices), tweaksOf(c.Tweaks), c.IsXOnly, v.Msgs[c.MsgIndex].b)
		t.Logf("error %d (%s): %v", i, c.Comment, err)
		checkVecError(t, err, c.Error)
	}
	if len(v.Valid) != 4 || len(v.Errors) != 5 {
		t.Fatal("unexpected row counts")
	}
}

func TestSigAggVectors(t *testing.T) {
	var v struct {
		Pubkeys []hexStr `json:"pubkeys"`
		PNonces []hexStr `json:"pnonces"`
		Tweaks  []hexStr `json:"tweaks"`
		PSigs   []hexStr `json:"psigs"`
		Msg     hexStr   `json:"msg"`
		Valid   []struct {
			AggNonce     hexStr `json:"aggnonce"`
			NonceIndices []int  `json:"nonce_indices"`
			KeyIndices   []int  `json:"key_indices"`
			TweakIndices []int  `json:"tweak_indices"`
			IsXOnly      []bool `json:"is_xonly"`
			PSigIndices  []int  `json:"psig_indices"`
			Expected     hexStr `json:"expected"`
		} `json:"valid_test_cases"`
		Errors []struct {
			AggNonce     hexStr   `json:"aggnonce"`
			NonceIndices []int    `json:"nonce_indices"`
			KeyIndices   []int    `json:"key_indices"`
			TweakIndices []int    `json:"tweak_indices"`
			IsXOnly      []bool   `json:"is_xonly"`
			PSigIndices  []int    `json:"psig_indices"`
			Error        vecError `json:"error"`
		} `json:"error_test_cases"`
	}
	loadVectors(t, "sig_agg_vectors.json", &v)
	agg := func(aggnonce []byte, keys, tweaks [][]byte, xonly []bool, psigs [][]byte) ([64]byte, *KeyAggContext, error) {
		ctx, err := keyAggTweak(keys, tweaks, xonly)
		if err != nil {
			return [64]byte{}, nil, err
		}
		an, err := ParseAggNonce(aggnonce)
		if err != nil {
			return [64]byte{}, nil, err
		}
		sess, err := NewSession(&ctx, &an, v.Msg.b)
		if err != nil {
			return [64]byte{}, nil, err
		}
		ps, err := ParsePartialSigs(psigs)
		if err != nil {
			return [64]byte{}, nil, err
		}
		sig, err := PartialSigAgg(&sess, ps)
		return sig, &ctx, err
	}
	for i, c := range v.Valid {
		ns, _ := ParsePubNonces(pick(v.PNonces, c.NonceIndices))
		an, _ := NonceAgg(ns)
		if b := an.Bytes(); !bytes.Equal(b[:], c.AggNonce.b) {
			t.Fatalf("valid %d: aggnonce %x", i, b)
		}
		sig, ctx, err := agg(c.AggNonce.b, pick(v.Pubkeys, c.KeyIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly, pick(v.PSigs, c.PSigIndices))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sig[:], c.Expected.b) {
			t.Fatalf("valid %d: %x, want %x", i, sig, c.Expected.b)
		}
		x := ctx.XOnly()
		if !schnorr.Verify(&x, v.Msg.b, &sig) {
			t.Fatalf("valid %d: BIP-340 verification fails", i)
		}
	}
	for _, c := range v.Errors {
		_, _, err := agg(c.AggNonce.b, pick(v.Pubkeys, c.KeyIndices), pick(v.Tweaks, c.TweakIndices), c.IsXOnly, pick(v.PSigs, c.PSigIndices))
		checkVecError(t, err, c.Error)
	}
	if len(v.Valid) != 4 || len(v.Errors) != 1 {
		t.Fatal("unexpected row counts")
	}
}
