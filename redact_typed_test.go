package p256k1_test

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"strconv"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip32"
	"github.com/p256k1/p256k1/bip324"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/silentpayments"
)

// Concrete holders (TestSecretsNeverFormatted holds the secrets in an any
// field): fmt, the encoders and gob see the field's static type here, which
// is what a program's own structs do.
type (
	heldByValue[T any] struct {
		Name string
		K    T
	}
	heldByPointer[T any] struct {
		Name string
		K    *T
	}
	heldInSlices[T any] struct {
		Vals []T
		Ptrs []*T
		Map  map[string]T
	}
)

// redactionOracle is what must never appear: the secret's bytes (raw, hex
// either case) and the decimal of its limbs.
type redactionOracle struct {
	forbidden []string
}

func newRedactionOracle(secret [32]byte, extra ...string) redactionOracle {
	h := hex.EncodeToString(secret[:])
	f := []string{h, strings.ToUpper(h), h[:8], strings.ToUpper(h[:8]), string(secret[:8])}
	// The four little-endian 64-bit limbs of scalar.Scalar, as fmt prints
	// them with %v/%d, %x/%X and %o.
	for i := 0; i < 4; i++ {
		w := binary.BigEndian.Uint64(secret[24-8*i:])
		if w < 1<<20 {
			continue // too short to search for (key 1 passes its limbs in extra)
		}
		f = append(f, strconv.FormatUint(w, 10), strconv.FormatUint(w, 16), strings.ToUpper(strconv.FormatUint(w, 16)), strconv.FormatUint(w, 8))
	}
	return redactionOracle{forbidden: append(f, extra...)}
}

func (o redactionOracle) check(t *testing.T, what, out string) {
	t.Helper()
	for _, f := range o.forbidden {
		if strings.Contains(out, f) {
			t.Errorf("%s printed the secret (%q) in %q", what, f, out)
		}
	}
	if !strings.Contains(out, "REDACTED") {
		t.Errorf("%s: no REDACTED placeholder in %q", what, out)
	}
}

var redactVerbs = []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%o", "%b", "%e", "%t", "%U", "%c", "%10.3v", "%-8s", "% x", "%#x", "%08d", "%+q"}

