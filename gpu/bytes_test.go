package gpu

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// pBytes is p, the field's modulus, big-endian.
var pBytes = func() (b [32]byte) { fieldP.FillBytes(b[:]); return }()

// minus returns b − d (big-endian 32 bytes, no wrap below zero).
func minus(b [32]byte, d int64) [32]byte {
	v := new(big.Int).SetBytes(b[:])
	v.Sub(v, big.NewInt(d))
	var out [32]byte
	v.FillBytes(out[:])
	return out
}

// edgeX are 32-byte x coordinates at the edges of the field and of the
// curve: zero, one, 7's neighbourhood, p − 1, p, p + 1 and all ones (the
// last three not below p), and hashes (about half of them on the curve).
func edgeX(i int) [32]byte {
	switch i % 12 {
	case 0:
		return [32]byte{}
	case 1:
		return [32]byte{31: 1}
	case 2:
		return minus(pBytes, 1)
	case 3:
		return pBytes
	case 4:
		return minus(pBytes, -1)
	case 5:
		var b [32]byte
		for j := range b {
			b[j] = 0xff
		}
		return b
	case 6:
		return [32]byte{31: 7}
	}
	return sha256.Sum256(fmt.Appendf(nil, "edge x %d", i))
}

// schnorrBytes makes n BIP-340 items as flat bytes: signatures of 32-byte
// messages by their keys, then spoiled in every way VerifySchnorrBytes must
// judge as the CPU does: keys at the field's edges or off the curve,
// another key, r ≥ p, r = p − 1, s ≥ n, s = n − 1 or 0, a flipped bit,
// another message.
func schnorrBytes(n int) (keys, msgs, sigs []byte) {
	for i := range n {
		k := key(uint64(i))
		msg := sha256.Sum256(fmt.Appendf(nil, "bytes message %d", i))
		sig, err := schnorr.Sign(&k, msg[:], &[32]byte{byte(i)})
		if err != nil {
			panic(err)
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		kb := x.Bytes()
		switch i % 13 {
		case 1:
			kb = edgeX(i / 13)
		case 2:
			o := key(uint64(i) + 1_000_000)
			op := o.PublicKey()
			ox, _ := op.XOnly()
			kb = ox.Bytes()
		case 3:
			copy(sig[:32], pBytes[:])
		case 4:
			r := minus(pBytes, 1)
			copy(sig[:32], r[:])
		case 5:
			copy(sig[32:], orderBytes[:])
		case 6:
			copy(sig[32:], orderMinus1[:])
		case 7:
			clear(sig[32:])
		case 8:
			sig[i%64] ^= 1 << (i % 8)
		case 9:
			msg[i%32] ^= 0x80
		}
		keys = append(keys, kb[:]...)
		msgs = append(msgs, msg[:]...)
		sigs = append(sigs, sig[:]...)
	}
	return keys, msgs, sigs
}

// wantSchnorrBytes is VerifySchnorrBytes' documented meaning, on the CPU.
func wantSchnorrBytes(keys, msgs, sigs []byte, i int) bool {
	pk, err := p256k1.ParseXOnlyPublicKey(keys[32*i : 32*i+32])
	return err == nil && schnorr.Verify(&pk, msgs[32*i:32*i+32], (*[64]byte)(sigs[64*i:]))
}

func TestVerifySchnorrBytes(t *testing.T) {
	e := engine(t)
	n := 390
	if testing.Short() {
		n = 130
	}
	keys, msgs, sigs := schnorrBytes(n)
	ok := make([]bool, n)
	if err := e.VerifySchnorrBytes(keys, msgs, sigs, ok); err != nil {
		t.Fatal(err)
	}
	valid, onCurveInvalid := 0, 0
	for i := range n {
		want := wantSchnorrBytes(keys, msgs, sigs, i)
		if ok[i] != want {
			t.Fatalf("item %d (key %x, sig %x): device %v, CPU %v", i, keys[32*i:32*i+32], sigs[64*i:64*i+64], ok[i], want)
		}
		if want {
			valid++
		} else if _, err := p256k1.ParseXOnlyPublicKey(keys[32*i : 32*i+32]); err != nil {
			onCurveInvalid++
		}
	}
	if valid == 0 || valid == n || onCurveInvalid == 0 {
		t.Fatalf("%d of %d valid, %d keys off the curve or not below p: the test needs every kind", valid, n, onCurveInvalid)
	}
	// The same items through VerifySchnorr, parsed on the host.
	items := make([]schnorr.BatchItem, 0, n)
	var idx []int
	for i := range n {
		pk, err := p256k1.ParseXOnlyPublicKey(keys[32*i : 32*i+32])
		if err != nil {
			continue
		}
		items = append(items, schnorr.BatchItem{PublicKey: &pk, Message: msgs[32*i : 32*i+32], Signature: (*[64]byte)(sigs[64*i:])})
		idx = append(idx, i)
	}
	ok2 := make([]bool, len(items))
	if err := e.VerifySchnorr(items, ok2); err != nil {
		t.Fatal(err)
	}
	for j, i := range idx {
		if ok2[j] != ok[i] {
			t.Fatalf("item %d: VerifySchnorr %v, VerifySchnorrBytes %v", i, ok2[j], ok[i])
		}
	}
	got := make([]bool, n)
	if err := VerifySchnorrBytesOrCPU(nil, keys, msgs, sigs, got); !errors.Is(err, ErrClosed) {
		t.Fatalf("VerifySchnorrBytesOrCPU(nil): %v", err)
	}
	for i := range n {
		if got[i] != ok[i] {
			t.Fatalf("item %d: VerifySchnorrBytesOrCPU on the CPU %v, device %v", i, got[i], ok[i])
		}
	}
}

// ecdsaBytes makes n ECDSA items as flat bytes: compressed keys, hashes
// and compact signatures, then spoiled in every way VerifyECDSABytes must
// judge as the CPU does: every wrong prefix, the other parity, x at the
// field's edges or off the curve, r or s zero, n or n − 1, high-S, hashes
// 0, n and all ones (which the device reduces), a flipped bit.
func ecdsaBytes(n int) (keys, hashes, sigs []byte) {
	for i := range n {
		k := key(uint64(i))
		h := sha256.Sum256(fmt.Appendf(nil, "bytes ecdsa %d", i))
		switch i % 31 {
		case 0:
			h = [32]byte{}
		case 1:
			h = orderBytes
		case 2:
			for j := range h {
				h[j] = 0xff
			}
		}
		sig, err := ecdsa.Sign(&k, &h)
		if err != nil {
			panic(err)
		}
		c := sig.SerializeCompact()
		pub := k.PublicKey()
		kb := pub.SerializeCompressed()
		switch i % 17 {
		case 1:
			kb[0] = []byte{0, 1, 4, 5, 6, 7, 0xff}[(i/17)%7]
		case 2:
			kb[0] ^= 1 // the other point with this x
		case 3:
			x := edgeX(i / 17)
			copy(kb[1:], x[:])
		case 4:
			clear(c[:32])
		case 5:
			clear(c[32:])
		case 6:
			copy(c[:32], orderBytes[:])
		case 7:
			copy(c[32:], orderBytes[:])
		case 8:
			copy(c[:32], orderMinus1[:])
		case 9: // high-S: n − s
			s := new(big.Int).SetBytes(c[32:])
			s.Sub(new(big.Int).SetBytes(orderBytes[:]), s)
			s.FillBytes(c[32:])
		case 10:
			c[i%64] ^= 1 << (i % 8)
		case 11:
			h[0] ^= 1
		}
		keys = append(keys, kb[:]...)
		hashes = append(hashes, h[:]...)
		sigs = append(sigs, c[:]...)
	}
	return keys, hashes, sigs
}

// wantECDSABytes is VerifyECDSABytes' documented meaning, on the CPU.
func wantECDSABytes(keys, hashes, sigs []byte, i int) bool {
	pk, err1 := p256k1.ParsePublicKey(keys[33*i : 33*i+33])
	sig, err2 := ecdsa.ParseCompact((*[64]byte)(sigs[64*i:]))
	return err1 == nil && err2 == nil && ecdsa.Verify(&pk, (*[32]byte)(hashes[32*i:]), &sig)
}

func TestVerifyECDSABytes(t *testing.T) {
	e := engine(t)
	n := 340
	if testing.Short() {
		n = 170
	}
	keys, hashes, sigs := ecdsaBytes(n)
	ok := make([]bool, n)
	if err := e.VerifyECDSABytes(keys, hashes, sigs, ok); err != nil {
		t.Fatal(err)
	}
	valid := 0
	for i := range n {
		want := wantECDSABytes(keys, hashes, sigs, i)
		if ok[i] != want {
			t.Fatalf("item %d (key %x, sig %x): device %v, CPU %v", i, keys[33*i:33*i+33], sigs[64*i:64*i+64], ok[i], want)
		}
		if want {
			valid++
		}
	}
	if valid == 0 || valid == n {
		t.Fatalf("%d of %d valid: the test needs both kinds", valid, n)
	}
	got := make([]bool, n)
	if err := VerifyECDSABytesOrCPU(nil, keys, hashes, sigs, got); !errors.Is(err, ErrClosed) {
		t.Fatalf("VerifyECDSABytesOrCPU(nil): %v", err)
	}
	for i := range n {
		if got[i] != ok[i] {
			t.Fatalf("item %d: VerifyECDSABytesOrCPU on the CPU %v, device %v", i, got[i], ok[i])
		}
	}
}

// TestVerifyBytesLengths: inputs that are not whole items, or that hold
// different numbers of items, are ErrBadLength naming the method, before
// the engine is looked at; no items is no work.
func TestVerifyBytesLengths(t *testing.T) {
	var nilEngine *Engine
	ok := make([]bool, 4)
	for _, c := range []struct{ keys, msgs, sigs int }{{31, 0, 0}, {64, 32, 128}, {64, 64, 64}, {64, 64, 129}, {0, 32, 0}} {
		err := nilEngine.VerifySchnorrBytes(make([]byte, c.keys), make([]byte, c.msgs), make([]byte, c.sigs), ok)
		if !errors.Is(err, ErrBadLength) || !strings.Contains(err.Error(), "VerifySchnorrBytes: ") {
			t.Errorf("VerifySchnorrBytes %v: %v, want ErrBadLength", c, err)
		}
		err = VerifySchnorrBytesOrCPU(nil, make([]byte, c.keys), make([]byte, c.msgs), make([]byte, c.sigs), ok)
		if !errors.Is(err, ErrBadLength) {
			t.Errorf("VerifySchnorrBytesOrCPU %v: %v, want ErrBadLength", c, err)
		}
	}
	for _, c := range []struct{ keys, hashes, sigs int }{{32, 32, 64}, {66, 32, 128}, {66, 64, 64}, {0, 0, 64}} {
		err := nilEngine.VerifyECDSABytes(make([]byte, c.keys), make([]byte, c.hashes), make([]byte, c.sigs), ok)
		if !errors.Is(err, ErrBadLength) {
			t.Errorf("VerifyECDSABytes %v: %v, want ErrBadLength", c, err)
		}
		err = VerifyECDSABytesOrCPU(nil, make([]byte, c.keys), make([]byte, c.hashes), make([]byte, c.sigs), ok)
		if !errors.Is(err, ErrBadLength) {
			t.Errorf("VerifyECDSABytesOrCPU %v: %v, want ErrBadLength", c, err)
		}
	}
	if err := VerifySchnorrBytesOrCPU(nil, nil, nil, nil, nil); !errors.Is(err, ErrClosed) {
		t.Errorf("VerifySchnorrBytesOrCPU of nothing: %v", err)
	}
}

// FuzzVerifyBytes: VerifySchnorrBytes and VerifyECDSABytes answer every
// item as the CPU does, whatever the bytes (up to 8 items of each kind per
// input, as many as all three slices hold). Each input is a kernel launch:
// on PoCL some hundreds a second.
func FuzzVerifyBytes(f *testing.F) {
	k, m, s := schnorrBytes(13)
	ek, eh, es := ecdsaBytes(17)
	for i := 0; i+3 <= 13; i += 3 { // BIP-340 items valid or spoiled
		f.Add(k[32*i:32*i+96], m[32*i:32*i+96], s[64*i:64*i+192], ek[33*i:33*i+99])
	}
	for i := 0; i+3 <= 17; i += 3 { // ECDSA items valid or spoiled
		f.Add(k[:96], eh[32*i:32*i+96], es[64*i:64*i+192], ek[33*i:33*i+99])
	}
	f.Add([]byte{}, []byte{}, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, keys, msgs, sigs, ekeys []byte) {
		e := engine(t)
		n := min(len(keys)/32, len(msgs)/32, len(sigs)/64, 8)
		keys, msgs, sigs = keys[:32*n], msgs[:32*n], sigs[:64*n]
		ok := make([]bool, n)
		if err := e.VerifySchnorrBytes(keys, msgs, sigs, ok); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if want := wantSchnorrBytes(keys, msgs, sigs, i); ok[i] != want {
				t.Fatalf("BIP-340 item %d: device %v, CPU %v", i, ok[i], want)
			}
		}
		// ECDSA: the same messages as hashes and the same signatures, with
		// the 33-byte keys.
		n = min(len(ekeys)/33, n)
		ekeys = ekeys[:33*n]
		if err := e.VerifyECDSABytes(ekeys, msgs[:32*n], sigs[:64*n], ok[:n]); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if want := wantECDSABytes(ekeys, msgs, sigs, i); ok[i] != want {
				t.Fatalf("ECDSA item %d: device %v, CPU %v", i, ok[i], want)
			}
		}
	})
}
