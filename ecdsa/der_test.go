package ecdsa

import (
	"bytes"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand"
	"strings"
	"testing"
)

// h decodes hex with spaces allowed.
func h(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// derInt encodes an INTEGER with the given content bytes (not checked).
func derInt(content []byte) []byte {
	return append(append([]byte{0x02}, derLen(len(content))...), content...)
}

// derLen is the minimal DER length encoding.
func derLen(n int) []byte {
	switch {
	case n < 0x80:
		return []byte{byte(n)}
	case n < 0x100:
		return []byte{0x81, byte(n)}
	default:
		return []byte{0x82, byte(n >> 8), byte(n)}
	}
}

func derSeq(parts ...[]byte) []byte {
	var c []byte
	for _, p := range parts {
		c = append(c, p...)
	}
	return append(append([]byte{0x30}, derLen(len(c))...), c...)
}

const (
	nHex     = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	nm1Hex   = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"
	halfNHex = "7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0"
)

// asn1Oracle parses b with encoding/asn1 as an independent strict DER
// parser: a constructed universal SEQUENCE spanning all of b holding exactly
// two INTEGERs. It returns the two values (possibly negative or huge).
func asn1Oracle(b []byte) (r, s *big.Int, ok bool) {
	var outer asn1.RawValue
	rest, err := asn1.Unmarshal(b, &outer)
	if err != nil || len(rest) != 0 || outer.Class != asn1.ClassUniversal || outer.Tag != asn1.TagSequence || !outer.IsCompound {
		return nil, nil, false
	}
	r, s = new(big.Int), new(big.Int)
	rest, err = asn1.Unmarshal(outer.Bytes, &r)
	if err != nil {
		return nil, nil, false
	}
	rest, err = asn1.Unmarshal(rest, &s)
	if err != nil || len(rest) != 0 {
		return nil, nil, false
	}
	return r, s, true
}

// inScalarRange reports whether x is a valid signature component, in
// [1, n−1]: what ParseDER and ParseCompact accept.
func inScalarRange(x *big.Int) bool {
	return x.Sign() > 0 && x.Cmp(refN) < 0
}

// checkStrictAgainstOracle compares ParseDER on b with the asn1 oracle and
// checks the round trip.
func checkStrictAgainstOracle(t *testing.T, b []byte) {
	t.Helper()
	sig, err := ParseDER(b)
	r, s, ok := asn1Oracle(b)
	ok = ok && inScalarRange(r) && inScalarRange(s)
	if (err == nil) != ok {
		t.Fatalf("ParseDER(%x): err %v, asn1 oracle ok %v", b, err, ok)
	}
	if !ok {
		if sig != (Signature{}) || !errors.Is(err, ErrInvalidSignature) {
			t.Fatalf("ParseDER(%x): failure must return the zero signature and ErrInvalidSignature", b)
		}
		return
	}
	if bigOfScalar(&sig.r).Cmp(r) != 0 || bigOfScalar(&sig.s).Cmp(s) != 0 {
		t.Fatalf("ParseDER(%x) = (%x, %x), oracle (%x, %x)", b, bigOfScalar(&sig.r), bigOfScalar(&sig.s), r, s)
	}
	var buf [MaxDERSize]byte
	if out := sig.SerializeDER(&buf); !bytes.Equal(out, b) {
		t.Fatalf("ParseDER(%x) does not round-trip: %x", b, out)
	}
	// Whatever the strict parser accepts, the lax one accepts with the same
	// values.
	lax, err := ParseDERLax(b)
	if err != nil || lax != sig {
		t.Fatalf("ParseDERLax(%x) differs from ParseDER", b)
	}
}

func TestParseDERTable(t *testing.T) {
	r1 := derInt(h("01"))
	sN1 := derInt(h("00" + nm1Hex))
	type tc struct {
		name string
		der  []byte
		ok   bool
		r, s string // expected hex values when ok ("" = 0)
	}
	big200 := append([]byte{0x01}, make([]byte, 199)...)
	cases := []tc{
		// Accepted, exact.
		{"minimal", derSeq(r1, r1), true, "01", "01"},
		{"top bit padded", derSeq(derInt(h("0080")), derInt(h("00ff"))), true, "80", "ff"},
		{"n-1", derSeq(sN1, sN1), true, nm1Hex, nm1Hex},
		{"7f", derSeq(derInt(h("7f")), derInt(h("7fff"))), true, "7f", "7fff"},
		// Rejected: well-formed DER, but a value outside [1, n−1]
		// (libsecp256k1 would parse these as zero, to fail verification).
		{"r zero", derSeq(derInt(h("00")), r1), false, "", ""},
		{"both zero", derSeq(derInt(h("00")), derInt(h("00"))), false, "", ""},
		{"r negative", derSeq(derInt(h("80")), r1), false, "", ""},
		{"s negative ff", derSeq(r1, derInt(h("ff"))), false, "", ""},
		{"r ff7f negative", derSeq(derInt(h("ff7f")), r1), false, "", ""},
		{"r = n", derSeq(derInt(h("00"+nHex)), r1), false, "", ""},
		{"s = 2^256-1", derSeq(r1, derInt(h("00"+strings.Repeat("ff", 32)))), false, "", ""},
		{"r 33 bytes", derSeq(derInt(h("01"+strings.Repeat("00", 32))), r1), false, "", ""},
		{"r 200 bytes, long-form lengths", derSeq(derInt(big200), r1), false, "", ""},
		// Rejected: malformed DER.
		{"empty", nil, false, "", ""},
		{"only tag", h("30"), false, "", ""},
		{"wrong sequence tag", append([]byte{0x31}, derSeq(r1, r1)[1:]...), false, "", ""},
		{"primitive sequence tag", append([]byte{0x10}, derSeq(r1, r1)[1:]...), false, "", ""},
		{"sequence too long", h("3007 020101 020101"), false, "", ""},
		{"sequence too short", h("3005 020101 020101"), false, "", ""},
		{"garbage after sequence", append(derSeq(r1, r1), 0x00), false, "", ""},
		{"garbage inside sequence", h("3008 020101 020101 0500"), false, "", ""},
		{"one integer", derSeq(r1), false, "", ""},
		{"three integers", derSeq(r1, r1, r1), false, "", ""},
		{"empty sequence", h("3000"), false, "", ""},
		{"indefinite sequence length", h("3080 020101 020101 0000"), false, "", ""},
		{"length 0xff", h("30ff 020101 020101"), false, "", ""},
		{"non-minimal long sequence length", h("308106 020101 020101"), false, "", ""},
		{"long length with leading zero", h("30820006 020101 020101"), false, "", ""},
		{"wrong integer tag", h("3006 030101 020101"), false, "", ""},
		{"constructed integer tag", h("3006 220101 020101"), false, "", ""},
		{"empty integer", h("3005 0200 020101"), false, "", ""},
		{"empty s", h("3005 020101 0200"), false, "", ""},
		{"superfluous zero", derSeq(derInt(h("0001")), r1), false, "", ""},
		{"superfluous zero on zero", derSeq(derInt(h("0000")), r1), false, "", ""},
		{"superfluous ff", derSeq(r1, derInt(h("ff80"))), false, "", ""},
		{"integer exceeds sequence", h("3006 020201 020101"), false, "", ""},
		{"integer exceeds input", h("3006 020101 020201"), false, "", ""},
		{"non-minimal integer length", h("3007 02810101 020101"), false, "", ""},
		{"indefinite integer length", h("3006 028001 020101"), false, "", ""},
		{"truncated", derSeq(r1, r1)[:7], false, "", ""},
		{"missing s tag", h("3003 020101"), false, "", ""},
		{"huge length", h("3089 010000000000000000"), false, "", ""},
		{"8-byte length", h("3088 0100000000000000"), false, "", ""},
	}
	for _, c := range cases {
		sig, err := ParseDER(c.der)
		if (err == nil) != c.ok {
			t.Errorf("%s: ParseDER(%x) err = %v, want ok %v", c.name, c.der, err, c.ok)
			continue
		}
		checkStrictAgainstOracle(t, c.der)
		if !c.ok {
			continue
		}
		wr, _ := new(big.Int).SetString("0"+c.r, 16)
		ws, _ := new(big.Int).SetString("0"+c.s, 16)
		if bigOfScalar(&sig.r).Cmp(wr) != 0 || bigOfScalar(&sig.s).Cmp(ws) != 0 {
			t.Errorf("%s: ParseDER = (%x, %x), want (%s, %s)", c.name, bigOfScalar(&sig.r), bigOfScalar(&sig.s), c.r, c.s)
		}
	}
}

// TestParseDERRandom compares ParseDER with the asn1 oracle on valid
// encodings of random signatures and on mutations of them.
func TestParseDERRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	iters := 20000
	if testing.Short() {
		iters = 2000
	}
	for range iters {
		var c [64]byte
		rng.Read(c[:])
		// Short values and leading zeros.
		for j := 0; j < rng.Intn(34); j++ {
			c[j] = 0
		}
		for j := 32; j < 32+rng.Intn(34) && j < 64; j++ {
			c[j] = 0
		}
		sig, err := ParseCompact(&c)
		if err != nil {
			continue
		}
		var buf [MaxDERSize]byte
		der := append([]byte{}, sig.SerializeDER(&buf)...)
		if p, err := ParseDER(der); err != nil || p != sig {
			t.Fatalf("round trip of %x failed", der)
		}
		checkStrictAgainstOracle(t, der)
		for range 4 {
			m := append([]byte{}, der...)
			switch rng.Intn(4) {
			case 0:
				m[rng.Intn(len(m))] ^= byte(1 << rng.Intn(8))
			case 1:
				m[rng.Intn(len(m))] = byte(rng.Intn(256))
			case 2:
				m = m[:rng.Intn(len(m))]
			case 3:
				i := rng.Intn(len(m) + 1)
				m = append(m[:i], append([]byte{byte(rng.Intn(256))}, m[i:]...)...)
			}
			checkStrictAgainstOracle(t, m)
		}
	}
}

