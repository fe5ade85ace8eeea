package ecdsa

import (
	"github.com/p256k1/p256k1/internal/ecdsacore"
	"github.com/p256k1/p256k1/internal/scalar"
)

// MaxDERSize is the longest DER encoding that SerializeDER produces:
// 30 len 02 len [33 bytes] 02 len [33 bytes].
const MaxDERSize = 72

// SerializeDER writes the strict DER encoding of sig into buf and returns
// the used part, buf[:n] with n ≤ MaxDERSize
// (secp256k1_ecdsa_signature_serialize_der): a SEQUENCE of the two
// INTEGERs r and s, each in its shortest form (a 0x00 byte is prepended when
// the top bit is set; zero is 02 01 00). A nil sig is encoded as the zero
// Signature; a nil buf gives nil. Variable time (signatures are public); it
// does not allocate.
func (sig *Signature) SerializeDER(buf *[MaxDERSize]byte) []byte {
	if buf == nil {
		return nil
	}
	if sig == nil {
		sig = &zeroSignature
	}
	n := ecdsacore.SerializeDER(buf, &sig.r, &sig.s)
	return buf[:n]
}

// AppendDER appends the DER encoding of sig (see SerializeDER) to dst and
// returns the extended slice (a nil sig as the zero Signature). Variable
// time; it allocates only if dst lacks capacity.
func (sig *Signature) AppendDER(dst []byte) []byte {
	var buf [MaxDERSize]byte
	return append(dst, sig.SerializeDER(&buf)...)
}

// ParseDER parses a strict DER signature exactly as libsecp256k1's
// secp256k1_ecdsa_signature_parse_der does. It accepts every encoding that
// BIP-66 allows (without Bitcoin's trailing sighash byte) and the few other
// valid DER forms described below: minimal long-form lengths (128 or more,
// so only for inputs longer than any real signature) and negative or
// oversized INTEGERs.
//
// It returns ErrInvalidSignature for anything that is not a single DER
// SEQUENCE of two INTEGERs spanning all of b: a missing or wrong tag,
// indefinite, non-minimal or overlong lengths, lengths that exceed the
// input, an empty INTEGER, an INTEGER with superfluous leading 0x00 or 0xFF
// bytes, and bytes left over inside or after the SEQUENCE.
//
// It also returns ErrInvalidSignature for a well-formed INTEGER whose value
// is not in [1, n−1]: zero, negative, longer than 32 bytes (after a sign
// byte), or ≥ n. libsecp256k1 parses those as a zero component that then
// fails verification; we report them at once, and the verification outcome
// for any input bytes is the same. So everything ParseDER accepts
// re-serializes to exactly b with SerializeDER. The result may be high-S
// (see NormalizeS). Variable time; it does not allocate.
func ParseDER(b []byte) (Signature, error) {
	var sig Signature
	if len(b) == 0 || b[0] != 0x30 {
		return Signature{}, ErrInvalidSignature
	}
	pos := 1
	n, ok := derReadLen(b, &pos)
	if !ok || n != uint64(len(b)-pos) {
		// The SEQUENCE must cover the rest of the input exactly.
		return Signature{}, ErrInvalidSignature
	}
	if !derParseInteger(&sig.r, b, &pos) || !derParseInteger(&sig.s, b, &pos) || pos != len(b) {
		return Signature{}, ErrInvalidSignature
	}
	return sig, nil
}

// derReadLen reads a DER length at b[*pos] and advances *pos past it,
// following libsecp256k1's secp256k1_der_read_len: the short form (< 0x80),
// or the long form 0x80|k followed by k ≤ 8 big-endian bytes with no
// leading zero byte, whose value must be at least 128 (else the short form
// was required) and must not exceed the bytes that follow. 0x80
// (indefinite) and 0xFF are rejected. A short-form length is not checked
// against the input here.
func derReadLen(b []byte, pos *int) (uint64, bool) {
	if *pos >= len(b) {
		return 0, false
	}
	b1 := b[*pos]
	*pos++
	if b1 == 0xff {
		return 0, false
	}
	if b1&0x80 == 0 {
		return uint64(b1), true
	}
	if b1 == 0x80 {
		return 0, false
	}
	left := int(b1 & 0x7f)
	if left > len(b)-*pos || b[*pos] == 0 || left > 8 {
		return 0, false
	}
	var n uint64
	for ; left > 0; left-- {
		n = n<<8 | uint64(b[*pos])
		*pos++
	}
	if n > uint64(len(b)-*pos) || n < 128 {
		return 0, false
	}
	return n, true
}

