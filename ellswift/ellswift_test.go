package ellswift

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"os"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/tagged"
)

func readCSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var rows []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		rows = append(rows, m)
	}
	return rows
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeVectors checks every row of BIP-324's
// ellswift_decode_test_vectors.csv, and that Decode's point has DecodeX's X
// and the parity of t.
func TestDecodeVectors(t *testing.T) {
	rows := readCSV(t, "ellswift_decode_test_vectors.csv")
	if len(rows) != 76 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		var enc [64]byte
		copy(enc[:], unhex(t, r["ellswift"]))
		x := DecodeX(&enc)
		if hex.EncodeToString(x[:]) != r["x"] {
			t.Errorf("row %d (%s): x = %x, want %s", i, r["comment"], x, r["x"])
		}
		pub := Decode(&enc)
		c := pub.SerializeCompressed()
		if !bytes.Equal(c[1:], x[:]) {
			t.Errorf("row %d: Decode X differs", i)
		}
		var tt fe
		tt.SetBytes((*[32]byte)(enc[32:]))
		tt.NormalizeVar()
		if c[0] != 0x02|byte(tt.IsOdd()) {
			t.Errorf("row %d: Y parity is not t's", i)
		}
	}
}

// TestInverseVectors checks every (u, x, case) of BIP-324's
// xswiftec_inv_test_vectors.csv: the expected t, or no inverse.
func TestInverseVectors(t *testing.T) {
	rows := readCSV(t, "xswiftec_inv_test_vectors.csv")
	if len(rows) != 32 {
		t.Fatalf("%d rows", len(rows))
	}
	n, none := 0, 0
	for i, r := range rows {
		var u, x fe
		u.SetBytes((*[32]byte)(unhex(t, r["u"])))
		x.SetBytes((*[32]byte)(unhex(t, r["x"])))
		for c := 0; c < 8; c++ {
			want := r["case"+string(rune('0'+c))+"_t"]
			var tt fe
			ok := xswiftecInv(&tt, &x, &u, c)
			if want == "" {
				none++
				if ok {
					t.Errorf("row %d case %d: found an inverse, want none (%s)", i, c, r["comment"])
				}
				continue
			}
			n++
			if !ok {
				t.Errorf("row %d case %d: no inverse, want %s (%s)", i, c, want, r["comment"])
				continue
			}
			var b [32]byte
			tt.Bytes(&b)
			if hex.EncodeToString(b[:]) != want {
				t.Errorf("row %d case %d: t = %x, want %s", i, c, b, want)
			}
			// And the forward map takes (u, t) back to x.
			var x2 fe
			xswiftec(&x2, &u, &tt)
			if !x2.EqualVar(x.NormalizeVar()) {
				t.Errorf("row %d case %d: xswiftec(u, t) != x", i, c)
			}
		}
	}
	t.Logf("%d inverses, %d cases without one", n, none)
}

