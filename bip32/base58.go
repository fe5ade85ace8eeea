package bip32

import (
	"crypto/sha256"
	"errors"
)

// Base58 (Bitcoin's alphabet) and Base58Check, as BIP-32 serializes
// extended keys. Extended keys are public or, for xprv, handled as a whole
// string by the caller; encoding runs in time that depends only on the
// length and the number of leading zero bytes (always 0 for an extended
// key: its version bytes are nonzero), not on the other bytes' values,
// apart from the division's carry loop, which has a fixed trip count.

const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// decodeMap maps an ASCII byte to its digit value, 0xff if not in the
// alphabet.
var decodeMap = func() (m [256]byte) {
	for i := range m {
		m[i] = 0xff
	}
	for i := 0; i < len(alphabet); i++ {
		m[alphabet[i]] = byte(i)
	}
	return m
}()

// ErrBase58 is returned for a string with a character outside the Base58
// alphabet (0, O, I, l, or anything not alphanumeric).
var ErrBase58 = errors.New("bip32: invalid base58 character")

// base58Encode appends the Base58 encoding of b to dst. Leading zero bytes
// become '1's. Quadratic in len(b); b is short here (82 bytes).
func base58Encode(dst, b []byte) []byte {
	zeros := 0
	for zeros < len(b) && b[zeros] == 0 {
		zeros++
	}
	// log(256)/log(58) ≈ 1.366: at most len*138/100+1 digits.
	var buf [256]byte
	var digits []byte
	if size := (len(b)-zeros)*138/100 + 1; size <= len(buf) {
		digits = buf[:size]
	} else {
		digits = make([]byte, size)
	}
	n := 0 // digits in use, least significant first
	for _, c := range b[zeros:] {
		carry := uint32(c)
		for j := 0; j < n; j++ {
			carry += uint32(digits[j]) << 8
			digits[j] = byte(carry % 58)
			carry /= 58
		}
		for carry > 0 {
			digits[n] = byte(carry % 58)
			carry /= 58
			n++
		}
	}
	for range zeros {
		dst = append(dst, '1')
	}
	for j := n - 1; j >= 0; j-- {
		dst = append(dst, alphabet[digits[j]])
	}
	return dst
}

// base58Decode appends the bytes that s encodes to dst; ErrBase58 for a
// character outside the alphabet. Leading '1's become zero bytes.
func base58Decode(dst []byte, s string) ([]byte, error) {
	zeros := 0
	for zeros < len(s) && s[zeros] == '1' {
		zeros++
	}
	// log(58)/log(256) ≈ 0.733: at most len*733/1000+1 bytes.
	var buf [256]byte
	var out []byte
	if size := (len(s)-zeros)*733/1000 + 1; size <= len(buf) {
		out = buf[:size]
	} else {
		out = make([]byte, size)
	}
	n := 0 // bytes in use, least significant first
	for i := zeros; i < len(s); i++ {
		v := decodeMap[s[i]]
		if v == 0xff {
			return dst, ErrBase58
		}
		carry := uint32(v)
		for j := 0; j < n; j++ {
			carry += uint32(out[j]) * 58
			out[j] = byte(carry)
			carry >>= 8
		}
		for carry > 0 {
			out[n] = byte(carry)
			carry >>= 8
			n++
		}
	}
	for range zeros {
		dst = append(dst, 0)
	}
	for j := n - 1; j >= 0; j-- {
		dst = append(dst, out[j])
	}
	return dst, nil
}

// checksum is the first four bytes of SHA-256(SHA-256(b)).
func checksum(b []byte) [4]byte {
	h := sha256.Sum256(b)
	h = sha256.Sum256(h[:])
	return [4]byte(h[:4])
}
