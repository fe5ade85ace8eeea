package crossgroup

import (
	"bytes"
	"testing"
)

// FuzzParseProof: ParseProof never panics, and whatever it accepts
// re-encodes to the same bytes. Inputs that parse are also verified (a
// go-dleq proof mutated by the fuzzer must not verify unless unchanged).
func FuzzParseProof(f *testing.F) {
	vs := loadVectors(f)
	valid := vs[0].proof
	f.Add(valid)
	f.Add(valid[:100])
	f.Add([]byte{})
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
