// Package bech32 encodes and decodes Bech32 (BIP-173) and Bech32m (BIP-350)
// strings: a human-readable part, the separator '1', data in a 32-character
// alphabet, and a six-character checksum. Silent-payment addresses (BIP-352)
// are Bech32m strings longer than BIP-173's 90-character limit, so the
// limit is the caller's.
//
// Everything here handles public data and runs in variable time.
package bech32

import (
	"errors"
	"strings"
)

// Variant selects the checksum constant.
type Variant uint32

const (
	// Bech32 is BIP-173's checksum (constant 1), used by segwit v0 addresses.
	Bech32 Variant = 1
	// Bech32m is BIP-350's checksum (constant 0x2bc830a3), used by segwit
	// v1+ and silent-payment addresses.
	Bech32m Variant = 0x2bc830a3
)

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// Errors returned by Decode, each naming what is wrong with the string.
var (
	ErrLength     = errors.New("bech32: string too long or too short")
	ErrMixedCase  = errors.New("bech32: mixed upper and lower case")
	ErrSeparator  = errors.New("bech32: no separator '1', or an empty human-readable part, or a data part under 6 characters")
	ErrCharacter  = errors.New("bech32: character outside the Bech32 alphabet or the printable ASCII range")
	ErrChecksum   = errors.New("bech32: wrong checksum (or the other Bech32 variant)")
	ErrPadding    = errors.New("bech32: non-zero padding or an incomplete group in the 5-to-8-bit conversion")
	ErrBadHRPChar = errors.New("bech32: human-readable part outside printable ASCII (33–126)")
)

var charsetRev = func() (t [128]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, c := range charset {
		t[c] = int8(i)
	}
	return t
}()

func polymod(values []byte, chk uint32) uint32 {
	gen := [5]uint32{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	for _, v := range values {
		b := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ uint32(v)
		for i := range 5 {
			if (b>>i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}

// hrpChecksum folds the human-readable part into the checksum state.
func hrpChecksum(hrp string) uint32 {
	chk := uint32(1)
	for i := 0; i < len(hrp); i++ {
		chk = polymod([]byte{hrp[i] >> 5}, chk)
	}
	chk = polymod([]byte{0}, chk)
	for i := 0; i < len(hrp); i++ {
		chk = polymod([]byte{hrp[i] & 31}, chk)
	}
	return chk
}

// Encode returns hrp, '1', the 5-bit values data and the checksum of the
// given variant, in lower case. hrp must be printable ASCII (33–126) and
// is lower-cased; data values must be below 32.
func Encode(hrp string, data []byte, v Variant) (string, error) {
	hrp = strings.ToLower(hrp)
	if len(hrp) == 0 {
		return "", ErrSeparator
	}
	for i := 0; i < len(hrp); i++ {
		if hrp[i] < 33 || hrp[i] > 126 {
			return "", ErrBadHRPChar
		}
	}
	var sb strings.Builder
	sb.Grow(len(hrp) + 1 + len(data) + 6)
	sb.WriteString(hrp)
	sb.WriteByte('1')
	chk := hrpChecksum(hrp)
	for _, d := range data {
		if d >= 32 {
			return "", ErrCharacter
		}
		sb.WriteByte(charset[d])
	}
	chk = polymod(data, chk)
	chk = polymod([]byte{0, 0, 0, 0, 0, 0}, chk) ^ uint32(v)
	for i := range 6 {
		sb.WriteByte(charset[(chk>>(5*(5-i)))&31])
	}
	return sb.String(), nil
}

// Decode parses s, at most maxLen characters long (90 for BIP-173
// addresses), and checks its checksum against the variant v. It returns
// the lower-case human-readable part and the 5-bit data values without the
// checksum.
func Decode(s string, maxLen int, v Variant) (hrp string, data []byte, err error) {
	if len(s) > maxLen || len(s) < 8 {
		return "", nil, ErrLength
	}
	lower, upper := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 33 || c > 126 {
			return "", nil, ErrCharacter
		}
		lower = lower || (c >= 'a' && c <= 'z')
		upper = upper || (c >= 'A' && c <= 'Z')
	}
	if lower && upper {
		return "", nil, ErrMixedCase
	}
	s = strings.ToLower(s)
	pos := strings.LastIndexByte(s, '1')
	if pos < 1 || pos+7 > len(s) {
		return "", nil, ErrSeparator
	}
	hrp = s[:pos]
	vals := make([]byte, len(s)-pos-1)
	for i := range vals {
		c := s[pos+1+i]
		if c >= 128 || charsetRev[c] < 0 {
			return "", nil, ErrCharacter
		}
		vals[i] = byte(charsetRev[c])
	}
	if polymod(vals, hrpChecksum(hrp)) != uint32(v) {
		return "", nil, ErrChecksum
	}
	return hrp, vals[:len(vals)-6], nil
}

// ConvertBits regroups a sequence of fromBits-bit values into toBits-bit
// values (8→5 with pad true to encode, 5→8 with pad false to decode; a
// decode rejects more than 4 bits of padding or non-zero padding).
func ConvertBits(data []byte, fromBits, toBits uint, pad bool) ([]byte, error) {
	var acc uint32
	var bits uint
	maxv := uint32(1)<<toBits - 1
	out := make([]byte, 0, len(data)*int(fromBits)/int(toBits)+1)
	for _, d := range data {
		if uint32(d)>>fromBits != 0 {
			return nil, ErrCharacter
		}
		acc = acc<<fromBits | uint32(d)
		bits += fromBits
		for bits >= toBits {
			bits -= toBits
			out = append(out, byte(acc>>bits&maxv))
		}
	}
	if pad {
		if bits > 0 {
			out = append(out, byte(acc<<(toBits-bits)&maxv))
		}
	} else if bits >= fromBits || (acc<<(toBits-bits))&maxv != 0 {
		return nil, ErrPadding
	}
	return out, nil
}
