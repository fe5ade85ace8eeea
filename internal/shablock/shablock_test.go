package shablock

import (
	"bytes"
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// sum hashes msg from the initial state with Digest.
func sum(msg []byte, pieces []int) [32]byte {
	var d Digest
	d.Reset(&Initial, 0)
	for _, n := range pieces {
		n = min(n, len(msg))
		d.Write(msg[:n])
		msg = msg[n:]
	}
	d.Write(msg)
	var out [32]byte
	d.Sum(&out)
	return out
}

// TestDigestMatchesCryptoSHA256 hashes every length from 0 to 300 bytes, in
// one piece and in random pieces, with Blocks on this CPU's path, and
// compares with crypto/sha256.
func TestDigestMatchesCryptoSHA256(t *testing.T) {
	rng := rand.New(rand.NewPCG(256, 1))
	msg := make([]byte, 300)
	for i := range msg {
		msg[i] = byte(rng.Uint32())
	}
	for n := 0; n <= len(msg); n++ {
		want := sha256.Sum256(msg[:n])
		if got := sum(msg[:n], nil); got != want {
			t.Fatalf("length %d: %x, want %x", n, got, want)
		}
		pieces := make([]int, rng.IntN(6))
		for i := range pieces {
			pieces[i] = rng.IntN(80)
		}
		if got := sum(msg[:n], pieces); got != want {
			t.Fatalf("length %d in pieces %v: %x, want %x", n, pieces, got, want)
		}
	}
}

// TestMidstate starts from a midstate (a 64-byte prefix hashed by Blocks)
// as the tagged hashes do.
func TestMidstate(t *testing.T) {
	tag := sha256.Sum256([]byte("BIP0340/challenge"))
	s := Initial
	s.Blocks(append(tag[:], tag[:]...))
	// libsecp256k1's hard-coded midstate of the tag.
	if s != (State{0x9cecba11, 0x23925381, 0x11679112, 0xd1627e0f, 0x97c87550, 0x003cc765, 0x90f61164, 0x33e9b66a}) {
		t.Fatalf("midstate %08x", s)
	}
	msg := bytes.Repeat([]byte{7}, 96)
	var d Digest
	d.Reset(&s, 64)
	d.Write(msg)
	var got [32]byte
	d.Sum(&got)
	if want := sha256.Sum256(append(append(tag[:], tag[:]...), msg...)); got != want {
		t.Fatalf("tagged hash %x, want %x", got, want)
	}
}

// TestBlocksGenericTwin compares Blocks (SHA-NI where the CPU has it) with
// the Go compression on random states and runs of blocks.
func TestBlocksGenericTwin(t *testing.T) {
	if !Accelerated {
		t.Log("no SHA-NI here: Blocks is the Go twin itself")
	}
	rng := rand.New(rand.NewPCG(256, 2))
	for i := range 500 {
		var s State
		for j := range s {
			s[j] = rng.Uint32()
		}
		p := make([]byte, BlockSize*(1+rng.IntN(4)))
		for j := range p {
			p[j] = byte(rng.Uint32())
		}
		if i == 0 {
			clear(p)
		}
		if i == 1 {
			for j := range p {
				p[j] = 0xff
			}
		}
		a, b := s, s
		a.Blocks(p)
		blocksGeneric(&b, p)
		if a != b {
			t.Fatalf("case %d: Blocks %08x, Go %08x", i, a, b)
		}
	}
}

func TestPartialBlockPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for 63 bytes")
		}
	}()
	s := Initial
	s.Blocks(make([]byte, 63))
}

func TestNoAllocs(t *testing.T) {
	msg := make([]byte, 200)
	var out [32]byte
	if a := testing.AllocsPerRun(100, func() {
		var d Digest
		d.Reset(&Initial, 0)
		d.Write(msg)
		d.Sum(&out)
	}); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

func BenchmarkBlock(b *testing.B) {
	s := Initial
	p := make([]byte, BlockSize)
	for b.Loop() {
		s.Blocks(p)
	}
}

func BenchmarkBlockGeneric(b *testing.B) {
	s := Initial
	p := make([]byte, BlockSize)
	for b.Loop() {
		blocksGeneric(&s, p)
	}
}

// BenchmarkSum96 is a BIP-340 challenge's shape: 96 bytes from a midstate.
func BenchmarkSum96(b *testing.B) {
	msg := make([]byte, 96)
	var out [32]byte
	var d Digest
	for b.Loop() {
		d.Reset(&Initial, 64)
		d.Write(msg)
		d.Sum(&out)
	}
}

// BenchmarkCryptoSHA256Sum96 is the same through crypto/sha256 (from the
// initial state: one compression more).
func BenchmarkCryptoSHA256Sum96(b *testing.B) {
	msg := make([]byte, 160)
	for b.Loop() {
		sha256.Sum256(msg)
	}
}

// FuzzDigest compares Digest, fed in up to three pieces from the initial
// state or from a midstate, with crypto/sha256.
func FuzzDigest(f *testing.F) {
	f.Add([]byte("abc"), uint8(1), uint8(2), false)
	f.Add(make([]byte, 200), uint8(64), uint8(128), true)
	f.Fuzz(func(t *testing.T, msg []byte, i, j uint8, fromMid bool) {
		a := min(int(i), len(msg))
		b := min(max(int(j), a), len(msg))
		prefix := bytes.Repeat([]byte{0x5c}, BlockSize)
		s := Initial
		var d Digest
		var want [32]byte
		if fromMid {
			s.Blocks(prefix)
			d.Reset(&s, BlockSize)
			want = sha256.Sum256(append(append([]byte{}, prefix...), msg...))
		} else {
			d.Reset(&s, 0)
			want = sha256.Sum256(msg)
		}
		d.Write(msg[:a])
		d.Write(msg[a:b])
		d.Write(msg[b:])
		var got [32]byte
		d.Sum(&got)
		if got != want {
			t.Fatalf("%x, want %x", got, want)
		}
	})
}
