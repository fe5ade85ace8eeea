package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

// base58Decode decodes Bitcoin's base58 (no checksum check); test only.
func base58Decode(t *testing.T, s string) []byte {
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	n := new(big.Int)
	for _, c := range s {
		i := strings.IndexRune(alphabet, c)
		if i < 0 {
			t.Fatalf("bad base58 %q", s)
		}
		n.Mul(n, big.NewInt(58)).Add(n, big.NewInt(int64(i)))
	}
	out := n.Bytes()
	for _, c := range s {
		if c != '1' {
			break
		}
		out = append([]byte{0}, out...)
	}
	return out
}

// bitcoinMessageHash is Bitcoin Core's message hash: double SHA-256 of
// "\x18Bitcoin Signed Message:\n" ‖ varint(len) ‖ msg (len < 253 here).
func bitcoinMessageHash(msg string) [32]byte {
	b := append([]byte("\x18Bitcoin Signed Message:\n"), byte(len(msg)))
	b = append(b, msg...)
	h := sha256.Sum256(b)
	return sha256.Sum256(h[:])
}

// TestBIP137Vectors checks published BIP-137 signatures with the segwit
// headers (btclib's test_bms.py, test_segwit: the same key and message
// signed for its P2PKH, P2SH-P2WPKH and P2WPKH addresses, headers 32, 36
// and 40): each parses with the right address type and recovery id,
// recovers the WIF's key, and is what SignRecoverable + SerializeBIP137
// produce (RFC 6979, as Bitcoin Core and Electrum).
func TestBIP137Vectors(t *testing.T) {
	wif := base58Decode(t, "L4xAvhKR35zFcamyHME2ZHfhw5DEyeJvEMovQHQ7DttPTM8NLWCK")
	if len(wif) != 38 || wif[0] != 0x80 || wif[33] != 1 {
		t.Fatalf("WIF decodes to %x", wif)
	}
	if c := sha256.Sum256(wif[:34]); true {
		c = sha256.Sum256(c[:])
		if !bytes.Equal(c[:4], wif[34:]) {
			t.Fatal("WIF checksum")
		}
	}
	key, err := p256k1.NewPrivateKey(wif[1:33])
	if err != nil {
		t.Fatal(err)
	}
	pub := key.PublicKey()
	hash := bitcoinMessageHash("test")
	rs, err := SignRecoverable(&key, &hash)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []struct {
		sig    string
		header byte
		typ    BitcoinAddressType
	}{
		{"IBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=", 32, AddressP2PKH},
		{"JBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=", 36, AddressP2SHP2WPKH},
		{"KBFyn+h9m3pWYbB4fBFKlRzBD4eJKojgCIZSNdhLKKHPSV2/WkeV7R7IOI0dpo3uGAEpCz9eepXLrA5kF35MXuU=", 40, AddressP2WPKH},
	} {
		raw, err := base64.StdEncoding.DecodeString(v.sig)
		if err != nil || len(raw) != BitcoinCompactSize || raw[0] != v.header {
			t.Fatalf("%s: decode %x %v", v.typ, raw, err)
		}
		b := (*[BitcoinCompactSize]byte)(raw)
		got, typ, err := ParseBIP137(b)
		if err != nil || typ != v.typ || got.RecoveryID() != 1 {
			t.Errorf("%s: ParseBIP137 = recid %d, %v, %v", v.typ, got.RecoveryID(), typ, err)
			continue
		}
		_, comp, err := ParseBitcoinCompact(b)
		if err != nil || !comp {
			t.Errorf("%s: ParseBitcoinCompact compressed %v, %v", v.typ, comp, err)
		}
		q, err := RecoverPublicKey(&hash, &got)
		if err != nil || q != pub {
			t.Errorf("%s: recovered %x, %v", v.typ, q.SerializeCompressed(), err)
		}
		if mine := rs.SerializeBIP137(v.typ); mine != *b {
			t.Errorf("%s: SerializeBIP137 = %x, want %x", v.typ, mine, raw)
		}
	}
	if rs.SerializeBitcoinCompact(false)[0] != 28 || rs.SerializeBitcoinCompact(true)[0] != 32 {
		t.Error("SerializeBitcoinCompact headers")
	}
	if rs.SerializeBIP137(AddressP2WPKH+1) != [BitcoinCompactSize]byte{} {
		t.Error("SerializeBIP137 of an unknown type is not all zero")
	}
	for typ, want := range []string{"p2pkh-uncompressed", "p2pkh", "p2sh-p2wpkh", "p2wpkh", "BitcoinAddressType(4)"} {
		if got := BitcoinAddressType(typ).String(); got != want {
			t.Errorf("String(%d) = %q", typ, got)
		}
	}
}

// TestParseRecoverableZero: r = 0 or s = 0 parses (as
// secp256k1_ecdsa_recoverable_signature_parse_compact accepts it) and fails
// at recovery with ErrRecoveryFailed, and as a Signature never verifies;
// the same through ParseBitcoinCompact and ParseBIP137.
func TestParseRecoverableZero(t *testing.T) {
	key, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{3}, 32))
	pub := key.PublicKey()
	hash := sha256.Sum256([]byte("zero"))
	for _, c := range []struct{ r, s byte }{{0, 1}, {1, 0}, {0, 0}} {
		var b [CompactSize]byte
		b[31], b[63] = c.r, c.s
		for recid := range 4 {
			rs, err := ParseRecoverable(&b, recid)
			if err != nil {
				t.Fatalf("r=%d s=%d recid %d: %v", c.r, c.s, recid, err)
			}
			if got, id := rs.SerializeCompact(); got != b || id != recid {
				t.Errorf("r=%d s=%d: round trip", c.r, c.s)
			}
			if _, err := RecoverPublicKey(&hash, &rs); !errors.Is(err, ErrRecoveryFailed) {
				t.Errorf("r=%d s=%d recid %d: RecoverPublicKey err %v", c.r, c.s, recid, err)
			}
			sig := rs.Signature()
			if Verify(&pub, &hash, &sig) {
				t.Errorf("r=%d s=%d: verifies", c.r, c.s)
			}
			var bc [BitcoinCompactSize]byte
			bc[0] = byte(27 + recid + 4*(recid%2))
			copy(bc[1:], b[:])
			if got, _, err := ParseBitcoinCompact(&bc); err != nil || got != rs {
				t.Errorf("r=%d s=%d: ParseBitcoinCompact %v", c.r, c.s, err)
			}
			bc[0] = byte(35 + recid + 4*(recid/2)) // 35, 36, 41, 42
			if got, typ, err := ParseBIP137(&bc); err != nil || got != rs || !typ.Compressed() {
				t.Errorf("r=%d s=%d: ParseBIP137 %v", c.r, c.s, err)
			}
		}
	}
	// ParseCompact (no recovery id) still rejects zero, as documented.
	var b [CompactSize]byte
	b[63] = 1
	if _, err := ParseCompact(&b); !errors.Is(err, ErrInvalidSignature) {
		t.Errorf("ParseCompact r=0: %v", err)
	}
}