func key(t testing.TB, b byte) p256k1.PrivateKey {
	var kb [32]byte
	kb[31] = b
	kb[0] = 0x5a
	k, err := p256k1.NewPrivateKey(kb[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestEncodeRoundTrip(t *testing.T) {
	for i := 0; i < 64; i++ {
		k := key(t, byte(i))
		pub := k.PublicKey()
		var rnd [32]byte
		rnd[0] = byte(i)
		enc, err := Encode(&pub, &rnd)
		if err != nil {
			t.Fatal(err)
		}
		got := Decode(&enc)
		if !got.Equal(&pub) {
			t.Fatalf("%d: Decode(Encode(P)) != P", i)
		}
		enc2, _ := Encode(&pub, &rnd)
		if enc2 != enc {
			t.Fatal("Encode is not deterministic in rnd32")
		}
		enc3, err := Encode(&pub, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := Decode(&enc3); !got.Equal(&pub) || enc3 == enc {
			t.Fatal("Encode with crypto/rand")
		}
		c, err := Create(&k, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := Decode(&c); !got.Equal(&pub) {
			t.Fatalf("%d: Decode(Create(k)) != k·G", i)
		}
		c2, _ := Create(&k, &rnd)
		if got := Decode(&c2); !got.Equal(&pub) || c2 == c {
			t.Fatalf("%d: Create with aux", i)
		}
	}
}

// TestXDHRoles: a swapped call (ours and theirs exchanged, or the wrong
// party) fails with ErrNotOurs instead of giving a secret the peer does not
// share, for XDHBIP324 and XDH alike; nil encodings and another party are
// errors, not panics.
func TestXDHRoles(t *testing.T) {
	a, b := key(t, 3), key(t, 4)
	ea, _ := Create(&a, nil)
	eb, _ := Create(&b, nil)
	for _, c := range []struct {
		name         string
		priv         *p256k1.PrivateKey
		ours, theirs *[64]byte
		initiating   bool
	}{
		{"ours and theirs swapped (initiator)", &a, &eb, &ea, true},
		{"ours and theirs swapped (responder)", &a, &eb, &ea, false},
		{"libsecp256k1's order (initiator's first), as the responder", &b, &ea, &eb, false},
		{"the peer's encoding twice", &a, &eb, &eb, true},
	} {
		if s, err := XDHBIP324(c.priv, c.ours, c.theirs, c.initiating); !errors.Is(err, ErrNotOurs) {
			t.Errorf("%s: XDHBIP324 = %x, %v; want ErrNotOurs", c.name, s, err)
		}
	}
	id := func(x32 [32]byte, _, _ *[64]byte) ([32]byte, error) { return x32, nil }
	if s, err := XDH(&a, &ea, &eb, PartyB, id); !errors.Is(err, ErrNotOurs) {
		t.Errorf("XDH with the wrong party = %x, %v; want ErrNotOurs", s, err)
	}
	if _, err := XDH(&a, &ea, &eb, Party(2), id); !errors.Is(err, ErrParty) {
		t.Errorf("XDH with party 2: %v, want ErrParty", err)
	}
	for _, c := range []struct{ ours, theirs *[64]byte }{{nil, &eb}, {&ea, nil}, {nil, nil}} {
		for _, initiating := range []bool{true, false} {
			if _, err := XDHBIP324(&a, c.ours, c.theirs, initiating); !errors.Is(err, p256k1.ErrNilArgument) {
				t.Errorf("XDHBIP324 with a nil encoding: %v, want ErrNilArgument", err)
			}
		}
	}
	// The right roles agree, and an encoding of −priv·G (same X) counts as ours.
	sa, err1 := XDHBIP324(&a, &ea, &eb, true)
	sb, err2 := XDHBIP324(&b, &eb, &ea, false)
	if err1 != nil || err2 != nil || sa != sb {
		t.Fatalf("XDHBIP324: %v %v, equal %v", err1, err2, sa == sb)
	}
	pa := a.PublicKey()
	neg := pa.Negate()
	en, _ := Encode(&neg, nil)
	if _, err := XDHBIP324(&a, &en, &eb, true); err != nil {
		t.Errorf("an encoding of −priv·G: %v", err)
	}
}

func TestXDH(t *testing.T) {
	for i := 0; i < 16; i++ {
		a, b := key(t, byte(2*i)), key(t, byte(2*i+1))
		ea, _ := Create(&a, nil)
		eb, _ := Create(&b, nil)
		sa, err := XDHBIP324(&a, &ea, &eb, true)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := XDHBIP324(&b, &eb, &ea, false)
		if err != nil {
			t.Fatal(err)
		}
		if sa != sb {
			t.Fatal("XDH secrets differ")
		}
		// The x coordinate equals the full ECDH one.
		x, _ := XDH(&a, &ea, &eb, PartyA, func(x32 [32]byte, _, _ *[64]byte) ([32]byte, error) { return x32, nil })
		pb := b.PublicKey()
		var q group.Affine
		point.Load(&q, &pb)
		pa := a.PublicKey()
		want := sharedXRef(t, &b, &pa)
		if x != want {
			t.Fatal("XDH x differs from the ECDH x")
		}
	}
	var a p256k1.PrivateKey
	var e [64]byte
	if _, err := XDHBIP324(&a, &e, &e, true); err != p256k1.ErrInvalidPrivateKey {
		t.Fatal(err)
	}
	if _, err := XDHBIP324(nil, &e, &e, true); err != p256k1.ErrInvalidPrivateKey {
		t.Fatal(err)
	}
	k := key(t, 1)
	if _, err := XDH(&k, &e, &e, PartyA, nil); err != ErrNilHash {
		t.Fatal(err)
	}
	if _, err := Create(&a, nil); err != p256k1.ErrInvalidPrivateKey {
		t.Fatal(err)
	}
	var pz p256k1.PublicKey
	if _, err := Encode(&pz, nil); err != p256k1.ErrInvalidPublicKey {
		t.Fatal(err)
	}
}

// sharedXRef is x(k·P) through TweakMul, a different code path.
func sharedXRef(t *testing.T, k *p256k1.PrivateKey, p *p256k1.PublicKey) [32]byte {
	kb := k.Bytes()
	r, err := p.TweakMul(&kb)
	if err != nil {
		t.Fatal(err)
	}
	c := r.SerializeCompressed()
	return [32]byte(c[1:])
}

func TestXDHAllocs(t *testing.T) {
	a, b := key(t, 1), key(t, 2)
	ea, _ := Create(&a, nil)
	eb, _ := Create(&b, nil)
	n := testing.AllocsPerRun(10, func() { XDHBIP324(&a, &ea, &eb, true) })
	if n != 0 {
		t.Errorf("XDHBIP324 allocates %v", n)
	}
	n = testing.AllocsPerRun(10, func() { DecodeX(&ea) })
	if n != 0 {
		t.Errorf("DecodeX allocates %v", n)
	}
}

// TestTagMidstates compares the tags' midstates with the constants
// libsecp256k1's ellswift module hard-codes.
func TestTagMidstates(t *testing.T) {
	for _, c := range []struct {
		tag  *tagged.Tag
		want [8]uint32
	}{
		{&tagEncode, [8]uint32{0xd1a6524b, 0x028594b3, 0x96e42f4e, 0x1037a177, 0x1b8fcb8b, 0x56023885, 0x2560ede1, 0xd626b715}},
		{&tagCreate, [8]uint32{0xd29e1bf5, 0xf7025f42, 0x9b024773, 0x094cb7d5, 0xe59ed789, 0x03bc9786, 0x68335b35, 0x4e363b53}},
		{&tagXDH, [8]uint32{0x8c12d730, 0x827bd392, 0x9e4fb2ee, 0x207b373e, 0x2292bd7a, 0xaa5441bc, 0x15c3779f, 0xcfb52549}},
	} {
		if got := c.tag.Midstate(); got != c.want {
			t.Errorf("midstate %08x, want %08x", got, c.want)
		}
	}
}
