package bip32

import (
	"crypto/sha256"
	"errors"

	"github.com/p256k1/p256k1/internal/ctime"
)

// Base58 (Bitcoin's alphabet) and Base58Check, as BIP-32 serializes
// extended keys. An xprv holds a secret, so encoding and decoding are
// constant time in the bytes and characters beyond the leading zeros/'1's
// (the version, public): fixed trip counts, no table lookup at a secret
// index, and only the result's length and validity declassified.

const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// ErrBase58 is returned for a string with a character outside the Base58
// alphabet (0, O, I, l, or anything not alphanumeric).
var ErrBase58 = errors.New("bip32: invalid base58 character")

// geq returns 1 if a ≥ b, else 0, for 0 ≤ a, b < 2^31, without a branch.
func geq(a, b int32) int32 { return int32(uint32(b-a-1) >> 31) }

// digitChar maps a Base58 digit (0..57) to its character without a table
// lookup at a secret index.
func digitChar(d int32) byte {
	// '1'..'9', 'A'..'H', 'J'..'N', 'P'..'Z', 'a'..'k', 'm'..'z': the gaps
	// (I, O, l, and the ASCII runs between the groups) are skipped by adding
	// the gap size once the digit passes each group.
	return byte(49 + d + 7*geq(d, 9) + geq(d, 17) + geq(d, 22) + 6*geq(d, 33) + geq(d, 44))
}

// charDigit maps a character to its digit and returns ok = 1 if it is in
// the alphabet, without a table lookup at a secret index.
func charDigit(c byte) (d int32, ok int32) {
	x := int32(c)
	in := func(lo, hi int32) int32 { return geq(x, lo) & geq(hi, x) }
	r1, rA, rJ, rP, ra, rm := in('1', '9'), in('A', 'H'), in('J', 'N'), in('P', 'Z'), in('a', 'k'), in('m', 'z')
	d = r1*(x-'1') + rA*(x-'A'+9) + rJ*(x-'J'+17) + rP*(x-'P'+22) + ra*(x-'a'+33) + rm*(x-'m'+44)
	return d, r1 | rA | rJ | rP | ra | rm
}

// base58Encode appends the Base58 encoding of b to dst. Leading zero bytes
// become '1's. The number of leading zero bytes is public (for extended
// keys it is 0: the version bytes lead); beyond that, the work and memory
// accesses depend on the length only, and the length of the result (public:
// it is the string's length) is declassified. Quadratic in len(b); b is
// short here (82 bytes).
func base58Encode(dst, b []byte) []byte {
	zeros := 0
	for zeros < len(b) && b[zeros] == 0 {
		zeros++
	}
	// log(256)/log(58) ≈ 1.366: at most len*138/100+1 digits.
	var buf [256]byte
	var digits []byte
	size := (len(b)-zeros)*138/100 + 1
	if size <= len(buf) {
		digits = buf[:size]
	} else {
		digits = make([]byte, size)
	}
	defer clear(digits)
	for _, c := range b[zeros:] {
		carry := uint32(c)
		for j := range digits { // every digit, every time: a fixed trip count
			carry += uint32(digits[j]) << 8
			digits[j] = byte(carry % 58)
			carry /= 58
		}
	}
	// The number of significant digits, counted branch-free from the top,
	// then declassified: it is the length of the output.
	lead, still := 0, 1
	for j := len(digits) - 1; j >= 0; j-- {
		still &= int(uint32(digits[j])-1) >> 31 & 1
		lead += still
	}
	ctime.Declassify(&lead)
	if zeros == len(b) {
		lead = len(digits) // all zero bytes: only the '1's
	}
	for range zeros {
		dst = append(dst, '1')
	}
	for j := len(digits) - 1 - lead; j >= 0; j-- {
		dst = append(dst, digitChar(int32(digits[j])))
	}
	return dst
}

// base58Decode appends the bytes that s encodes to dst; ErrBase58 for a
// character outside the alphabet. Leading '1's become zero bytes. As
// base58Encode: the leading '1's are public, the rest is decoded with a
// fixed amount of work for its length, and only the validity and the length
// of the result are declassified.
func base58Decode(dst []byte, s string) ([]byte, error) {
	// The number of leading '1's, counted branch-free (every character is
	// a function of the whole encoded number, secret for an xprv), then
	// declassified: it is the number of leading zero bytes of the result
	// (0 for an extended key, whose version bytes lead).
	zeros, still := 0, 1
	for i := 0; i < len(s); i++ {
		still &= int(uint32(s[i]^'1')-1) >> 31 & 1
		zeros += still
	}
	ctime.Declassify(&zeros)
	// log(58)/log(256) ≈ 0.733: at most len*733/1000+1 bytes.
	var buf [256]byte
	var out []byte
	if size := (len(s)-zeros)*733/1000 + 1; size <= len(buf) {
		out = buf[:size]
	} else {
		out = make([]byte, size)
	}
	defer clear(out)
	valid := int32(1)
	for i := zeros; i < len(s); i++ {
		v, ok := charDigit(s[i])
		valid &= ok
		carry := uint32(v)
		for j := range out { // a fixed trip count
			carry += uint32(out[j]) * 58
			out[j] = byte(carry)
			carry >>= 8
		}
	}
	// Whether the string is Base58 is the function's result.
	ctime.Declassify(&valid)
	if valid == 0 {
		return dst, ErrBase58
	}
	lead := 0
	still = 1
	for j := len(out) - 1; j >= 0; j-- {
		still &= int(uint32(out[j])-1) >> 31 & 1
		lead += still
	}
	ctime.Declassify(&lead) // the length of the result
	for range zeros {
		dst = append(dst, 0)
	}
	for j := len(out) - 1 - lead; j >= 0; j-- {
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