// checkSecretTyped prints v (of a secret-holding type T) and &v with every
// verb, alone and inside concrete structs, slices and maps, logs them, and
// encodes the holders: nothing shows the secret and every encoder fails
// with ErrSecretNotSerializable (gob and XML: fail or leave it out).
func checkSecretTyped[T any](t *testing.T, name string, o redactionOracle, v T) {
	t.Helper()
	p := &v
	holders := map[string]any{
		"value":            v,
		"pointer":          p,
		"struct value":     heldByValue[T]{"h", v},
		"struct pointer":   heldByPointer[T]{"h", p},
		"*struct value":    &heldByValue[T]{"h", v},
		"*struct pointer":  &heldByPointer[T]{"h", p},
		"slices and a map": heldInSlices[T]{[]T{v, v}, []*T{p, p}, map[string]T{"k": v}},
		"slice of values":  []T{v},
		"map of pointers":  map[string]*T{"k": p},
	}
	for hn, h := range holders {
		for _, verb := range redactVerbs {
			o.check(t, fmt.Sprintf("%s %s %s", name, hn, verb), fmt.Sprintf(verb, h))
		}
		o.check(t, name+" "+hn+" Sprint", fmt.Sprint(h))
		o.check(t, name+" "+hn+" Sprintln", fmt.Sprintln(h))
		var buf bytes.Buffer
		log.New(&buf, "", 0).Print(h)
		o.check(t, name+" "+hn+" log.Print", buf.String())
		buf.Reset()
		log.New(&buf, "", 0).Printf("%+v", h)
		o.check(t, name+" "+hn+" log.Printf", buf.String())
		buf.Reset()
		slog.New(slog.NewTextHandler(&buf, nil)).Info("msg", "key", h)
		o.check(t, name+" "+hn+" slog text", buf.String())
		buf.Reset()
		// LogValue gives the JSON handler a string; for a holder, the
		// handler's json.Marshal fails and it logs the error instead.
		slog.New(slog.NewJSONHandler(&buf, nil)).Info("msg", "key", h)
		if out := buf.String(); !strings.Contains(out, "REDACTED") && !strings.Contains(out, "refusing to serialize") {
			t.Errorf("%s %s slog json: neither placeholder nor refusal in %q", name, hn, out)
		} else {
			for _, f := range o.forbidden {
				if strings.Contains(out, f) {
					t.Errorf("%s %s slog json printed the secret (%q) in %q", name, hn, f, out)
				}
			}
		}
	}
	for hn, h := range map[string]any{
		"struct value": heldByValue[T]{"h", v}, "struct pointer": heldByPointer[T]{"h", p},
		"slices and a map": heldInSlices[T]{[]T{v}, []*T{p}, map[string]T{"k": v}},
		"value":            v, "pointer": p,
	} {
		if b, err := json.Marshal(h); err == nil {
			t.Errorf("%s %s: json.Marshal succeeded: %s", name, hn, b)
		} else if !errors.Is(err, p256k1.ErrSecretNotSerializable) {
			t.Errorf("%s %s: json.Marshal error %v, want ErrSecretNotSerializable", name, hn, err)
		}
		if b, err := xml.Marshal(h); err == nil {
			o.check(t, name+" "+hn+" xml", string(b)) // must not get here: no placeholder either
		} else if hn != "slices and a map" && !errors.Is(err, p256k1.ErrSecretNotSerializable) {
			// XML refuses maps before it reaches the key.
			t.Errorf("%s %s: xml.Marshal error %v, want ErrSecretNotSerializable", name, hn, err)
		}
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(h); err == nil {
			t.Errorf("%s %s: gob encoded it (%d bytes)", name, hn, buf.Len())
		} else if !errors.Is(err, p256k1.ErrSecretNotSerializable) && !strings.Contains(err.Error(), p256k1.ErrSecretNotSerializable.Error()) {
			t.Errorf("%s %s: gob error %v, want ErrSecretNotSerializable", name, hn, err)
		}
	}
}

// TestRedactionOracle shows that the oracle finds a secret printed as
// limbs, and documents what no method can prevent: fmt reads an
// unexported field of a struct by reflection without calling its methods,
// so a program's struct{ k p256k1.PrivateKey } prints the limbs with %v.
// Hold keys in exported fields or behind your own Format.
func TestRedactionOracle(t *testing.T) {
	var sec [32]byte
	for i := range sec {
		sec[i] = 0xa5 ^ byte(i*29)
	}
	k, err := p256k1.NewPrivateKey(sec[:])
	if err != nil {
		t.Fatal(err)
	}
	o := newRedactionOracle(sec)
	leaky := struct{ k p256k1.PrivateKey }{k}
	for _, verb := range []string{"%v", "%d", "%x", "%X", "%o"} {
		out := fmt.Sprintf(verb, leaky)
		found := false
		for _, f := range o.forbidden {
			found = found || strings.Contains(out, f)
		}
		if !found {
			t.Errorf("the oracle misses the limbs in %s: %q", verb, out)
		}
	}
}

