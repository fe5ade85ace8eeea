package bip32

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/race"
)

func readCSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// TestVectors derives every row of BIP-32's test vectors 1–4 from its
// seed, privately, and publicly where the path allows, and parses both
// strings back.
func TestVectors(t *testing.T) {
	rows := readCSV(t, "test_vectors.csv")
	if len(rows) != 17 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, r := range rows {
		seed, _ := hex.DecodeString(r[1])
		m, err := NewMaster(seed, Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		k, err := m.DerivePathString(r[2])
		if err != nil {
			t.Fatalf("vector %s %s: %v", r[0], r[2], err)
		}
		xprv, err := k.XPrv()
		if err != nil || xprv != r[4] {
			t.Errorf("vector %s %s: xprv %s, want %s", r[0], r[2], xprv, r[4])
		}
		if got := k.XPub(); got != r[3] {
			t.Errorf("vector %s %s: xpub %s, want %s", r[0], r[2], got, r[3])
		}
		// Public derivation of the last element from the parent's xpub.
		p, _ := ParsePath(r[2])
		if n := len(p.Indices); n > 0 && p.Indices[n-1] < HardenedOffset {
			parent, err := m.Derive(p.Indices[:n-1]...)
			if err != nil {
				t.Fatal(err)
			}
			pub := parent.Neuter()
			c, err := pub.Child(p.Indices[n-1])
			if err != nil || c.XPub() != r[3] {
				t.Errorf("vector %s %s: public derivation %s %v", r[0], r[2], c.XPub(), err)
			}
			if c.IsPrivate() {
				t.Error("public child is private")
			}
		}
		for _, s := range []string{r[3], r[4]} {
			x, err := ParseExtendedKey(s)
			if err != nil {
				t.Fatalf("parse %s: %v", s, err)
			}
			if x.IsPrivate() != (s == r[4]) {
				t.Errorf("parse %s: IsPrivate %v", s, x.IsPrivate())
			}
			if x.XPub() != r[3] || x.Depth() != k.Depth() || x.Index() != k.Index() || x.ParentFingerprint() != k.ParentFingerprint() {
				t.Errorf("parse %s: fields differ", s)
			}
			if x.IsPrivate() {
				if s2, _ := x.XPrv(); s2 != s {
					t.Errorf("re-serialize %s: %s", s, s2)
				}
			}
		}
	}
	t.Logf("%d rows", len(rows))
}

// TestInvalidKeys: every key of BIP-32's invalid list is rejected with the
// error of its reason.
func TestInvalidKeys(t *testing.T) {
	want := map[string]error{
		"pubkey version / prvkey mismatch":            ErrPubKeyVersionMismatch,
		"prvkey version / pubkey mismatch":            ErrPrvKeyVersionMismatch,
		"invalid pubkey prefix 04":                    ErrInvalidPubKeyPrefix,
		"invalid prvkey prefix 04":                    ErrInvalidPrivateKeyPrefix,
		"invalid pubkey prefix 01":                    ErrInvalidPubKeyPrefix,
		"invalid prvkey prefix 01":                    ErrInvalidPrivateKeyPrefix,
		"zero depth with non-zero parent fingerprint": ErrZeroDepthNonZeroParent,
		"zero depth with non-zero index":              ErrZeroDepthNonZeroIndex,
		"unknown extended key version":                ErrUnknownVersion,
		"private key 0 not in 1..n-1":                 ErrPrivateKeyOutOfRange,
		"private key n not in 1..n-1":                 ErrPrivateKeyOutOfRange,
		"invalid pubkey 020000000000000000000000000000000000000000000000000000000000000007": ErrInvalidPubKey,
		"invalid checksum": ErrChecksum,
	}
	rows := readCSV(t, "invalid_keys.csv")
	for _, r := range rows {
		w, ok := want[r[1]]
		if !ok {
			t.Errorf("reason %q has no expected error", r[1])
			continue
		}
		_, err := ParseExtendedKey(r[0])
		if !errors.Is(err, w) {
			t.Errorf("%s (%s): error %v, want %v", r[0], r[1], err, w)
		}
	}
	t.Logf("%d keys", len(rows))
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want error
	}{
		{"", ErrInvalidLength},
		{"xpub0", ErrBase58},
		{"xpub661MyMwAqRbc", ErrInvalidLength},
		{strings.Repeat("z", 121), ErrInvalidLength},
	} {
		if _, err := ParseExtendedKey(tc.s); !errors.Is(err, tc.want) {
			t.Errorf("%q: %v, want %v", tc.s, err, tc.want)
		}
	}
	// A valid tpub is rejected when only Mainnet is accepted.
	m, _ := NewMaster(bytes.Repeat([]byte{1}, 32), Testnet)
	tpub := m.XPub()
	if !strings.HasPrefix(tpub, "tpub") {
		t.Fatal(tpub)
	}
	if _, err := ParseExtendedKeyVersions(tpub, Mainnet); !errors.Is(err, ErrUnknownVersion) {
		t.Error(err)
	}
	if _, err := ParseExtendedKeyVersions(tpub, Testnet); err != nil {
		t.Error(err)
	}
}