func TestSerializeDERLengths(t *testing.T) {
	for _, c := range []struct {
		r, s string
		n    int
	}{
		{"", "", 8},
		{"01", "01", 8},
		{"80", "80", 10},
		{nm1Hex, nm1Hex, 72},
		{halfNHex, halfNHex, 70},
	} {
		wr, _ := new(big.Int).SetString("0"+c.r, 16)
		ws, _ := new(big.Int).SetString("0"+c.s, 16)
		sig := sigOf(t, wr, ws)
		var buf [MaxDERSize]byte
		der := sig.SerializeDER(&buf)
		if len(der) != c.n {
			t.Errorf("(%s, %s): length %d, want %d", c.r, c.s, len(der), c.n)
		}
		app := sig.AppendDER([]byte{0xaa})
		if !bytes.Equal(app[1:], der) || app[0] != 0xaa {
			t.Errorf("AppendDER differs from SerializeDER")
		}
	}
}

func TestParseDERLaxTable(t *testing.T) {
	r1 := derInt(h("01"))
	type tc struct {
		name string
		der  []byte
		ok   bool
		r, s string
	}
	cases := []tc{
		{"strict", derSeq(r1, derInt(h("02"))), true, "01", "02"},
		{"sequence length ignored", h("307f 020101 020102"), true, "01", "02"},
		{"sequence length zero", h("3000 020101 020102"), true, "01", "02"},
		{"long sequence length skipped", h("3084 ffffffff 020101 020102"), true, "01", "02"},
		{"indefinite sequence length", h("3080 020101 020102"), true, "01", "02"},
		{"trailing garbage", h("3006 020101 020102 deadbeef"), true, "01", "02"},
		{"garbage inside", h("3008 020101 020102 0500"), true, "01", "02"},
		{"negative is unsigned", h("3006 020180 0201ff"), true, "80", "ff"},
		{"many leading zeros", h("3009 0204 00000001 020102"), true, "01", "02"},
		{"superfluous ff kept", h("3007 0202ff80 020102"), true, "ff80", "02"},
		{"empty integers", h("3004 0200 0200"), true, "", ""},
		{"non-minimal long length", h("3007 02810101 020102"), true, "01", "02"},
		{"long length with zeros", h("3009 0283000001 01 020102"), true, "01", "02"},
		{"indefinite integer length", h("3006 0280 020102"), true, "", "02"},
		{"33 bytes with zero", append(append(h("3027 0221 00"), h(nm1Hex)...), h("020102")...), true, nm1Hex, "02"},
		{"s = 0 padded to 40 bytes", append(h("302d 020101 0228"), make([]byte, 40)...), true, "01", ""},
		// Overflow: the whole signature becomes zero, without error.
		{"r = n", append(append(h("3026 0220"), h(nHex)...), h("020102")...), true, "", ""},
		{"s = n", append(h("3026 020101 0221 00"), h(nHex)...), true, "", ""},
		{"r 33 significant bytes", append(append(h("3026 0221 01"), make([]byte, 32)...), h("020102")...), true, "", ""},
		// Rejected.
		{"empty", nil, false, "", ""},
		{"wrong tag", h("3106 020101 020102"), false, "", ""},
		{"only tag", h("30"), false, "", ""},
		{"sequence length bytes exceed input", h("3085 01020304"), false, "", ""},
		{"sequence length 0xff", h("30ff 020101 020102"), false, "", ""},
		{"missing r tag", h("3003 050000"), false, "", ""},
		{"no r length", h("3002 02"), false, "", ""},
		{"r exceeds input", h("3006 020501 020102"), false, "", ""},
		{"missing s", h("3003 020101"), false, "", ""},
		{"wrong s tag", h("3006 020101 030102"), false, "", ""},
		{"no s length", h("3004 020101 02"), false, "", ""},
		{"s exceeds input", h("3006 020101 020202"), false, "", ""},
		{"8 significant length bytes", h("3010 0288 0100000000000000 020101"), false, "", ""},
		{"long r length exceeds input", h("3006 0284 0000 020101"), false, "", ""},
		{"7 significant length bytes exceeding", h("3010 0287 01000000000000 020101"), false, "", ""},
	}
	for _, c := range cases {
		sig, err := ParseDERLax(c.der)
		if (err == nil) != c.ok {
			t.Errorf("%s: ParseDERLax(%x) err = %v, want ok %v", c.name, c.der, err, c.ok)
			continue
		}
		if !c.ok {
			if !errors.Is(err, ErrInvalidSignature) || sig != (Signature{}) {
				t.Errorf("%s: failure must return the zero signature and ErrInvalidSignature", c.name)
			}
			continue
		}
		wr, _ := new(big.Int).SetString("0"+c.r, 16)
		ws, _ := new(big.Int).SetString("0"+c.s, 16)
		if bigOfScalar(&sig.r).Cmp(wr) != 0 || bigOfScalar(&sig.s).Cmp(ws) != 0 {
			t.Errorf("%s: ParseDERLax = (%x, %x), want (%s, %s)", c.name, bigOfScalar(&sig.r), bigOfScalar(&sig.s), c.r, c.s)
		}
	}
}