// derParseInteger reads one DER INTEGER at b[*pos] into r and advances
// *pos past it, following libsecp256k1's secp256k1_der_parse_integer, except
// that a value outside [1, n−1] (zero, negative, longer than 32 bytes or
// ≥ n) is rejected rather than read as zero.
func derParseInteger(r *scalar.Scalar, b []byte, pos *int) bool {
	if *pos >= len(b) || b[*pos] != 0x02 {
		return false
	}
	*pos++
	n, ok := derReadLen(b, pos)
	if !ok || n == 0 || n > uint64(len(b)-*pos) {
		return false
	}
	v := b[*pos : *pos+int(n)]
	if len(v) > 1 && (v[0] == 0x00 && v[1]&0x80 == 0 || v[0] == 0xff && v[1]&0x80 != 0) {
		// Superfluous sign byte: not the shortest encoding.
		return false
	}
	*pos += int(n)
	overflow := v[0]&0x80 != 0 // negative
	for len(v) > 0 && v[0] == 0 {
		v = v[1:]
	}
	if len(v) > 32 {
		overflow = true
	}
	if !overflow {
		var buf [32]byte
		copy(buf[32-len(v):], v)
		overflow = r.SetBytes(&buf) != 0
	}
	if overflow || r.IsZero() != 0 {
		r.Zero()
		return false
	}
	return true
}

// ParseDERLax parses a DER-like signature as permissively as libsecp256k1's
// contrib/lax_der_parsing.c (ecdsa_signature_parse_der_lax), which Bitcoin
// Core uses for signatures that predate BIP-66 strict encoding.
//
// It requires the SEQUENCE tag 0x30 and then two INTEGER tags 0x02 with
// lengths that fit in the input; everything else is tolerated: the
// SEQUENCE length is ignored (a long-form one is skipped), INTEGER lengths
// may be in non-minimal long form (leading zero bytes are skipped, at most
// 7 significant bytes), INTEGER contents are read as unsigned big-endian
// numbers with any number of leading zeros (a set top bit is not a sign),
// empty INTEGERs are zero, and bytes after the second INTEGER are ignored.
// ErrInvalidSignature is returned only when that structure is missing.
//
// As in libsecp256k1, when r or s does not fit (longer than 32 significant
// bytes, or ≥ n), the whole signature is set to zero and no error is
// returned: such a signature never verifies. The result may be high-S
// (Bitcoin Core normalizes before verifying). Variable time; it does not
// allocate.
func ParseDERLax(b []byte) (Signature, error) {
	pos := 0
	if pos == len(b) || b[pos] != 0x30 {
		return Signature{}, ErrInvalidSignature
	}
	pos++
	if pos == len(b) {
		return Signature{}, ErrInvalidSignature
	}
	lb := int(b[pos])
	pos++
	if lb&0x80 != 0 {
		lb -= 0x80
		if lb > len(b)-pos {
			return Signature{}, ErrInvalidSignature
		}
		pos += lb
	}
	rpos, rlen, ok := laxInteger(b, &pos)
	if !ok {
		return Signature{}, ErrInvalidSignature
	}
	spos, slen, ok := laxInteger(b, &pos)
	if !ok {
		return Signature{}, ErrInvalidSignature
	}
	var compact [CompactSize]byte
	if !laxCopy(compact[:32], b[rpos:rpos+rlen]) || !laxCopy(compact[32:], b[spos:spos+slen]) {
		return Signature{}, nil
	}
	// An out-of-range value zeroes the whole signature; a zero component is
	// kept (libsecp256k1's parse_compact semantics, which the lax parser
	// relies on). Either way the signature never verifies.
	var sig Signature
	if sig.r.SetBytes((*[32]byte)(compact[:32]))|sig.s.SetBytes((*[32]byte)(compact[32:])) != 0 {
		return Signature{}, nil
	}
	return sig, nil
}

// laxInteger reads an INTEGER tag and length at b[*pos] as the lax parser
// does and returns the position and length of its contents, advancing *pos
// past them.
func laxInteger(b []byte, pos *int) (start, length int, ok bool) {
	if *pos >= len(b) || b[*pos] != 0x02 {
		return 0, 0, false
	}
	*pos++
	if *pos == len(b) {
		return 0, 0, false
	}
	lb := int(b[*pos])
	*pos++
	var n uint64
	if lb&0x80 != 0 {
		lb -= 0x80
		if lb > len(b)-*pos {
			return 0, 0, false
		}
		for lb > 0 && b[*pos] == 0 {
			*pos++
			lb--
		}
		// libsecp256k1 rejects as many significant length bytes as a
		// size_t has (8 on the 64-bit platforms Bitcoin Core runs on).
		if lb >= 8 {
			return 0, 0, false
		}
		for ; lb > 0; lb-- {
			n = n<<8 | uint64(b[*pos])
			*pos++
		}
	} else {
		n = uint64(lb)
	}
	if n > uint64(len(b)-*pos) {
		return 0, 0, false
	}
	start = *pos
	*pos += int(n)
	return start, int(n), true
}

// laxCopy right-aligns the unsigned big-endian value v (leading zeros
// skipped) in the 32-byte dst, reporting false if it has more than 32
// significant bytes.
func laxCopy(dst, v []byte) bool {
	for len(v) > 0 && v[0] == 0 {
		v = v[1:]
	}
	if len(v) > 32 {
		return false
	}
	copy(dst[32-len(v):], v)
	return true
}
