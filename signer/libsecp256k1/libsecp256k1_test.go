package libsecp256k1_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/signer/libsecp256k1"
	"github.com/p256k1/p256k1/signer/signertest"
)

// lib loads the system library or skips: the suite's libsecp256k1 half
// needs it (CI installs libsecp256k1-1).
func lib(t testing.TB) *libsecp256k1.Library {
	t.Helper()
	l, err := libsecp256k1.Load()
	if err != nil {
		t.Skipf("libsecp256k1 half skipped: %v", err)
	}
	return l
}

func newLib(t testing.TB) signer.AuxSigner { return lib(t).NewSigner() }

func newP256K1(testing.TB) signer.AuxSigner { return new(signer.P256K1Signer) }

func TestConformance(t *testing.T) {
	t.Logf("libsecp256k1: %s", lib(t).Path())
	signertest.Run(t, newLib)
}

func TestCrossP256K1(t *testing.T) {
	lib(t)
	t.Run("LibsecpFirst", func(t *testing.T) { signertest.Cross(t, newLib, newP256K1) })
	t.Run("P256K1First", func(t *testing.T) { signertest.Cross(t, newP256K1, newLib) })
}

// The Library's typed calls agree with this module's packages.
func TestLibraryOps(t *testing.T) {
	l := lib(t)
	for i := range 16 {
		sec := [32]byte(signertest.Key(i))
		k, _ := p256k1.NewPrivateKey(sec[:])
		pub := k.PublicKey()
		want := pub.SerializeCompressed()
		got, err := l.PublicKey(&sec)
		if err != nil || got != want {
			t.Fatalf("key %d: PublicKey %x (%v), want %x", i, got, err, want)
		}
		hash := [32]byte(signertest.Key(1000 + i))
		sig, err := l.ECDSASign(&sec, &hash)
		ref, _ := ecdsa.Sign(&k, &hash)
		if err != nil || sig != ref.SerializeCompact() {
			t.Fatalf("key %d: ECDSASign %x (%v), want %x", i, sig, err, ref.SerializeCompact())
		}
		if !l.ECDSAVerify(want[:], &hash, &sig) {
			t.Fatalf("key %d: ECDSAVerify rejects its own signature", i)
		}
		unc := pub.SerializeUncompressed()
		if !l.ECDSAVerify(unc[:], &hash, &sig) {
			t.Fatalf("key %d: ECDSAVerify rejects the uncompressed key", i)
		}
		sig[5] ^= 1
		if l.ECDSAVerify(want[:], &hash, &sig) {
			t.Fatalf("key %d: ECDSAVerify accepts a corrupted signature", i)
		}
		if l.HasRecovery() {
			rs, _ := ecdsa.SignRecoverable(&k, &hash)
			c, recid := rs.SerializeCompact()
			rec, err := l.ECDSARecover(&hash, &c, recid)
			if err != nil || rec != want {
				t.Fatalf("key %d: ECDSARecover %x (%v), want %x", i, rec, err, want)
			}
			if _, err := l.ECDSARecover(&hash, &c, 4); !errors.Is(err, libsecp256k1.ErrFailed) {
				t.Fatalf("ECDSARecover with recid 4: %v", err)
			}
		}
		tweak := [32]byte(signertest.Key(2000 + i))
		ts, err1 := l.SecretTweakAdd(&sec, &tweak)
		tp, err2 := l.PublicTweakAdd(want[:], &tweak)
		rk, _ := k.TweakAdd(&tweak)
		rp, _ := pub.TweakAdd(&tweak)
		if err1 != nil || err2 != nil || ts != rk.Bytes() || tp != rp.SerializeCompressed() {
			t.Fatalf("key %d: tweaks disagree (%v, %v)", i, err1, err2)
		}
		aux := [32]byte{1}
		ss, err := l.SchnorrSign(&sec, hash[:], &aux)
		x, _ := pub.XOnly()
		xb := x.Bytes()
		if err != nil || !l.SchnorrVerify(&xb, hash[:], &ss) {
			t.Fatalf("key %d: SchnorrSign/SchnorrVerify (%v)", i, err)
		}
	}
	var zero, n [32]byte
	copy(n[:], bytes.Repeat([]byte{0xff}, 32))
	for _, bad := range []*[32]byte{&zero, &n} {
		if _, err := l.PublicKey(bad); !errors.Is(err, libsecp256k1.ErrFailed) {
			t.Errorf("PublicKey(%x): %v, want ErrFailed", bad[:4], err)
		}
		if _, err := l.ECDSASign(bad, &zero); !errors.Is(err, libsecp256k1.ErrFailed) {
			t.Errorf("ECDSASign(%x): %v, want ErrFailed", bad[:4], err)
		}
	}
	var zsig [64]byte
	if l.ECDSAVerify(nil, &zero, &zsig) || l.ECDSAVerify(make([]byte, 32), &zero, &zsig) {
		t.Errorf("ECDSAVerify accepted a malformed key")
	}
}

func TestOpenMissing(t *testing.T) {
	_, err := libsecp256k1.Open("/nonexistent/libsecp256k1.so")
	if !errors.Is(err, libsecp256k1.ErrNotFound) && !errors.Is(err, libsecp256k1.ErrUnsupported) {
		t.Fatalf("Open of a missing file: %v", err)
	}
	t.Log(err)
}

// A shared library without libsecp256k1's symbols is reported by name.
func TestOpenWrongLibrary(t *testing.T) {
	lib(t)
	for _, name := range []string{"libc.so.6", "libm.so.6", "libSystem.B.dylib"} {
		_, err := libsecp256k1.Open(name)
		if errors.Is(err, libsecp256k1.ErrNotFound) {
			continue
		}
		if !errors.Is(err, libsecp256k1.ErrMissingModule) {
			t.Fatalf("Open(%s): %v, want ErrMissingModule", name, err)
		}
		t.Log(err)
		return
	}
	t.Skip("no other shared library to try")
}

// TestVersion: the API level is one of the known releases (Debian
// bookworm's libsecp256k1-1 shows 0.2.0).
func TestVersion(t *testing.T) {
	l, err := libsecp256k1.Load()
	if err != nil {
		t.Skipf("no libsecp256k1: %v", err)
	}
	switch v := l.Version(); v {
	case "0.2.0", "0.4.0", "0.5.0", "0.6.0":
		t.Logf("%s: API of v%s", l.Path(), v)
	default:
		t.Fatalf("Version() = %q", v)
	}
}