func TestParseCompactTable(t *testing.T) {
	for _, c := range []struct {
		name string
		r, s string
		ok   bool
	}{
		{"zero", "", "", false},
		{"r zero", "", "01", false},
		{"s zero", "01", "", false},
		{"one", "01", "01", true},
		{"n-1", nm1Hex, nm1Hex, true},
		{"r = n", nHex, "01", false},
		{"s = n", "01", nHex, false},
		{"r = 2^256-1", strings.Repeat("ff", 32), "01", false},
		{"s = 2^256-1", "01", strings.Repeat("ff", 32), false},
	} {
		var b [64]byte
		wr, _ := new(big.Int).SetString("0"+c.r, 16)
		ws, _ := new(big.Int).SetString("0"+c.s, 16)
		wr.FillBytes(b[:32])
		ws.FillBytes(b[32:])
		sig, err := ParseCompact(&b)
		if (err == nil) != c.ok {
			t.Errorf("%s: err %v", c.name, err)
			continue
		}
		if !c.ok {
			if !errors.Is(err, ErrInvalidSignature) || sig != (Signature{}) {
				t.Errorf("%s: wrong failure result", c.name)
			}
			continue
		}
		if sig.SerializeCompact() != b {
			t.Errorf("%s: does not round-trip", c.name)
		}
	}
	if _, err := ParseCompact(nil); !errors.Is(err, ErrInvalidSignature) {
		t.Error("ParseCompact(nil)")
	}
}

