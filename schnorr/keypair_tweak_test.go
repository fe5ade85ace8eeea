package schnorr

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"testing"

	"github.com/p256k1/p256k1"
)

// TestKeypairTweakAddXOnly checks Keypair.TweakAddXOnly against the
// route it replaces (PrivateKey.TweakAddXOnly, then NewKeypair) and
// against XOnlyPublicKey.TweakAdd / TweakAddCheck: same public key and
// parity, same signatures.
func TestKeypairTweakAddXOnly(t *testing.T) {
	aux := [32]byte{1}
	msg := []byte("taproot key path")
	for i := range 24 {
		kb := sha256.Sum256(fmt.Appendf(nil, "key %d", i))
		k, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			t.Fatal(err)
		}
		tw := sha256.Sum256(fmt.Appendf(nil, "tweak %d", i))
		if i == 0 {
			tw = [32]byte{} // the zero tweak leaves the key (as its even-Y form)
		}
		kp, _ := NewKeypair(&k)
		got, err := kp.TweakAddXOnly(&tw)
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		wk, err := k.TweakAddXOnly(&tw)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := NewKeypair(&wk)
		gx, wx := got.XOnlyPublicKey(), want.XOnlyPublicKey()
		if !gx.Equal(&wx) {
			t.Errorf("%d: x-only key differs", i)
		}
		x := kp.XOnlyPublicKey()
		q, err := x.TweakAdd(&tw)
		if err != nil || got.PublicKey() != q {
			t.Errorf("%d: PublicKey is not P + t·G with its parity (%v)", i, err)
		}
		qx, parity := q.XOnly()
		qb := qx.Bytes()
		if !x.TweakAddCheck(&qb, parity, &tw) {
			t.Errorf("%d: TweakAddCheck rejects the result", i)
		}
		s1, err1 := SignKeypair(&got, msg, &aux)
		s2, err2 := SignKeypair(&want, msg, &aux)
		if err1 != nil || err2 != nil || s1 != s2 || !Verify(&gx, msg, &s1) {
			t.Errorf("%d: signatures differ or fail (%v, %v)", i, err1, err2)
		}
		if i == 0 && !gx.Equal(&x) {
			t.Error("zero tweak changed the key")
		}
	}
}

// TestKeypairTweakAddXOnlyErrors: a tweak ≥ n or nil, a tweak that cancels
// the key (Q at infinity), and a zero or nil keypair.
func TestKeypairTweakAddXOnlyErrors(t *testing.T) {
	kb := sha256.Sum256([]byte("errors"))
	k, _ := p256k1.NewPrivateKey(kb[:])
	kp, _ := NewKeypair(&k)
	n := [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41}
	even := k
	if pub := k.PublicKey(); pub.SerializeCompressed()[0] == 3 {
		even = k.Negate()
	}
	cancel := even.Negate()
	cb := cancel.Bytes()
	for name, tw := range map[string]*[32]byte{"t = n": &n, "nil": nil, "t = −d": &cb} {
		if r, err := kp.TweakAddXOnly(tw); !errors.Is(err, p256k1.ErrInvalidTweak) || r.IsValid() {
			t.Errorf("%s: %v", name, err)
		}
	}
	var zero Keypair
	var nilKp *Keypair
	one := [32]byte{31: 1}
	for name, p := range map[string]*Keypair{"zero": &zero, "nil": nilKp} {
		if _, err := p.TweakAddXOnly(&one); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
			t.Errorf("%s keypair: %v", name, err)
		}
	}
}

func TestKeypairTweakAddXOnlyAllocs(t *testing.T) {
	kb := sha256.Sum256([]byte("allocs"))
	k, _ := p256k1.NewPrivateKey(kb[:])
	kp, _ := NewKeypair(&k)
	tw := sha256.Sum256([]byte("tweak"))
	if n := testing.AllocsPerRun(20, func() { kp.TweakAddXOnly(&tw) }); n != 0 {
		t.Errorf("Keypair.TweakAddXOnly: %v allocations", n)
	}
}

// BenchmarkTweakAddXOnly compares the tweaked keypair from a Keypair with
// the route that recomputes d·G (PrivateKey.TweakAddXOnly then NewKeypair),
// and PrivateKey.TweakAddXOnly alone (secret key only).
func BenchmarkTweakAddXOnly(b *testing.B) {
	kb := sha256.Sum256([]byte("bench"))
	k, _ := p256k1.NewPrivateKey(kb[:])
	kp, _ := NewKeypair(&k)
	tw := sha256.Sum256([]byte("tweak"))
	b.Run("Keypair", func(b *testing.B) {
		for b.Loop() {
			kp.TweakAddXOnly(&tw)
		}
	})
	b.Run("PrivateKeyThenNewKeypair", func(b *testing.B) {
		for b.Loop() {
			r, _ := k.TweakAddXOnly(&tw)
			NewKeypair(&r)
		}
	})
	b.Run("PrivateKeyOnly", func(b *testing.B) {
		for b.Loop() {
			k.TweakAddXOnly(&tw)
		}
	})
}
