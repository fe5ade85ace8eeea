package crossgroup

import (
	"bytes"
	"errors"
	"math/rand/v2"

	"github.com/p256k1/p256k1/internal/scalar"
	"testing"
)

// detReader is a deterministic io.Reader for tests.
type detReader struct{ r *rand.Rand }

func (d detReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(d.r.Uint32())
	}
	return len(p), nil
}

func newDet(seed uint64) detReader { return detReader{rand.New(rand.NewPCG(seed, 10))} }

// TestCorruptionsRejected flips bytes of a go-dleq proof at a deterministic
// sample of positions that covers every field of the encoding: every byte
// of the header (both public points and the bit count), of both signatures
// and their length bytes, and every byte of several bits' proofs (both
// commitments, both challenges, all four responses). Each corruption must
// be rejected, by ParseProof or by verification. With the strict parser no
// byte is meaningless: every change alters a value that is checked.
// Corruptions inside bit i are checked with that bit's own verification
// (checkBit), which is what Verify runs for it; the rest with Verify.
func TestCorruptionsRejected(t *testing.T) {
	v := loadVectors(t)[0]
	bitsToTest := []int{0, 1, 2, 100, 235, 236, 250, 251}
	deltas := []byte{0x01, 0x80, 0xff}
	if testing.Short() {
		bitsToTest = []int{0, 236, 251}
		deltas = []byte{0x01}
	}
	const hdr = 33 + 32 + 1
	tail := hdr + Bits*bitProofSize // sig length byte
	var positions []int
	for i := range hdr {
		positions = append(positions, i)
	}
	for i := tail; i < len(v.proof); i++ {
		positions = append(positions, i)
	}
	for _, b := range bitsToTest {
		for j := range bitProofSize {
			positions = append(positions, hdr+b*bitProofSize+j)
		}
	}
	checked := 0
	for _, pos := range positions {
		for _, d := range deltas {
			bad := bytes.Clone(v.proof)
			bad[pos] ^= d
			p, err := ParseProof(bad)
			if err != nil {
				if !errors.Is(err, ErrMalformedProof) {
					t.Fatalf("byte %d ^ %#x: unexpected error %v", pos, d, err)
				}
				continue
			}
			checked++
			if pos >= hdr && pos < tail {
				bit := (pos - hdr) / bitProofSize
				st := &verifierState{proof: p}
				if st.checkBit(bit) {
					t.Errorf("byte %d ^ %#x (bit %d, offset %d): bit proof still verifies", pos, d, bit, (pos-hdr)%bitProofSize)
				}
				continue
			}
			if err := p.Verify(nil); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("byte %d ^ %#x: Verify = %v", pos, d, err)
			}
		}
	}
	t.Logf("%d positions × %d deltas, %d parsed and failed verification", len(positions), len(deltas), checked)
}

// TestSwappedBitsRejected moves a bit's proof to another index: the
// commitment sums catch it even though each bit proof verifies alone.
func TestSwappedBitsRejected(t *testing.T) {
	v := loadVectors(t)[0]
	p, err := ParseProof(v.proof)
	if err != nil {
		t.Fatal(err)
	}
	p.bits[3], p.bits[7] = p.bits[7], p.bits[3]
	if err := p.Verify(nil); !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("Verify = %v", err)
	}
}

func TestParseMalformed(t *testing.T) {
	v := loadVectors(t)[0]
	for _, b := range [][]byte{nil, {}, v.proof[:len(v.proof)-1], append(bytes.Clone(v.proof), 0), v.proof[:MinSize-1]} {
		if _, err := ParseProof(b); !errors.Is(err, ErrMalformedProof) {
			t.Errorf("length %d: %v", len(b), err)
		}
	}
}

func TestProveDeterministicWithReader(t *testing.T) {
	x, err := GenerateSecret(newDet(1))
	if err != nil {
		t.Fatal(err)
	}
	p1, err := Prove(&x, &Options{Workers: 1, Rand: newDet(2)})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := Prove(&x, &Options{Workers: 3, Rand: newDet(2)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(p1.Bytes(), p2.Bytes()) {
		t.Fatal("same seed, different proofs (worker count must not matter)")
	}
	if err := p1.Verify(&Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	p3, _ := Prove(&x, &Options{Workers: 1, Rand: newDet(3)})
	if bytes.Equal(p1.Bytes(), p3.Bytes()) {
		t.Fatal("different seeds, same proof")
	}
}

func TestEdgeSecrets(t *testing.T) {
	one := [32]byte{0: 1}
	max := [32]byte{}
	for i := range max {
		max[i] = 0xff
	}
	max[31] = 0x0f // 2^252 − 1
	for _, x := range [][32]byte{one, max} {
		p, err := Prove(&x, &Options{Rand: newDet(4)})
		if err != nil {
			t.Fatalf("%x: %v", x, err)
		}
		if err := p.Verify(nil); err != nil {
			t.Fatalf("%x: %v", x, err)
		}
	}
	var zero [32]byte
	big := [32]byte{31: 0x10} // 2^252
	for _, x := range [][32]byte{zero, big} {
		if _, err := Prove(&x, nil); !errors.Is(err, ErrInvalidSecret) {
			t.Errorf("%x: %v", x, err)
		}
		if _, _, err := PublicKeys(&x); !errors.Is(err, ErrInvalidSecret) {
			t.Errorf("PublicKeys(%x): %v", x, err)
		}
	}
	if _, err := Prove(nil, nil); !errors.Is(err, ErrInvalidSecret) {
		t.Errorf("nil: %v", err)
	}
}

// TestAllocs holds the allocation count of Prove and Verify to a small
// constant: the proof (or scratch space) and a few fixed-size values, never
// anything per bit (there are 252 bits; the bound is far below that).
func TestAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	x := loadVectors(t)[0].secret
	var p *Proof
	n := testing.AllocsPerRun(2, func() { p, _ = Prove(&x, &Options{Workers: 1}) })
	if n > 6 {
		t.Errorf("Prove (1 worker) allocates %v times", n)
	}
	n = testing.AllocsPerRun(2, func() { _ = p.Verify(&Options{Workers: 1}) })
	if n > 2 {
		t.Errorf("Verify (1 worker) allocates %v times", n)
	}
	n = testing.AllocsPerRun(2, func() { _ = p.Verify(&Options{Workers: 4}) })
	if n > 2+2*4 {
		t.Errorf("Verify (4 workers) allocates %v times", n)
	}
}

// TestSecpChallengeQuirk checks secpFromGoDleq against its definition:
// the minimal big-endian bytes of v copied to the front of 32 bytes.
func TestSecpChallengeQuirk(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for k := 0; k <= 32; k++ {
		var b [32]byte
		for i := k; i < 32; i++ {
			b[i] = byte(r.Uint32())
		}
		if k < 32 && b[k] == 0 {
			b[k] = 1
		}
		b[0] &= 0x7f // stay below n
		var s scalar.Scalar
		s.SetBytes(&b)
		secpFromGoDleq(&s)
		var want [32]byte
		copy(want[:], b[min(k, 32):])
		var got [32]byte
		s.Bytes(&got)
		if got != want {
			t.Fatalf("k=%d: got %x, want %x", k, got, want)
		}
	}
}
