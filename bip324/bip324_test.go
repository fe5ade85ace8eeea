package bip324

import (
	"bytes"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ellswift"
)

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPacketVectors checks every row of BIP-324's
// packet_encoding_test_vectors.csv, every mid_* value included.
func TestPacketVectors(t *testing.T) {
	f, err := os.Open("testdata/packet_encoding_test_vectors.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 8 {
		t.Fatalf("%d rows", len(recs)-1)
	}
	for i, rec := range recs[1:] {
		r := map[string]string{}
		for j, h := range recs[0] {
			r[h] = rec[j]
		}
		check := func(name string, got []byte) {
			t.Helper()
			if hex.EncodeToString(got) != r[name] {
				t.Errorf("row %d: %s = %x, want %s", i, name, got, r[name])
			}
		}
		priv, err := p256k1.NewPrivateKey(unhex(t, r["in_priv_ours"]))
		if err != nil {
			t.Fatal(err)
		}
		ours := [64]byte(unhex(t, r["in_ellswift_ours"]))
		theirs := [64]byte(unhex(t, r["in_ellswift_theirs"]))
		initiator := r["in_initiating"] == "1"

		xo := ellswift.DecodeX(&ours)
		check("mid_x_ours", xo[:])
		pub := priv.PublicKey()
		if c := pub.SerializeCompressed(); !bytes.Equal(c[1:], xo[:]) {
			t.Errorf("row %d: ellswift_ours is not priv's key", i)
		}
		xt := ellswift.DecodeX(&theirs)
		check("mid_x_theirs", xt[:])
		ellA, ellB := &theirs, &ours
		party := ellswift.PartyB
		if initiator {
			ellA, ellB, party = &ours, &theirs, ellswift.PartyA
		}
		xs, err := ellswift.XDH(&priv, ellA, ellB, party, func(x [32]byte, _, _ *[64]byte) ([32]byte, error) { return x, nil })
		if err != nil {
			t.Fatal(err)
		}
		check("mid_x_shared", xs[:])
		secret, err := ellswift.XDHBIP324(&priv, &ours, &theirs, initiator)
		if err != nil {
			t.Fatal(err)
		}
		check("mid_shared_secret", secret[:])
		k := DeriveKeys(&secret, MainnetMagic)
		check("mid_initiator_l", k.InitiatorL[:])
		check("mid_initiator_p", k.InitiatorP[:])
		check("mid_responder_l", k.ResponderL[:])
		check("mid_responder_p", k.ResponderP[:])

		c, err := NewCipher(&priv, &ours, &theirs, initiator, MainnetMagic)
		if err != nil {
			t.Fatal(err)
		}
		sg, rg, sid := c.SendGarbageTerminator(), c.RecvGarbageTerminator(), c.SessionID()
		check("mid_send_garbage_terminator", sg[:])
		check("mid_recv_garbage_terminator", rg[:])
		check("out_session_id", sid[:])

		idx, _ := strconv.Atoi(r["in_idx"])
		for j := 0; j < idx; j++ {
			if _, err := c.Encrypt(nil, nil, nil, false); err != nil {
				t.Fatal(err)
			}
		}
		mult, _ := strconv.Atoi(r["in_multiply"])
		contents := bytes.Repeat(unhex(t, r["in_contents"]), mult)
		ct, err := c.Encrypt(nil, contents, unhex(t, r["in_aad"]), r["in_ignore"] == "1")
		if err != nil {
			t.Fatal(err)
		}
		if w := r["out_ciphertext"]; w != "" {
			check("out_ciphertext", ct)
		}
		if w := r["out_ciphertext_endswith"]; w != "" {
			if !bytes.HasSuffix(ct, unhex(t, w)) {
				t.Errorf("row %d: ciphertext does not end with out_ciphertext_endswith", i)
			}
		}

		// The peer (the other side, from the secret) decrypts it after
		// the same number of packets.
		peer := NewCipherFromSecret(&secret, !initiator, MainnetMagic)
		if peer.SessionID() != sid || peer.RecvGarbageTerminator() != sg || peer.SendGarbageTerminator() != rg {
			t.Errorf("row %d: peer's terminators or session id", i)
		}
		for j := 0; j < idx; j++ {
			peer.DecryptLength((*[3]byte)(make([]byte, 3)))
			peer.recvP.next()
		}
		if n := peer.DecryptLength((*[3]byte)(ct[:3])); n != len(contents) {
			t.Fatalf("row %d: length %d, want %d", i, n, len(contents))
		}
		pt, ign, err := peer.Decrypt(nil, ct[3:], unhex(t, r["in_aad"]))
		if err != nil || !bytes.Equal(pt, contents) || ign != (r["in_ignore"] == "1") {
			t.Errorf("row %d: peer decryption: %v", i, err)
		}
	}
}

