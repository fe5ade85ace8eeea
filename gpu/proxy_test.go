package gpu

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

// TestWriteProxyInputs writes, when P256K1_GPU_PROXY_DIR names a folder,
// the G table and each kernel's prepared inputs with the CPU's answers, for
// gpu/proxy/proxy.sh (a C build of the kernels that counts operations per
// item and checks every item against the CPU). Skipped otherwise.
func TestWriteProxyInputs(t *testing.T) {
	dir := os.Getenv("P256K1_GPU_PROXY_DIR")
	if dir == "" {
		t.Skip("P256K1_GPU_PROXY_DIR not set")
	}
	const n = 256
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("gtab.bin", gTable())
	b2 := func(v bool) byte {
		if v {
			return 1
		}
		return 0
	}

	// Every item runs the whole kernel (no early rejection), a third of
	// them invalid (another message).
	sch := make([]schnorr.BatchItem, n)
	for i := range sch {
		k := key(uint64(i))
		msg := fmt.Appendf(nil, "proxy schnorr %d", i)
		sig, err := schnorr.Sign(&k, msg, nil)
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		if i%3 == 1 {
			msg[0] ^= 1
		}
		sch[i] = schnorr.BatchItem{PublicKey: &x, Message: msg, Signature: &sig}
	}
	p := PrepareSchnorr(sch)
	want := make([]byte, n)
	for i := range sch {
		want[i] = b2(schnorr.Verify(sch[i].PublicKey, sch[i].Message, sch[i].Signature))
	}
	write("schnorr.in", p.in)
	write("schnorr.want", want)

	ecd := make([]ECDSAItem, n)
	for i := range ecd {
		k := key(uint64(i))
		h := sha256.Sum256(fmt.Appendf(nil, "proxy ecdsa %d", i))
		sig, err := ecdsa.Sign(&k, &h)
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		if i%3 == 1 {
			h[i%32] ^= 1
		}
		ecd[i] = ECDSAItem{PublicKey: &pub, Hash: &h, Signature: &sig}
	}
	p = PrepareECDSA(ecd)
	want = make([]byte, n)
	for i := range ecd {
		want[i] = b2(ecdsa.Verify(ecd[i].PublicKey, ecd[i].Hash, ecd[i].Signature))
	}
	write("ecdsa.in", p.in)
	write("ecdsa.want", want)

	scalars := make([][32]byte, n)
	want = make([]byte, 64*n)
	for i := range scalars {
		scalars[i] = sha256.Sum256(fmt.Appendf(nil, "proxy scalar %d", i))
		k, err := p256k1.NewPrivateKey(scalars[i][:])
		if err != nil {
			t.Fatal(err)
		}
		pk := k.PublicKey()
		u := pk.SerializeUncompressed()
		copy(want[64*i:], u[1:])
	}
	p = PreparePublicKeys(scalars)
	write("pubkeys.in", p.in)
	write("pubkeys.want", want)

	txs := make([]silentpayments.TxInputs, n)
	for i := range txs {
		a, b := key(uint64(2*i)), key(uint64(2*i+1))
		var op silentpayments.Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], uint64(i))
		txs[i] = silentpayments.TxInputs{Inputs: []p256k1.PublicKey{a.PublicKey(), b.PublicKey()}, Outpoints: []silentpayments.Outpoint{op}}
	}
	out, errs := make([]p256k1.PublicKey, n), make([]error, n)
	silentpayments.TweakDataBatch(txs, out, errs)
	want = make([]byte, 64*n)
	for i := range out {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		u := out[i].SerializeUncompressed()
		copy(want[64*i:], u[1:])
	}
	p = PrepareTweakData(txs)
	write("tweak.in", p.in)
	write("tweak.want", want)
}
