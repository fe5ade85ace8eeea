package secp256k1

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"testing"
)

func TestRecoverPubkeyWithContext(t *testing.T) {
	seckey := bytes.Repeat([]byte{5}, 32)
	msg := sha256.Sum256([]byte("erigon"))
	sig, err := Sign(msg[:], seckey)
	if err != nil {
		t.Fatal(err)
	}
	want, err := RecoverPubkey(msg[:], sig)
	if err != nil {
		t.Fatal(err)
	}
	// Appends to pkbuf, reusing its array when there is room.
	buf := make([]byte, 3, 3+65)
	copy(buf, "abc")
	got, err := RecoverPubkeyWithContext(ContextForThread(0), msg[:], sig, buf)
	if err != nil || !bytes.Equal(got[:3], []byte("abc")) || !bytes.Equal(got[3:], want) || &got[0] != &buf[0] {
		t.Fatalf("got %x, %v", got, err)
	}
	// Without room it allocates and keeps the prefix.
	got, err = RecoverPubkeyWithContext(NewContext(), msg[:], sig, []byte("xy"))
	if err != nil || string(got[:2]) != "xy" || !bytes.Equal(got[2:], want) {
		t.Fatalf("got %x, %v", got, err)
	}
	for i := range NumOfContexts() + 2 { // any thread number, nil context too
		if _, err := RecoverPubkeyWithContext(ContextForThread(i), msg[:], sig, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := RecoverPubkeyWithContext(nil, msg[:], sig, nil); err != nil {
		t.Fatal(err)
	}
	bad := bytes.Clone(sig)
	bad[64] = 4
	if got, err := RecoverPubkeyWithContext(DefaultContext, msg[:], bad, buf); got != nil || !errors.Is(err, ErrInvalidRecoveryID) {
		t.Fatalf("got %x, %v", got, err)
	}
	if a := testing.AllocsPerRun(20, func() {
		_, _ = RecoverPubkeyWithContext(DefaultContext, msg[:], sig, buf[:0])
	}); a != 0 {
		t.Fatalf("%v allocations with room in pkbuf", a)
	}
	if !VerifySignature(want, msg[:], sig[:64]) {
		t.Fatal("VerifySignature")
	}
	x, y := S256().ScalarBaseMult(seckey)
	if !bytes.Equal(S256().Marshal(x, y), want) {
		t.Fatal("ScalarBaseMult")
	}
	if dx, _ := DecompressPubkey(CompressPubkey(x, y)); dx.Cmp(x) != 0 {
		t.Fatal("DecompressPubkey")
	}
}
