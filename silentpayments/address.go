package silentpayments

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/bech32"
	"github.com/p256k1/p256k1/internal/tagged"
)

// Errors of address encoding and decoding.
var (
	// ErrAddressEncoding: not a Bech32m string (bad characters, mixed case,
	// wrong checksum, over 1023 characters).
	ErrAddressEncoding = errors.New("silentpayments: address is not a valid Bech32m string")
	// ErrAddressHRP: the human-readable part is neither "sp" nor "tsp".
	ErrAddressHRP = errors.New("silentpayments: address prefix is neither sp (mainnet) nor tsp (testnet)")
	// ErrAddressVersion: version 31 (reserved for a backwards-incompatible
	// change) or a character that is not a version.
	ErrAddressVersion = errors.New("silentpayments: unsupported address version")
	// ErrAddressLength: version 0 with a payload other than 66 bytes, or a
	// later version with fewer than 66.
	ErrAddressLength = errors.New("silentpayments: address payload has the wrong length")
	// ErrAddressKey: the scan or spend key is not a valid compressed key.
	ErrAddressKey = errors.New("silentpayments: address holds an invalid public key")
)

// maxAddressLen is BIP-352's limit on the length of an address string.
const maxAddressLen = 1023

// Address is a silent-payment address: the receiver's scan key and its
// (possibly labelled) spend key.
type Address struct {
	Scan    p256k1.PublicKey // B_scan
	Spend   p256k1.PublicKey // B_spend, or B_m = B_spend + label·G
	Testnet bool             // tsp rather than sp
	// Version is the address version (0 today). ParseAddress accepts
	// versions 1–30 as the BIP asks (forward compatibility: the first 66
	// bytes are the keys, the rest is ignored) and reports them here;
	// String writes Version as given.
	Version byte
}

// String encodes a as Bech32m: "sp1" (or "tsp1"), the version character,
// then the two 33-byte compressed keys. Variable time (public data).
func (a Address) String() string {
	hrp := "sp"
	if a.Testnet {
		hrp = "tsp"
	}
	var payload [66]byte
	scan := a.Scan.SerializeCompressed()
	spend := a.Spend.SerializeCompressed()
	copy(payload[:33], scan[:])
	copy(payload[33:], spend[:])
	five, _ := bech32.ConvertBits(payload[:], 8, 5, true)
	s, _ := bech32.Encode(hrp, append([]byte{a.Version & 31}, five...), bech32.Bech32m)
	return s
}

// ParseAddress decodes a silent-payment address. Each failure has its own
// error (ErrAddressEncoding, ErrAddressHRP, ErrAddressVersion,
// ErrAddressLength, ErrAddressKey). Variable time (public data).
func ParseAddress(s string) (Address, error) {
	hrp, data, err := bech32.Decode(s, maxAddressLen, bech32.Bech32m)
	if err != nil {
		return Address{}, fmt.Errorf("%w: %w", ErrAddressEncoding, err)
	}
	var a Address
	switch hrp {
	case "sp":
	case "tsp":
		a.Testnet = true
	default:
		return Address{}, ErrAddressHRP
	}
	if len(data) < 1 || data[0] == 31 {
		return Address{}, ErrAddressVersion
	}
	a.Version = data[0]
	payload, err := bech32.ConvertBits(data[1:], 5, 8, false)
	if err != nil {
		return Address{}, fmt.Errorf("%w: %w", ErrAddressEncoding, err)
	}
	if len(payload) < 66 || (a.Version == 0 && len(payload) != 66) {
		return Address{}, ErrAddressLength
	}
	if a.Scan, err = parseCompressed(payload[:33]); err != nil {
		return Address{}, ErrAddressKey
	}
	if a.Spend, err = parseCompressed(payload[33:66]); err != nil {
		return Address{}, ErrAddressKey
	}
	return a, nil
}

func parseCompressed(b []byte) (p256k1.PublicKey, error) {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return p256k1.PublicKey{}, p256k1.ErrInvalidPublicKey
	}
	return p256k1.ParsePublicKey(b)
}

var tagLabel = tagged.New("BIP0352/Label")

// LabelTweak returns the tweak of label m: hash_BIP0352/Label(ser256(b_scan)
// ‖ ser32(m)). Label 0 is reserved for change. The tweak is derived from the
// scan secret key; constant time in it.
func LabelTweak(scan *p256k1.PrivateKey, m uint32) ([32]byte, error) {
	if scan == nil || !scan.IsValid() {
		return [32]byte{}, p256k1.ErrInvalidPrivateKey
	}
	b := scan.Bytes()
	defer clear(b[:])
	var mb [4]byte
	binary.BigEndian.PutUint32(mb[:], m)
	var out [32]byte
	tagLabel.Sum(&out, b[:], mb[:])
	return out, nil
}

// NewAddress returns the address of the scan secret key and the spend
// public key, unlabelled when label is nil, else labelled with *label
// (B_m = B_spend + LabelTweak(scan, m)·G). Constant time in the scan key.
func NewAddress(scan *p256k1.PrivateKey, spend *p256k1.PublicKey, label *uint32, testnet bool) (Address, error) {
	if scan == nil || !scan.IsValid() {
		return Address{}, p256k1.ErrInvalidPrivateKey
	}
	if spend == nil || !spend.IsValid() {
		return Address{}, p256k1.ErrInvalidPublicKey
	}
	a := Address{Scan: scan.PublicKey(), Spend: *spend, Testnet: testnet}
	if label != nil {
		t, err := LabelTweak(scan, *label)
		if err != nil {
			return Address{}, err
		}
		if a.Spend, err = spend.TweakAdd(&t); err != nil {
			return Address{}, err
		}
	}
	return a, nil
}
