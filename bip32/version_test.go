package bip32

import (
	"bytes"
	"errors"
	"testing"
)

// TestInvalidVersionRejected: NewMaster, NewPublicFromKey and WithVersion
// refuse, with ErrInvalidVersion, every version that ParseExtendedKey would
// not parse back (the zero Version{} first); every version they accept
// round-trips through ParseExtendedKey. Before the fix NewMaster(seed,
// Version{}) made a key that printed as "1111…" and did not parse.
func TestInvalidVersionRejected(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, 32)
	m, err := NewMaster(seed, Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	pub := m.PublicKey()
	bad := map[string]Version{
		"zero":         {},
		"zero public":  {Private: Mainnet.Private},
		"zero private": {Public: Mainnet.Public},
		"equal halves": {Private: Mainnet.Private, Public: Mainnet.Private},
		"unknown":      {Private: [4]byte{1, 2, 3, 4}, Public: [4]byte{5, 6, 7, 8}},
		"mixed":        {Private: Mainnet.Private, Public: Testnet.Public},
	}
	for name, v := range bad {
		if _, err := NewMaster(seed, v); !errors.Is(err, ErrInvalidVersion) {
			t.Errorf("NewMaster, %s version: error %v, want ErrInvalidVersion", name, err)
		}
		if _, err := NewPublicFromKey(&pub, MuSigChainCode, v); !errors.Is(err, ErrInvalidVersion) {
			t.Errorf("NewPublicFromKey, %s version: error %v, want ErrInvalidVersion", name, err)
		}
		if k, err := m.WithVersion(v); !errors.Is(err, ErrInvalidVersion) || k.IsValid() {
			t.Errorf("WithVersion, %s version: error %v, want ErrInvalidVersion", name, err)
		}
	}
	// The parsers refuse a malformed version among those they may accept
	// (a zero Version{} would accept a 00000000 prefix).
	xprv, _ := m.XPrv()
	for _, v := range []Version{{}, bad["zero public"], bad["equal halves"]} {
		if _, err := ParseExtendedKeyVersions(xprv, Mainnet, v); !errors.Is(err, ErrInvalidVersion) {
			t.Errorf("ParseExtendedKeyVersions with %x: error %v, want ErrInvalidVersion", v, err)
		}
		ser, _ := m.Serialize()
		if _, err := ParseSerialized(&ser, v); !errors.Is(err, ErrInvalidVersion) {
			t.Errorf("ParseSerialized with %x: error %v, want ErrInvalidVersion", v, err)
		}
	}
	var nilKey *ExtendedKey
	if _, err := nilKey.WithVersion(Mainnet); !errors.Is(err, ErrInvalidKey) {
		t.Errorf("WithVersion on a nil key: %v, want ErrInvalidKey", err)
	}
	// Every accepted version round-trips, private and public.
	for _, v := range KnownVersions {
		k, err := NewMaster(seed, v)
		if err != nil {
			t.Fatalf("NewMaster %x: %v", v, err)
		}
		s, _ := k.XPrv()
		if p, err := ParseExtendedKey(s); err != nil || p.Version() != v || !p.IsPrivate() {
			t.Errorf("%x: xprv %s does not parse back: %v", v, s, err)
		}
		if p, err := ParseExtendedKey(k.XPub()); err != nil || p.Version() != v || p.IsPrivate() {
			t.Errorf("%x: xpub %s does not parse back: %v", v, k.XPub(), err)
		}
		x, err := NewPublicFromKey(&pub, MuSigChainCode, v)
		if err != nil {
			t.Fatalf("NewPublicFromKey %x: %v", v, err)
		}
		if _, err := ParseExtendedKey(x.XPub()); err != nil {
			t.Errorf("%x: NewPublicFromKey's xpub does not parse back: %v", v, err)
		}
	}
	// Another network's version is accepted once added to KnownVersions.
	ltc := Version{Private: [4]byte{0x01, 0x9d, 0x9c, 0xfe}, Public: [4]byte{0x01, 0x9d, 0xa4, 0x62}}
	if _, err := NewMaster(seed, ltc); !errors.Is(err, ErrInvalidVersion) {
		t.Fatalf("unregistered version: %v", err)
	}
	saved := KnownVersions
	KnownVersions = append(append([]Version(nil), saved...), ltc)
	defer func() { KnownVersions = saved }()
	k, err := NewMaster(seed, ltc)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := k.XPrv()
	if p, err := ParseExtendedKey(s); err != nil || p.Version() != ltc {
		t.Errorf("registered version does not round-trip: %v", err)
	}
}
