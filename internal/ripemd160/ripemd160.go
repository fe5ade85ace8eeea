// Package ripemd160 computes RIPEMD-160 (Dobbertin, Bosselaers, Preneel,
// 1996), the hash inside Bitcoin's HASH160 = RIPEMD-160(SHA-256(x)): key
// fingerprints (BIP-32) and P2PKH/P2WPKH key hashes (BIP-352's input rules).
//
// The standard library has no RIPEMD-160 and golang.org/x/crypto's is
// deprecated; this one is small, one-shot and allocation-free. Constant
// time in the data (only additions, rotations and bitwise operations on
// fixed schedules); its running time depends on the length only.
package ripemd160

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
)

// Size is the length of a digest in bytes.
const Size = 20

// Message-word order and rotation amounts of the left and right lines,
// five rounds of sixteen steps each.
var (
	rl = [80]uint8{
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
		7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
		3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
		1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
		4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
	}
	rr = [80]uint8{
		5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
		6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
		15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
		8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
		12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
	}
	sl = [80]uint8{
		11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
		7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
		11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
		11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
		9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
	}
	sr = [80]uint8{
		8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
		9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
		9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
		15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
		8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
	}
	kl = [5]uint32{0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e}
	kr = [5]uint32{0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000}
)

// f is the round function j (0–4) of the left line; the right line uses
// them in the opposite order.
func f(j int, x, y, z uint32) uint32 {
	switch j {
	case 0:
		return x ^ y ^ z
	case 1:
		return x&y | ^x&z
	case 2:
		return (x | ^y) ^ z
	case 3:
		return x&z | y&^z
	default:
		return x ^ (y | ^z)
	}
}

func block(h *[5]uint32, p []byte) {
	var x [16]uint32
	for i := range x {
		x[i] = binary.LittleEndian.Uint32(p[4*i:])
	}
	al, bl, cl, dl, el := h[0], h[1], h[2], h[3], h[4]
	ar, br, cr, dr, er := al, bl, cl, dl, el
	for i := range 80 {
		j := i / 16
		t := bits.RotateLeft32(al+f(j, bl, cl, dl)+x[rl[i]]+kl[j], int(sl[i])) + el
		al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
		t = bits.RotateLeft32(ar+f(4-j, br, cr, dr)+x[rr[i]]+kr[j], int(sr[i])) + er
		ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
	}
	t := h[1] + cl + dr
	h[1] = h[2] + dl + er
	h[2] = h[3] + el + ar
	h[3] = h[4] + al + br
	h[4] = h[0] + bl + cr
	h[0] = t
}

// Sum returns the RIPEMD-160 digest of data.
func Sum(data []byte) [Size]byte {
	h := [5]uint32{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}
	n := len(data)
	for len(data) >= 64 {
		block(&h, data[:64])
		data = data[64:]
	}
	var tail [128]byte
	copy(tail[:], data)
	tail[len(data)] = 0x80
	end := 64
	if len(data) >= 56 {
		end = 128
	}
	binary.LittleEndian.PutUint64(tail[end-8:], uint64(n)<<3)
	block(&h, tail[:64])
	if end == 128 {
		block(&h, tail[64:])
	}
	var out [Size]byte
	for i, v := range h {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// Hash160 returns RIPEMD-160(SHA-256(data)), Bitcoin's HASH160.
func Hash160(data []byte) [Size]byte {
	s := sha256.Sum256(data)
	return Sum(s[:])
}