func pair(t testing.TB) (*Cipher, *Cipher) {
	a, _ := p256k1.GeneratePrivateKey()
	b, _ := p256k1.GeneratePrivateKey()
	ea, _ := ellswift.Create(&a, nil)
	eb, _ := ellswift.Encode(func() *p256k1.PublicKey { p := b.PublicKey(); return &p }(), nil)
	ci, err := NewCipher(&a, &ea, &eb, true, MainnetMagic)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := NewCipher(&b, &eb, &ea, false, MainnetMagic)
	if err != nil {
		t.Fatal(err)
	}
	if ci.SessionID() != cr.SessionID() || ci.SendGarbageTerminator() != cr.RecvGarbageTerminator() ||
		ci.RecvGarbageTerminator() != cr.SendGarbageTerminator() {
		t.Fatal("sides disagree")
	}
	return ci, cr
}

func send(t *testing.T, from, to *Cipher, msg, aad []byte, ignore bool) {
	t.Helper()
	ct, err := from.Encrypt(nil, msg, aad, ignore)
	if err != nil {
		t.Fatal(err)
	}
	if len(ct) != len(msg)+Overhead {
		t.Fatal("packet length")
	}
	n := to.DecryptLength((*[3]byte)(ct[:3]))
	if n != len(msg) || len(ct[3:]) != n+HeaderSize+TagSize {
		t.Fatalf("length %d, want %d", n, len(msg))
	}
	prefix := []byte("pfx")
	pt, ign, err := to.Decrypt(prefix, ct[3:], aad)
	if err != nil || ign != ignore || !bytes.Equal(pt, append([]byte("pfx"), msg...)) {
		t.Fatalf("decrypt: %v %v", err, ign)
	}
}

// TestRoundTrip sends packets both ways across several rekeys of both
// ciphers (224 messages each), with varying lengths, aad and ignore bits.
func TestRoundTrip(t *testing.T) {
	ci, cr := pair(t)
	for i := 0; i < 3*RekeyInterval+5; i++ {
		msg := bytes.Repeat([]byte{byte(i)}, i%70)
		var aad []byte
		if i%7 == 0 {
			aad = []byte("garbage")
		}
		send(t, ci, cr, msg, aad, i%5 == 0)
		if i%3 != 0 {
			send(t, cr, ci, msg, nil, false)
		}
	}
	if ci.sendP.packets != 3*RekeyInterval+5 || ci.sendL.rekeys != 3 || ci.sendP.packets/RekeyInterval != 3 {
		t.Fatal("counters")
	}
}

// TestTamper flips each bit of a packet body and of the aad: Decrypt must
// report ErrAuth; a fresh pair then still works.
func TestTamper(t *testing.T) {
	msg := []byte("hello, v2 transport")
	aad := []byte("garbage!")
	for bit := 0; bit < 8*(len(msg)+HeaderSize+TagSize)+8*len(aad); bit++ {
		ci, cr := pair(t)
		ct, _ := ci.Encrypt(nil, msg, aad, false)
		cr.DecryptLength((*[3]byte)(ct[:3]))
		body := append([]byte(nil), ct[3:]...)
		a := append([]byte(nil), aad...)
		if bit < 8*len(body) {
			body[bit/8] ^= 1 << (bit % 8)
		} else {
			b := bit - 8*len(body)
			a[b/8] ^= 1 << (b % 8)
		}
		dst := []byte("x")
		out, _, err := cr.Decrypt(dst, body, a)
		if !errors.Is(err, ErrAuth) || !bytes.Equal(out, dst) {
			t.Fatalf("bit %d: err %v", bit, err)
		}
		if bit > 40 {
			bit += 7 // a sample of the rest
		}
	}
	ci, cr := pair(t)
	ct, _ := ci.Encrypt(nil, msg, nil, false)
	cr.DecryptLength((*[3]byte)(ct[:3]))
	if _, _, err := cr.Decrypt(nil, ct[3:len(ct)-1], nil); !errors.Is(err, ErrAuth) {
		t.Fatal("truncated packet accepted")
	}
	if _, _, err := cr.Decrypt(nil, ct[3:5], nil); !errors.Is(err, ErrLength) {
		t.Fatal("short packet")
	}
	if _, err := ci.Encrypt(nil, make([]byte, MaxContents+1), nil, false); !errors.Is(err, ErrTooLong) {
		t.Fatal("long contents")
	}
	var zero p256k1.PrivateKey
	var e [64]byte
	if _, err := NewCipher(&zero, &e, &e, true, MainnetMagic); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Fatal(err)
	}
}

func TestAllocs(t *testing.T) {
	if puregoBuild {
		t.Skip("-tags purego: x/crypto's generic ChaCha20-Poly1305 allocates per call")
	}
	ci, cr := pair(t)
	msg := make([]byte, 100)
	buf := make([]byte, 0, 200)
	pt := make([]byte, 0, 200)
	n := testing.AllocsPerRun(100, func() {
		ct, _ := ci.Encrypt(buf[:0], msg, nil, false)
		cr.DecryptLength((*[3]byte)(ct[:3]))
		cr.Decrypt(pt[:0], ct[3:], nil)
	})
	// One rekey of each of 4 states every 224 packets.
	if n > 0.5 {
		t.Errorf("%v allocations per packet", n)
	}
}

