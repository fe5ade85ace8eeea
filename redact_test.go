package p256k1_test

import (
	"bytes"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/silentpayments"
)

// TestSecretsNeverFormatted prints every type that holds a secret with
// every fmt verb, through log and slog, embedded in structs, slices and
// maps, and encodes it with JSON, XML and gob: the secret's hex, its bytes
// and its decimal limbs never appear, and the encoders fail.
func TestSecretsNeverFormatted(t *testing.T) {
	// A key whose limbs are small numbers, as the issue saw "{{[1 0 0 0]}}".
	k, err := p256k1.NewPrivateKey(append(make([]byte, 31), 1))
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x5a}, 32))
	kp, _ := schnorr.NewKeypair(&k2)
	var sg signer.P256K1Signer
	kb := k2.Bytes()
	if err := sg.InitSecret(kb[:]); err != nil {
		t.Fatal(err)
	}
	pub := k2.PublicKey()
	sc, err := silentpayments.NewScanner(&k2, &pub, nil)
	if err != nil {
		t.Fatal(err)
	}
	sn, _, err := musig2.NonceGen(&pub, &musig2.NonceGenOptions{SecretKey: &k2})
	if err != nil {
		t.Fatal(err)
	}
	mkp, _ := musig2.NewKeypair(&k2)
	secrets := map[string]any{
		"p256k1.PrivateKey":      k,
		"*p256k1.PrivateKey":     &k2,
		"schnorr.Keypair":        kp,
		"signer.P256K1Signer":    &sg,
		"silentpayments.Scanner": sc,
		"musig2.SecretNonce":     sn,
		"musig2.Keypair":         mkp,
	}
	forbidden := []string{
		hex.EncodeToString(kb[:]), strings.ToUpper(hex.EncodeToString(kb[:])), "5a5a5a5a", "5A5A5A5A",
		"[1 0 0 0]", "{1 0 0 0}", "6510615555426900570", // 0x5a5a5a5a5a5a5a5a in decimal
		string(kb[:4]), "0x5a",
	}
	check := func(what, out string) {
		t.Helper()
		for _, f := range forbidden {
			if strings.Contains(out, f) {
				t.Errorf("%s printed the secret (%q) in %q", what, f, out)
			}
		}
		if !strings.Contains(out, "REDACTED") && !strings.Contains(out, "0x") {
			t.Errorf("%s: no placeholder in %q", what, out)
		}
	}
	type holder struct {
		Name   string
		Secret any
	}
	for name, v := range secrets {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%o", "%b", "%10.3v", "%-8s"} {
			check(name+" "+verb, fmt.Sprintf(verb, v))
			check(name+" in a struct "+verb, fmt.Sprintf(verb, holder{"h", v}))
			check(name+" in a slice "+verb, fmt.Sprintf(verb, []any{v, v}))
			check(name+" in a map "+verb, fmt.Sprintf(verb, map[string]any{"k": v}))
		}
		var buf bytes.Buffer
		log.New(&buf, "", 0).Printf("key: %v", v)
		check(name+" log", buf.String())
		buf.Reset()
		slog.New(slog.NewTextHandler(&buf, nil)).Info("msg", "key", v)
		check(name+" slog text", buf.String())
		buf.Reset()
		slog.New(slog.NewJSONHandler(&buf, nil)).Info("msg", "key", v)
		check(name+" slog json", buf.String())

		if b, err := json.Marshal(holder{"h", v}); err == nil {
			t.Errorf("%s: json.Marshal succeeded: %s", name, b)
		} else if !errors.Is(err, p256k1.ErrSecretNotSerializable) {
			t.Errorf("%s: json.Marshal error %v, want ErrSecretNotSerializable", name, err)
		}
		if b, err := xml.Marshal(holder{"h", v}); err == nil && strings.Contains(string(b), "5a5a") {
			t.Errorf("%s: xml.Marshal leaked: %s", name, b)
		}
		buf.Reset()
		if err := gob.NewEncoder(&buf).Encode(holder{"h", v}); err == nil && bytes.Contains(buf.Bytes(), kb[:8]) {
			t.Errorf("%s: gob leaked the secret", name)
		}
	}
}