// bip66Valid is BIP-66's IsValidSignatureEncoding applied to a signature
// without the sighash byte (the BIP's sizes are those with it).
func bip66Valid(der []byte) bool {
	sig := append(append([]byte{}, der...), 0x01)
	size := len(sig)
	if size < 9 || size > 73 || sig[0] != 0x30 || int(sig[1]) != size-3 {
		return false
	}
	lenR := int(sig[3])
	if 5+lenR >= size {
		return false
	}
	lenS := int(sig[5+lenR])
	if lenR+lenS+7 != size || sig[2] != 0x02 || lenR == 0 || sig[4]&0x80 != 0 {
		return false
	}
	if lenR > 1 && sig[4] == 0x00 && sig[5]&0x80 == 0 {
		return false
	}
	if sig[lenR+4] != 0x02 || lenS == 0 || sig[lenR+6]&0x80 != 0 {
		return false
	}
	if lenS > 1 && sig[lenR+6] == 0x00 && sig[lenR+7]&0x80 == 0 {
		return false
	}
	return true
}

// checkBIP66 checks that ParseDER accepts everything BIP-66 allows whose
// values are valid scalars (BIP-66 constrains the encoding, not the range).
func checkBIP66(t *testing.T, b []byte) {
	t.Helper()
	if r, s, ok := asn1Oracle(b); bip66Valid(b) && ok && inScalarRange(r) && inScalarRange(s) {
		if _, err := ParseDER(b); err != nil {
			t.Fatalf("ParseDER rejects the BIP-66-valid %x", b)
		}
	}
}

func TestParseDERAcceptsBIP66(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	valid := 0
	for range 50000 {
		// Random structures near the valid shape.
		lr, ls := 1+rng.Intn(33), 1+rng.Intn(33)
		b := []byte{0x30, byte(4 + lr + ls), 0x02, byte(lr)}
		r := make([]byte, lr)
		s := make([]byte, ls)
		rng.Read(r)
		rng.Read(s)
		if rng.Intn(2) == 0 {
			r[0] &= 0x7f
		}
		if rng.Intn(2) == 0 {
			s[0] = 0
		}
		b = append(append(append(b, r...), 0x02, byte(ls)), s...)
		if bip66Valid(b) {
			valid++
		}
		checkBIP66(t, b)
		checkStrictAgainstOracle(t, b)
	}
	if valid < 1000 {
		t.Fatalf("only %d BIP-66-valid inputs generated", valid)
	}
}