// TestSecretsNeverFormattedTyped runs checkSecretTyped on every type of
// the module that holds a secret.
func TestSecretsNeverFormattedTyped(t *testing.T) {
	one := [32]byte{31: 1}
	k1, err := p256k1.NewPrivateKey(one[:])
	if err != nil {
		t.Fatal(err)
	}
	// Key 1: the issue saw "{{[1 0 0 0]}}".
	checkSecretTyped(t, "p256k1.PrivateKey(1)", newRedactionOracle(one, "[1 0 0 0]", "{1 0 0 0}", "1 0 0 0"), k1)

	var sec [32]byte
	for i := range sec {
		sec[i] = 0xa5 ^ byte(i*29)
	}
	k, err := p256k1.NewPrivateKey(sec[:])
	if err != nil {
		t.Fatal(err)
	}
	o := newRedactionOracle(sec)
	checkSecretTyped(t, "p256k1.PrivateKey", o, k)

	kp, err := schnorr.NewKeypair(&k)
	if err != nil {
		t.Fatal(err)
	}
	checkSecretTyped(t, "schnorr.Keypair", o, kp)

	var sg signer.P256K1Signer
	if err := sg.InitSecret(sec[:]); err != nil {
		t.Fatal(err)
	}
	checkSecretTyped(t, "signer.P256K1Signer", o, sg)

	pub := k.PublicKey()
	sc, err := silentpayments.NewScanner(&k, &pub, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkSecretTyped(t, "silentpayments.Scanner", o, *sc)

	ls, err := silentpayments.NewLabelSet(&k, []uint32{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	lt, err := silentpayments.LabelTweak(&k, 1)
	if err != nil {
		t.Fatal(err)
	}
	checkSecretTyped(t, "silentpayments.LabelSet", newRedactionOracle(lt), *ls)

	mkp, err := musig2.NewKeypair(&k)
	if err != nil {
		t.Fatal(err)
	}
	checkSecretTyped(t, "musig2.Keypair", o, mkp)

	// A BIP-32 private extended key: its key and its chain code are secret.
	seed := sec
	xk, err := bip32.NewMaster(seed[:], bip32.Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	xpk, err := xk.PrivateKey()
	if err != nil {
		t.Fatal(err)
	}
	cc := xk.ChainCode()
	checkSecretTyped(t, "bip32.ExtendedKey", newRedactionOracle(xpk.Bytes()), xk)
	checkSecretTyped(t, "bip32.ExtendedKey (chain code)", newRedactionOracle(cc), xk)

	// BIP-324's derived keys (bip324.DeriveKeys): every field is secret.
	bk := bip324.DeriveKeys(&sec, bip324.MainnetMagic)
	var others []string
	for _, f := range [][32]byte{bk.InitiatorP, bk.ResponderL, bk.ResponderP, bk.GarbageTerminators, bk.SessionID} {
		others = append(others, newRedactionOracle(f).forbidden...)
	}
	checkSecretTyped(t, "bip324.Keys", newRedactionOracle(bk.InitiatorL, others...), bk)

	rand := sec // a fixed rand' so that the nonce is reproducible
	sn, _, err := musig2.NonceGen(&pub, &musig2.NonceGenOptions{SecretKey: &k, Rand: &rand})
	if err != nil {
		t.Fatal(err)
	}
	// A SecretNonce is used through its pointer only (go vet reports a copy,
	// and a copy holds no nonce bytes), so it has no value to check here:
	// musig2's TestSecretNonceRedacted checks *SecretNonce alone and held.
	_ = sn

	// Anonymous embedding promotes the methods: the whole struct prints as
	// the placeholder and refuses to encode.
	type embedded struct {
		Name string
		p256k1.PrivateKey
		*schnorr.Keypair
	}
	e := embedded{"h", k, &kp}
	for _, verb := range redactVerbs {
		o.check(t, "embedded "+verb, fmt.Sprintf(verb, e))
		o.check(t, "*embedded "+verb, fmt.Sprintf(verb, &e))
	}
	// Two embedded secrets make the promoted methods ambiguous: JSON then
	// flattens the embedded structs, which have no exported fields.
	if b, err := json.Marshal(e); err == nil && string(b) != `{"Name":"h"}` {
		t.Errorf("embedded: json.Marshal gave %s", b)
	}
	type embeddedOne struct {
		Name string
		p256k1.PrivateKey
	}
	if _, err := json.Marshal(embeddedOne{"h", k}); !errors.Is(err, p256k1.ErrSecretNotSerializable) {
		t.Errorf("embeddedOne: json.Marshal error %v, want ErrSecretNotSerializable", err)
	}
	o.check(t, "embeddedOne %+v", fmt.Sprintf("%+v", embeddedOne{"h", k}))
}