func TestVersions(t *testing.T) {
	m, _ := NewMaster(bytes.Repeat([]byte{7}, 32), Mainnet)
	for _, tc := range []struct {
		v        Version
		prv, pub string
	}{
		{Mainnet, "xprv", "xpub"}, {Testnet, "tprv", "tpub"},
		{MainnetP2SH, "yprv", "ypub"}, {TestnetP2SH, "uprv", "upub"},
		{MainnetP2WPKH, "zprv", "zpub"}, {TestnetP2WPKH, "vprv", "vpub"},
	} {
		k, err := m.WithVersion(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := k.XPrv()
		if !strings.HasPrefix(s, tc.prv) || !strings.HasPrefix(k.XPub(), tc.pub) {
			t.Errorf("%s/%s: %s %s", tc.prv, tc.pub, s[:4], k.XPub()[:4])
		}
		x, err := ParseExtendedKey(s)
		if err != nil || x.Version() != tc.v {
			t.Errorf("%s: %v", tc.prv, err)
		}
	}
}

func TestSeedAndDerivationErrors(t *testing.T) {
	for _, n := range []int{0, 15, 65} {
		if _, err := NewMaster(make([]byte, n), Mainnet); !errors.Is(err, ErrInvalidSeedLength) {
			t.Errorf("seed %d bytes: %v", n, err)
		}
	}
	for _, n := range []int{16, 64} {
		if _, err := NewMaster(make([]byte, n), Mainnet); err != nil {
			t.Errorf("seed %d bytes: %v", n, err)
		}
	}
	m, _ := NewMaster(make([]byte, 32), Mainnet)
	pub := m.Neuter()
	if _, err := pub.Child(Hardened(0)); !errors.Is(err, ErrHardenedFromPublic) {
		t.Error(err)
	}
	if _, err := pub.XPrv(); !errors.Is(err, ErrNotPrivate) {
		t.Error(err)
	}
	if _, err := pub.PrivateKey(); !errors.Is(err, ErrNotPrivate) {
		t.Error(err)
	}
	var z ExtendedKey
	if _, err := z.Child(0); !errors.Is(err, ErrInvalidKey) {
		t.Error(err)
	}
	deep := m
	deep.depth = 255
	if _, err := deep.Child(0); !errors.Is(err, ErrMaxDepth) {
		t.Error(err)
	}
	c, _ := m.Child(3)
	if _, err := c.DerivePathString("m/0"); !errors.Is(err, ErrInvalidPath) {
		t.Error(err)
	}
	if _, err := c.DerivePathString("0/1'"); err != nil {
		t.Error(err)
	}
	// ChildVar on a private key equals Child then Neuter.
	a, _ := m.ChildVar(5)
	b, _ := m.Child(5)
	if a.IsPrivate() || a.XPub() != b.XPub() {
		t.Error("ChildVar on a private key")
	}
	// Private key and fingerprint agree with the root package.
	k, _ := b.PrivateKey()
	if pk, p2 := k.PublicKey(), b.PublicKey(); !pk.Equal(&p2) {
		t.Error("PrivateKey/PublicKey")
	}
	if b.ParentFingerprint() != m.Fingerprint() {
		t.Error("parent fingerprint")
	}
}

// TestInvalidChild: an IL ≥ n is reported as ErrInvalidChild. No known
// seed hits it; the check is exercised through the tweak it relies on.
func TestInvalidChildTweak(t *testing.T) {
	m, _ := NewMaster(make([]byte, 32), Mainnet)
	k, _ := m.PrivateKey()
	n, _ := hex.DecodeString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	if _, err := k.TweakAdd((*[32]byte)(n)); err == nil {
		t.Error("TweakAdd accepted n")
	}
}

func TestPath(t *testing.T) {
	for _, tc := range []struct {
		s    string
		abs  bool
		want []uint32
		str  string
	}{
		{"m", true, nil, "m"},
		{"m/0", true, []uint32{0}, "m/0"},
		{"m/86'/0h/0H/0/5", true, []uint32{Hardened(86), Hardened(0), Hardened(0), 0, 5}, "m/86'/0'/0'/0/5"},
		{"0/1'", false, []uint32{0, Hardened(1)}, "0/1'"},
		{"2147483647'", false, []uint32{0xffffffff}, "2147483647'"},
	} {
		p, err := ParsePath(tc.s)
		if err != nil {
			t.Errorf("%q: %v", tc.s, err)
			continue
		}
		if p.Absolute != tc.abs || fmt.Sprint(p.Indices) != fmt.Sprint(tc.want) || p.String() != tc.str {
			t.Errorf("%q: %+v %q", tc.s, p, p.String())
		}
	}
	for _, tc := range []struct{ s, elem string }{
		{"", "empty"}, {"m/", `element 1 ""`}, {"/0", `element 1 ""`}, {"m//0", `element 1 ""`},
		{"m/0/", `element 2 ""`}, {"m/2147483648", `"2147483648"`}, {"m/-1", `"-1"`}, {"m/+1", `"+1"`},
		{"m/1''", `"1''"`}, {"m/'", `"'"`}, {"M/0", `"M"`}, {"m/01", `"01"`}, {"m/ 1", `" 1"`},
		{"m/1x", `"1x"`}, {"m/0/99999999999999999999", `element 2`}, {"mm/0", `"mm"`},
		{strings.Repeat("0/", 255) + "0", "256 elements"},
	} {
		_, err := ParsePath(tc.s)
		if !errors.Is(err, ErrInvalidPath) || !strings.Contains(err.Error(), tc.elem) {
			t.Errorf("%q: %v (want mention of %s)", tc.s, err, tc.elem)
		}
	}
}

func TestBase58(t *testing.T) {
	for _, tc := range []struct{ hex, b58 string }{
		{"", ""},
		{"00", "1"},
		{"0000", "11"},
		{"61", "2g"},
		{"626262", "a3gV"},
		{"636363", "aPEr"},
		{"73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"},
		{"00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"},
		{"516b6fcd0f", "ABnLTmg"},
		{"bf4f89001e670274dd", "3SEo3LWLoPntC"},
		{"572e4794", "3EFU7m"},
		{"ecac89cad93923c02321", "EJDM8drfXA6uyA"},
		{"10c8511e", "Rt5zm"},
		{"00000000000000000000", "1111111111"},
	} {
		b, _ := hex.DecodeString(tc.hex)
		if got := string(base58Encode(nil, b)); got != tc.b58 {
			t.Errorf("encode %s: %s, want %s", tc.hex, got, tc.b58)
		}
		d, err := base58Decode(nil, tc.b58)
		if err != nil || !bytes.Equal(d, b) {
			t.Errorf("decode %s: %x %v", tc.b58, d, err)
		}
	}
	for _, s := range []string{"0", "O", "I", "l", "abc0", " 1", "1\x00", "é"} {
		if _, err := base58Decode(nil, s); !errors.Is(err, ErrBase58) {
			t.Errorf("decode %q: %v", s, err)
		}
	}
	// Long inputs take the heap path.
	long := bytes.Repeat([]byte{0xff, 0}, 200)
	d, err := base58Decode(nil, string(base58Encode(nil, long)))
	if err != nil || !bytes.Equal(d, long) {
		t.Error("long round trip")
	}
}

func TestRedaction(t *testing.T) {
	m, _ := NewMaster(bytes.Repeat([]byte{9}, 32), Mainnet)
	xprv, _ := m.XPrv()
	k, _ := m.PrivateKey()
	kb := k.Bytes()
	secrets := []string{xprv, hex.EncodeToString(kb[:]), fmt.Sprint(kb[:])}
	type holder struct {
		K  ExtendedKey
		KP *ExtendedKey
	}
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%q", "%d", "%T %v"} {
		outs = append(outs, fmt.Sprintf(verb, m), fmt.Sprintf(verb, &m), fmt.Sprintf(verb, holder{m, &m}), fmt.Sprintf(verb, []ExtendedKey{m}))
	}
	outs = append(outs, m.String(), m.GoString(), m.LogValue().String())
	for _, o := range outs {
		for _, s := range secrets {
			if strings.Contains(o, s) {
				t.Fatalf("secret printed: %s", o)
			}
		}
		if strings.Contains(o, "xprv") {
			t.Fatalf("xprv printed: %s", o)
		}
	}
	if !strings.Contains(fmt.Sprint(m), "REDACTED") {
		t.Error(fmt.Sprint(m))
	}
	if _, err := json.Marshal(holder{K: m}); !errors.Is(err, p256k1.ErrSecretNotSerializable) {
		t.Error(err)
	}
	if _, err := m.MarshalText(); !errors.Is(err, p256k1.ErrSecretNotSerializable) {
		t.Error(err)
	}
	if _, err := m.MarshalBinary(); !errors.Is(err, p256k1.ErrSecretNotSerializable) {
		t.Error(err)
	}
	// The refusal names the method that exists (XPrv), not a Bytes method
	// ExtendedKey does not have.
	for name, f := range map[string]func() ([]byte, error){"MarshalText": m.MarshalText, "MarshalJSON": m.MarshalJSON, "MarshalBinary": m.MarshalBinary} {
		if _, err := f(); err == nil || !strings.Contains(err.Error(), "XPrv method") || strings.Contains(err.Error(), "Bytes") {
			t.Errorf("%s refusal: %v; want it to name XPrv and no Bytes method", name, err)
		}
	}
	pub := m.Neuter()
	if fmt.Sprint(pub) != m.XPub() || pub.String() != m.XPub() {
		t.Error("public key should print its xpub")
	}
	j, err := json.Marshal(pub)
	if err != nil || string(j) != `"`+m.XPub()+`"` {
		t.Error(string(j), err)
	}
	m.Zero()
	if m.IsValid() {
		t.Error("Zero")
	}
}

func TestAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	m, _ := NewMaster(bytes.Repeat([]byte{3}, 32), Mainnet)
	pub := m.Neuter()
	seed := bytes.Repeat([]byte{4}, 32)
	for name, f := range map[string]func(){
		"private normal":   func() { m.Child(1) },
		"private hardened": func() { m.Child(Hardened(1)) },
		"public":           func() { pub.Child(1) },
		"master":           func() { NewMaster(seed, Mainnet) },
		"derive":           func() { m.Derive(Hardened(86), Hardened(0), Hardened(0), 0, 5) },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}
