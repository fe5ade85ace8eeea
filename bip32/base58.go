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

// pow58x5 is 58^5, the largest power of 58 below 2^30: the big numbers are
// converted five digits at a time in 32-bit words.
const pow58x5 = 58 * 58 * 58 * 58 * 58

// base58Encode appends the Base58 encoding of b to dst. Leading zero bytes
// become '1's. The number of leading zero bytes is public (for extended
// keys it is 0: the version bytes lead); beyond that, the work and memory
// accesses depend on the length only, and the length of the result (public:
// it is the string's length) is declassified. The number is held in 32-bit
// words and divided by 58^5 per pass, a fixed number of passes.
func base58Encode(dst, b []byte) []byte {
	zeros := 0
	for zeros < len(b) && b[zeros] == 0 {
		zeros++
	}
	data := b[zeros:]
	nw := (len(data) + 3) / 4
	// log(256)/log(58) ≈ 1.366: at most len*138/100+1 digits.
	passes := ((len(data)*138/100 + 1) + 4) / 5
	var wbuf [64]uint32
	var dbuf [320]byte
	var w []uint32
	var digits []byte
	if nw <= len(wbuf) && passes*5 <= len(dbuf) {
		w, digits = wbuf[:nw], dbuf[:passes*5]
	} else {
		w, digits = make([]uint32, nw), make([]byte, passes*5)
	}
	defer clear(w)
	defer clear(digits)
	// Big-endian words, the first one padded on the left with zero bytes.
	for k, c := range data {
		pos := len(data) - 1 - k // byte position from the least significant end
		w[nw-1-pos/4] |= uint32(c) << (8 * (pos % 4))
	}
	for p := range passes {
		var rem uint64
		for i := range w {
			cur := rem<<32 | uint64(w[i])
			w[i] = uint32(cur / pow58x5)
			rem = cur % pow58x5
		}
		for k := range 5 {
			digits[p*5+k] = byte(rem % 58)
			rem /= 58
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
// base58Encode: the number of leading '1's is counted branch-free and
// declassified, the rest is decoded with a fixed amount of work for its
// length (five characters per multiply-accumulate pass over 32-bit words),
// and only the validity and the length of the result are declassified.
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
	rest := s[zeros:]
	// log(58)/log(256) ≈ 0.733: at most len*733/1000+1 bytes.
	nw := (len(rest)*733/1000+1)/4 + 1
	var wbuf [64]uint32
	var w []uint32
	if nw <= len(wbuf) {
		w = wbuf[:nw]
	} else {
		w = make([]uint32, nw)
	}
	defer clear(w)
	valid := int32(1)
	for g := 0; g < len(rest); {
		m := 5 - (5-len(rest)%5)%5 // the first group takes the remainder
		if g > 0 {
			m = 5
		}
		var v uint64
		mult := uint64(1)
		for _, c := range []byte(rest[g : g+m]) {
			d, ok := charDigit(c)
			valid &= ok
			v = v*58 + uint64(d)
			mult *= 58
		}
		g += m
		carry := v
		for i := len(w) - 1; i >= 0; i-- { // every word: a fixed trip count
			cur := uint64(w[i])*mult + carry
			w[i] = uint32(cur)
			carry = cur >> 32
		}
	}
	// Whether the string is Base58 is the function's result.
	ctime.Declassify(&valid)
	if valid == 0 {
		return dst, ErrBase58
	}
	lead := 0
	still = 1
	for k := 0; k < 4*len(w); k++ {
		c := byte(w[k/4] >> (24 - 8*(k%4)))
		still &= int(uint32(c)-1) >> 31 & 1
		lead += still
	}
	ctime.Declassify(&lead) // the length of the result
	for range zeros {
		dst = append(dst, 0)
	}
	for k := lead; k < 4*len(w); k++ {
		dst = append(dst, byte(w[k/4]>>(24-8*(k%4))))
	}
	return dst, nil
}

// checksum is the first four bytes of SHA-256(SHA-256(b)).
func checksum(b []byte) [4]byte {
	h := sha256.Sum256(b)
	h = sha256.Sum256(h[:])
	return [4]byte(h[:4])
}
