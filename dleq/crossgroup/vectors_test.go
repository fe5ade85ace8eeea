package crossgroup

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
)

// goDleqVector is one row of testdata/go-dleq-proofs.csv: proofs made by
// AthanorLabs' go-dleq (commit d6fd7c0, decred backend).
type goDleqVector struct {
	row    int
	secret [32]byte
	secp   []byte // x·G, compressed
	ed     []byte // x·G on ed25519
	proof  []byte
}

func loadVectors(t testing.TB) []goDleqVector {
	t.Helper()
	const file = "go-dleq-proofs.csv"
	f, err := os.Open(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = 4
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []goDleqVector
	for i, row := range rows[1:] {
		v := goDleqVector{row: i + 1}
		var fields [4][]byte
		for j, s := range row {
			b, err := hex.DecodeString(s)
			if err != nil {
				t.Fatalf("%s row %d field %d: %v", file, v.row, j, err)
			}
			fields[j] = b
		}
		if len(fields[0]) != 32 {
			t.Fatalf("%s row %d: secret is not 32 bytes", file, v.row)
		}
		v.secret = [32]byte(fields[0])
		v.secp, v.ed, v.proof = fields[1], fields[2], fields[3]
		out = append(out, v)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no rows", file)
	}
	return out
}

func TestGoDleqVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		p, err := ParseProof(v.proof)
		if err != nil {
			t.Fatalf("row %d: ParseProof: %v", v.row, err)
		}
		if !bytes.Equal(p.Bytes(), v.proof) {
			t.Fatalf("row %d: Bytes does not give back the input", v.row)
		}
		pub := p.SecpPublicKey()
		if c := pub.SerializeCompressed(); !bytes.Equal(c[:], v.secp) {
			t.Errorf("row %d: secp256k1 point %x, want %x", v.row, c, v.secp)
		}
		if e := p.EdPublicKey(); !bytes.Equal(e[:], v.ed) {
			t.Errorf("row %d: ed25519 point %x, want %x", v.row, e, v.ed)
		}
		for _, w := range []int{1, 0} {
			if err := p.Verify(&Options{Workers: w}); err != nil {
				t.Fatalf("row %d: Verify (workers %d): %v", v.row, w, err)
			}
		}
		// Our public keys and ed25519 signature for the same secret equal
		// go-dleq's (the ed25519 signature is deterministic).
		sp, ep, err := PublicKeys(&v.secret)
		if err != nil {
			t.Fatalf("row %d: PublicKeys: %v", v.row, err)
		}
		if c := sp.SerializeCompressed(); !bytes.Equal(c[:], v.secp) || !bytes.Equal(ep[:], v.ed) {
			t.Errorf("row %d: PublicKeys differ from the vector", v.row)
		}
		ours, err := Prove(&v.secret, nil)
		if err != nil {
			t.Fatalf("row %d: Prove: %v", v.row, err)
		}
		if ours.sigEd != p.sigEd {
			t.Errorf("row %d: ed25519 signature %x, go-dleq %x", v.row, ours.sigEd, p.sigEd)
		}
		// Our proof round-trips through the parser and verifies.
		q, err := ParseProof(ours.Bytes())
		if err != nil {
			t.Fatalf("row %d: our proof does not parse: %v", v.row, err)
		}
		if err := q.Verify(nil); err != nil {
			t.Fatalf("row %d: our proof does not verify: %v", v.row, err)
		}
		if q.secpPub != p.secpPub || q.edPub != p.edPub {
			t.Errorf("row %d: our proof is for other points", v.row)
		}
	}
}
