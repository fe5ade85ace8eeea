package bip32

import (
	"bytes"
	"errors"
	"testing"
)

func FuzzParseExtendedKey(f *testing.F) {
	f.Add("xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi")
	f.Add("xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8")
	f.Add("xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6Q5JXayek4PRsn35jii4veMimro1xefsM58PgBMrvdYre8QyULY")
	f.Add("")
	f.Add("1111")
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseExtendedKey(s)
		if err != nil {
			return
		}
		var out string
		if x.IsPrivate() {
			out, _ = x.XPrv()
		} else {
			out = x.XPub()
		}
		if out != s {
			t.Fatalf("accepted %q, re-serialized %q", s, out)
		}
		if _, err := x.ChildVar(0); err != nil && !errors.Is(err, ErrInvalidChild) && !errors.Is(err, ErrMaxDepth) {
			t.Fatal(err)
		}
	})
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"m", "m/0", "m/86'/0h/0H/0/5", "0/1", "m/2147483648", "m//", "01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePath(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidPath) {
				t.Fatal(err)
			}
			return
		}
		// The canonical form parses to the same path.
		q, err := ParsePath(p.String())
		if err != nil || q.Absolute != p.Absolute || len(q.Indices) != len(p.Indices) {
			t.Fatalf("%q → %q: %v", s, p.String(), err)
		}
		for i := range p.Indices {
			if p.Indices[i] != q.Indices[i] {
				t.Fatalf("%q → %q", s, p.String())
			}
		}
	})
}

func FuzzBase58(f *testing.F) {
	f.Add([]byte{}, "")
	f.Add([]byte{0, 0, 1, 2, 255}, "1112")
	f.Fuzz(func(t *testing.T, b []byte, s string) {
		e := base58Encode(nil, b)
		d, err := base58Decode(nil, string(e))
		if err != nil || !bytes.Equal(d, b) {
			t.Fatalf("%x → %s → %x %v", b, e, d, err)
		}
		if d, err := base58Decode(nil, s); err == nil {
			if e := base58Encode(nil, d); string(e) != s {
				t.Fatalf("%q → %x → %q", s, d, e)
			}
		}
	})
}

// FuzzParseSerialized: ParseSerialized never panics; over any 78 bytes and
// any version pair it gives the same result and error as
// ParseExtendedKeyVersions on the bytes' Base58Check string (the two
// front ends share one parser and must stay so); ErrInvalidVersion comes
// exactly from an ill-formed pair; no versions means KnownVersions; and
// what it accepts serializes back to the same 78 bytes.
func FuzzParseSerialized(f *testing.F) {
	for _, s := range []string{
		"xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi",
		"xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8",
	} {
		x, err := ParseExtendedKey(s)
		if err != nil {
			f.Fatal(err)
		}
		b, err := x.Serialize()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:], Mainnet.Private[:], Mainnet.Public[:], true)
		f.Add(b[:], Testnet.Private[:], Testnet.Public[:], false)
		f.Add(b[:], Mainnet.Private[:], Mainnet.Private[:], false)
		f.Add(b[:], []byte{}, Mainnet.Public[:], false)
	}
	f.Fuzz(func(t *testing.T, in, prv, pub []byte, known bool) {
		var b [78]byte
		copy(b[:], in)
		var v Version
		copy(v.Private[:], prv)
		copy(v.Public[:], pub)
		versions := []Version{v}
		if known {
			versions = KnownVersions
		}
		x, err := ParseSerialized(&b, versions...)
		if known {
			y, yerr := ParseSerialized(&b)
			if !errors.Is(yerr, err) || !errors.Is(err, yerr) || !sameKey(&x, &y) {
				t.Fatalf("no versions: %v, KnownVersions: %v", yerr, err)
			}
		} else if errors.Is(err, ErrInvalidVersion) == v.wellFormed() {
			t.Fatalf("version %x: %v", v, err)
		}
		y, yerr := ParseExtendedKeyVersions(encodeCheck(&b), versions...)
		if !errors.Is(yerr, err) || !errors.Is(err, yerr) || !sameKey(&x, &y) {
			t.Fatalf("ParseSerialized %v, ParseExtendedKeyVersions %v", err, yerr)
		}
		if err != nil {
			return
		}
		if out, serr := x.Serialize(); serr != nil || out != b {
			t.Fatalf("accepted %x, re-serialized %x (%v)", b, out, serr)
		}
	})
}

// sameKey reports whether x and y are both invalid or serialize alike.
func sameKey(x, y *ExtendedKey) bool {
	if x.IsValid() != y.IsValid() {
		return false
	}
	if !x.IsValid() {
		return true
	}
	a, _ := x.Serialize()
	b, _ := y.Serialize()
	return a == b
}
