package dleq

import (
	"encoding/csv"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

// readCSV returns the rows of testdata/name without the header.
func readCSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows[1:]
}

// mustHex decodes a hex field of a vector row.
func mustHex(t *testing.T, where, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("%s: bad hex %q", where, s)
	}
	return b
}

// vecPoint parses a point field; INFINITY (and any invalid encoding) gives
// the zero PublicKey, which this package treats as the point at infinity.
func vecPoint(t *testing.T, where, s string) p256k1.PublicKey {
	t.Helper()
	if s == "INFINITY" {
		return p256k1.PublicKey{}
	}
	k, err := p256k1.ParsePublicKey(mustHex(t, where, s))
	if err != nil {
		t.Fatalf("%s: bad point %s", where, s)
	}
	return k
}

// vecMessage parses the message field: empty means no message.
func vecMessage(t *testing.T, where, s string) *[32]byte {
	t.Helper()
	if s == "" {
		return nil
	}
	b := mustHex(t, where, s)
	if len(b) != 32 {
		t.Fatalf("%s: message is not 32 bytes", where)
	}
	return (*[32]byte)(b)
}

func TestVectorsGenerateProof(t *testing.T) {
	const file = "test_vectors_generate_proof.csv"
	rows := readCSV(t, file)
	if len(rows) != 11 {
		t.Fatalf("%s: %d rows, want 11", file, len(rows))
	}
	for _, row := range rows {
		where := file + " row " + row[0] + " (" + row[7] + ")"
		g := vecPoint(t, where, row[1])
		b := vecPoint(t, where, row[3])
		r := (*[32]byte)(mustHex(t, where, row[4]))
		m := vecMessage(t, where, row[5])
		a, keyErr := p256k1.NewPrivateKey(mustHex(t, where, row[2]))
		var proof Proof
		err := keyErr
		if err == nil {
			proof, err = ProveWithGenerator(&a, &b, r, &g, m)
		}
		if row[6] == "INVALID" {
			if err == nil {
				t.Errorf("%s: proof %x made, want failure", where, proof)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		if want := mustHex(t, where, row[6]); string(want) != string(proof[:]) {
			t.Errorf("%s: proof\n%x, want\n%x", where, proof, want)
		}
		// With the standard generator, Prove must agree.
		if row[1] == "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798" {
			p2, err := Prove(&a, &b, r, m)
			if err != nil || p2 != proof {
				t.Errorf("%s: Prove gives %x, %v", where, p2, err)
			}
		}
	}
}

func TestVectorsVerifyProof(t *testing.T) {
	const file = "test_vectors_verify_proof.csv"
	rows := readCSV(t, file)
	if len(rows) != 15 {
		t.Fatalf("%s: %d rows, want 15", file, len(rows))
	}
	for _, row := range rows {
		where := file + " row " + row[0] + " (" + row[8] + ")"
		g := vecPoint(t, where, row[1])
		a := vecPoint(t, where, row[2])
		b := vecPoint(t, where, row[3])
		c := vecPoint(t, where, row[4])
		proof := Proof(mustHex(t, where, row[5]))
		m := vecMessage(t, where, row[6])
		want := strings.EqualFold(row[7], "TRUE")
		if got := VerifyWithGenerator(&a, &b, &c, &proof, &g, m); got != want {
			t.Errorf("%s: VerifyWithGenerator = %v, want %v", where, got, want)
		}
		if row[1] == "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798" {
			if got := Verify(&a, &b, &c, &proof, m); got != want {
				t.Errorf("%s: Verify = %v, want %v", where, got, want)
			}
		}
	}
}
