package schnorr

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"os"
	"testing"

	"github.com/p256k1/p256k1"
)

// bip340Vector is one row of BIP-340's test-vectors.csv.
type bip340Vector struct {
	index                 string
	sk, pk, aux, msg, sig []byte
	ok                    bool
	comment               string
}

const vectorsFile = "testdata/test-vectors.csv"

func loadVectors(t testing.TB) []bip340Vector {
	t.Helper()
	f, err := os.Open(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", vectorsFile, err)
	}
	if len(rows) < 2 || rows[0][0] != "index" {
		t.Fatalf("%s: unexpected header %q", vectorsFile, rows[0])
	}
	var vs []bip340Vector
	for i, r := range rows[1:] {
		if len(r) != 8 {
			t.Fatalf("%s line %d: %d fields", vectorsFile, i+2, len(r))
		}
		dec := func(s string) []byte {
			b, err := hex.DecodeString(s)
			if err != nil {
				t.Fatalf("%s row %s: bad hex %q", vectorsFile, r[0], s)
			}
			return b
		}
		vs = append(vs, bip340Vector{
			index: r[0], sk: dec(r[1]), pk: dec(r[2]), aux: dec(r[3]),
			msg: dec(r[4]), sig: dec(r[5]), ok: r[6] == "TRUE", comment: r[7],
		})
	}
	return vs
}

func TestBIP340Vectors(t *testing.T) {
	vs := loadVectors(t)
	if len(vs) != 19 {
		t.Errorf("%s: %d rows, want 19", vectorsFile, len(vs))
	}
	signed := 0
	for _, v := range vs {
		name := vectorsFile + " row " + v.index
		if v.comment != "" {
			name += " (" + v.comment + ")"
		}
		if len(v.sk) > 0 {
			signed++
			k, err := p256k1.NewPrivateKey(v.sk)
			if err != nil {
				t.Errorf("%s: secret key rejected: %v", name, err)
				continue
			}
			aux := (*[32]byte)(v.aux)
			kp, err := NewKeypair(&k)
			if err != nil {
				t.Errorf("%s: NewKeypair: %v", name, err)
				continue
			}
			xo := kp.XOnlyPublicKey()
			if pk := xo.Bytes(); !bytes.Equal(pk[:], v.pk) {
				t.Errorf("%s: public key %X, want %X", name, pk, v.pk)
			}
			sig, err := SignKeypair(&kp, v.msg, aux)
			if err != nil || !bytes.Equal(sig[:], v.sig) {
				t.Errorf("%s: SignKeypair = %X, %v; want %X", name, sig, err, v.sig)
			}
			sig, err = Sign(&k, v.msg, aux)
			if err != nil || !bytes.Equal(sig[:], v.sig) {
				t.Errorf("%s: Sign = %X, %v; want %X", name, sig, err, v.sig)
			}
			if ref := refSign(v.sk, v.msg, v.aux); !bytes.Equal(ref, v.sig) {
				t.Errorf("%s: the math/big model signs %X, want %X", name, ref, v.sig)
			}
		}

		if got := VerifyBytes(v.pk, v.msg, v.sig); got != v.ok {
			t.Errorf("%s: VerifyBytes = %v, want %v", name, got, v.ok)
		}
		if got := refVerify(v.pk, v.msg, v.sig); got != v.ok {
			t.Errorf("%s: the math/big model verifies %v, want %v", name, got, v.ok)
		}
		pub, err := p256k1.ParseXOnlyPublicKey(v.pk)
		if err != nil {
			if v.ok {
				t.Errorf("%s: public key rejected: %v", name, err)
			}
			continue
		}
		if got := Verify(&pub, v.msg, (*[64]byte)(v.sig)); got != v.ok {
			t.Errorf("%s: Verify = %v, want %v", name, got, v.ok)
		}
	}
	if signed != 8 {
		t.Errorf("%s: %d rows with a secret key, want 8", vectorsFile, signed)
	}
}
