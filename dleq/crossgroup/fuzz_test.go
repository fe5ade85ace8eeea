package crossgroup

import (
	"bytes"
	"testing"
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
