package crossgroup

import (
	"bytes"
	"testing"

	"filippo.io/edwards25519"

	"github.com/p256k1/p256k1/dleq/crossgroup/internal/ed"
)

// FuzzParseProof: ParseProof never panics, and whatever it accepts
// re-encodes to the same bytes. Inputs that parse are also verified (a
// go-dleq proof mutated by the fuzzer must not verify unless unchanged).
// The seeds include the inputs go-dleq mishandles.
func FuzzParseProof(f *testing.F) {
	vs := loadVectors(f)
	valid := vs[0].proof
	f.Add(valid)
	f.Add(valid[:100])
	f.Add([]byte{})
	// The inputs go-dleq mishandles: the 253-bit forgery (accepted), a
	// count byte of 0 (panic) and trailing bytes (ignored).
	f.Add(forge253(f))
	zero := bytes.Clone(valid)
	zero[33+32] = 0
	f.Add(zero)
	f.Add(append(bytes.Clone(valid), 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseProof(b)
		if err != nil {
			return
		}
		if !bytes.Equal(p.Bytes(), b) {
			t.Fatal("parsed proof does not re-encode to its input")
		}
		err = p.Verify(&Options{Workers: 1})
		known := false
		for _, v := range vs {
			known = known || bytes.Equal(v.proof, b)
		}
		if (err == nil) != known {
			t.Fatalf("Verify = %v for a proof that is known-valid: %v", err, known)
		}
	})
}

// edDecodeRef is the definition edDecode implements: the point decodes and
// re-encodes to the same bytes.
func edDecodeRef(b []byte) bool {
	var p edwards25519.Point
	if _, err := p.SetBytes(b[:32]); err != nil {
		return false
	}
	return bytes.Equal(p.Bytes(), b[:32])
}

// edEncodingEdges are the encodings where canonicality is decided: every
// y from p − 2 to 2^255 − 1 (y ≥ p are the 19 non-canonical values), y = 0,
// 1 and p − 1 (x = 0 for y = ±1, whose sign bit must be clear), each with
// both sign bits.
func edEncodingEdges() [][]byte {
	var out [][]byte
	for _, lo := range []byte{0xeb, 0xec, 0xed, 0xee, 0xf0, 0xfe, 0xff} {
		b := bytes.Repeat([]byte{0xff}, 32)
		b[0], b[31] = lo, 0x7f
		out = append(out, b)
	}
	for _, y0 := range []byte{0, 1} {
		b := make([]byte, 32)
		b[0] = y0
		out = append(out, b)
	}
	for _, b := range out {
		c := bytes.Clone(b)
		c[31] |= 0x80
		out = append(out, c)
	}
	return out
}

func TestEdDecodeEdges(t *testing.T) {
	for _, b := range edEncodingEdges() {
		var p edwards25519.Point
		var q ed.Point
		if got, want := edDecode(&p, b), edDecodeRef(b); got != want {
			t.Errorf("%x: edDecode = %v, want %v", b, got, want)
		}
		if got, want := edDecodeVar(&q, b), edDecodeRef(b); got != want {
			t.Errorf("%x: edDecodeVar = %v, want %v", b, got, want)
		}
	}
}

// FuzzEdDecode: edDecode (a byte-level canonicality check, no inversion)
// agrees with decode-and-re-encode on every input, and decodes to the same
// point as edwards25519.
func FuzzEdDecode(f *testing.F) {
	for _, b := range edEncodingEdges() {
		f.Add(b)
	}
	f.Add(edwards25519.NewGeneratorPoint().Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 32 {
			return
		}
		var p edwards25519.Point
		var q ed.Point
		got, want := edDecode(&p, b), edDecodeRef(b)
		if got != want {
			t.Fatalf("%x: edDecode = %v, want %v", b[:32], got, want)
		}
		if edDecodeVar(&q, b) != want {
			t.Fatalf("%x: edDecodeVar disagrees", b[:32])
		}
		if got {
			var enc [32]byte
			ed.Encode(&enc, &q)
			if !bytes.Equal(enc[:], b[:32]) || !bytes.Equal(p.Bytes(), b[:32]) {
				t.Fatalf("%x: decoded point re-encodes differently", b[:32])
			}
		}
	})
}