func TestNotPrinted(t *testing.T) {
	ci, _ := pair(t)
	for _, s := range []string{ci.String(), ci.GoString()} {
		if s != "bip324.Cipher(REDACTED)" {
			t.Error(s)
		}
	}
}

// TestKeysNotPrinted: DeriveKeys' result is secret, and no fmt verb, log
// line or encoder shows its bytes (the root package's
// TestSecretsNeverFormattedTyped runs the full oracle on it too).
func TestKeysNotPrinted(t *testing.T) {
	var secret [32]byte
	for i := range secret {
		secret[i] = byte(0xa0 + i)
	}
	k := DeriveKeys(&secret, MainnetMagic)
	var forbidden []string
	for _, f := range [][32]byte{k.InitiatorL, k.InitiatorP, k.ResponderL, k.ResponderP, k.GarbageTerminators, k.SessionID} {
		forbidden = append(forbidden, hex.EncodeToString(f[:4]), fmt.Sprint(f[:4]), string(f[:4]))
	}
	type holder struct{ K Keys }
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%d", "%q"} {
		for _, v := range []any{k, &k, holder{k}, []Keys{k}} {
			out := fmt.Sprintf(verb, v)
			for _, f := range forbidden {
				if strings.Contains(out, f) {
					t.Errorf("%s of %T printed key bytes %q: %s", verb, v, f, out)
				}
			}
			if !strings.Contains(out, "bip324.Keys(REDACTED)") {
				t.Errorf("%s of %T: no placeholder in %q", verb, v, out)
			}
		}
	}
	if _, err := json.Marshal(k); !errors.Is(err, p256k1.ErrSecretNotSerializable) {
		t.Errorf("json.Marshal(Keys): %v", err)
	}
}

// TestMisuse: a nil encoding, a nil or zero-value Cipher and swapped
// encodings are errors (or, where a method has no error result, a panic
// that says what was wrong), never a runtime error or a wrong secret.
func TestMisuse(t *testing.T) {
	a, _ := p256k1.GeneratePrivateKey()
	b, _ := p256k1.GeneratePrivateKey()
	ea, _ := ellswift.Create(&a, nil)
	eb, _ := ellswift.Create(&b, nil)
	for _, c := range []struct{ ours, theirs *[64]byte }{{nil, &eb}, {&ea, nil}} {
		for _, initiating := range []bool{true, false} {
			if _, err := NewCipher(&a, c.ours, c.theirs, initiating, MainnetMagic); !errors.Is(err, p256k1.ErrNilArgument) {
				t.Errorf("NewCipher with a nil encoding: %v, want ErrNilArgument", err)
			}
		}
	}
	// Swapped: ours and theirs exchanged, on either side.
	for _, initiating := range []bool{true, false} {
		if c, err := NewCipher(&a, &eb, &ea, initiating, MainnetMagic); !errors.Is(err, ellswift.ErrNotOurs) || c != nil {
			t.Errorf("NewCipher with ours and theirs swapped (initiating %v): %v, %v; want ellswift.ErrNotOurs", initiating, c, err)
		}
	}
	for name, c := range map[string]*Cipher{"zero": new(Cipher), "nil": nil} {
		if out, err := c.Encrypt([]byte{1}, []byte("x"), nil, false); !errors.Is(err, ErrZeroCipher) || len(out) != 1 {
			t.Errorf("Encrypt on a %s Cipher: %x, %v; want ErrZeroCipher", name, out, err)
		}
		if out, _, err := c.Decrypt(nil, make([]byte, 40), nil); !errors.Is(err, ErrZeroCipher) || out != nil {
			t.Errorf("Decrypt on a %s Cipher: %x, %v; want ErrZeroCipher", name, out, err)
		}
		for method, f := range map[string]func(){
			"DecryptLength":         func() { c.DecryptLength(&[3]byte{}) },
			"SessionID":             func() { c.SessionID() },
			"SendGarbageTerminator": func() { c.SendGarbageTerminator() },
			"RecvGarbageTerminator": func() { c.RecvGarbageTerminator() },
		} {
			wantPanic(t, method+" on a "+name+" Cipher", "bip324: "+method+" on a nil or zero-value Cipher", f)
		}
	}
	ci, _ := pair(t)
	wantPanic(t, "DecryptLength(nil)", "bip324: DecryptLength: nil length field", func() { ci.DecryptLength(nil) })
	wantPanic(t, "DeriveKeys(nil)", "bip324: DeriveKeys: nil secret", func() { DeriveKeys(nil, MainnetMagic) })
	wantPanic(t, "NewCipherFromSecret(nil)", "bip324: NewCipherFromSecret: nil secret", func() { NewCipherFromSecret(nil, true, MainnetMagic) })
}

// wantPanic checks that f panics with a string starting with msg (not a
// runtime error).
func wantPanic(t *testing.T, what, msg string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if s, ok := r.(string); !ok || !strings.HasPrefix(s, msg) {
			t.Errorf("%s: panic %v (%T), want %q", what, r, r, msg)
		}
	}()
	f()
}
