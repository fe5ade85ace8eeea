package musig2

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// cloneNonce returns a second, independent SecretNonce with sn's content:
// for tests that compare two signing paths on one nonce only.
func cloneNonce(sn *SecretNonce) *SecretNonce {
	st := sn.st
	return newSecretNonce(&st.k, &st.pk)
}

// TestSecretNonceConcurrentSign: of goroutines signing with one
// *SecretNonce at once, exactly one gets a partial signature and the others
// ErrNonceReused. Before the fix takeNonce read the nonce and then zeroed it
// in two steps: under -race the detector reported the race (against Zero
// and against another Sign), and without it two goroutines could both sign.
func TestSecretNonceConcurrentSign(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	kp, _ := NewKeypair(&sks[0])
	for round := range 20 {
		sns, _, s := session(t, &ctx, pks, []byte("race"), nil)
		const n = 4
		var wg sync.WaitGroup
		errs := make([]error, n+1)
		start := make(chan struct{})
		for g := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				if g%2 == 0 {
					_, errs[g] = Sign(sns[0], &sks[0], &s)
				} else {
					_, errs[g] = SignKeypair(sns[0], &kp, &s)
				}
			}()
		}
		wg.Add(1)
		go func() { defer wg.Done(); <-start; sns[1].Zero() }()
		close(start)
		wg.Wait()
		ok := 0
		for g := range n {
			switch {
			case errs[g] == nil:
				ok++
			case !errors.Is(errs[g], ErrNonceReused):
				t.Fatalf("round %d goroutine %d: %v", round, g, errs[g])
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d goroutines signed with one secret nonce, want 1", round, ok)
		}
		if !sns[0].used() || !sns[1].used() {
			t.Fatal("nonce not consumed")
		}
	}
}

// TestSecretNonceCopyCannotSignTwice: a copy of the struct (made here by
// reflection, which go vet does not see; cp := *sn is what vet reports)
// shares the nonce with the original: signing with one consumes both.
// Before the fix the copy held its own k1, k2 and signed a second time.
func TestSecretNonceCopyCannotSignTwice(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	sns, _, s := session(t, &ctx, pks, []byte("copy"), nil)
	cp := new(SecretNonce)
	reflect.ValueOf(cp).Elem().Set(reflect.ValueOf(sns[0]).Elem())
	if _, err := Sign(cp, &sks[0], &s); err != nil {
		t.Fatal(err)
	}
	if _, err := Sign(sns[0], &sks[0], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("the original signed after its copy did: %v", err)
	}
}

// TestSecretNonceVetFlagsCopy runs go vet on a program that copies a
// SecretNonce (cp := *sn, and a by-value parameter): the noCopy guard makes
// the copylocks check report both.
func TestSecretNonceVetFlagsCopy(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet (-short)")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := "go 1.24"
	for _, l := range strings.Split(string(gomod), "\n") {
		if strings.HasPrefix(l, "go ") {
			goLine = l
		}
	}
	write("go.mod", "module vetcopy\n\n"+goLine+"\n\nrequire github.com/p256k1/p256k1 v0.0.0\n\nreplace github.com/p256k1/p256k1 => "+root+"\n")
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		write("go.sum", string(sum))
	}
	write("main.go", `package main

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
)

func keep(sn musig2.SecretNonce) { _ = &sn }

func main() {
	k, _ := p256k1.GeneratePrivateKey()
	pk := k.PublicKey()
	sn, _, _ := musig2.NonceGen(&pk, nil)
	cp := *sn
	keep(cp)
	fmt.Println(sn)
}
`)
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "vet", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet accepted copies of a SecretNonce:\n%s", out)
	}
	for _, want := range []string{"assignment copies lock value to cp", "passes lock by value"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
}

// copyNonce returns a struct copy of *sn, as cp := *sn makes it (go vet
// reports that; reflection it does not see).
func copyNonce(sn *SecretNonce) *SecretNonce {
	cp := new(SecretNonce)
	reflect.ValueOf(cp).Elem().Set(reflect.ValueOf(sn).Elem())
	return cp
}

// TestSecretNonceCopySharesUsed: a struct copy of a SecretNonce shares its
// used state with the original: once either signs (or is zeroed), both are
// used. Before the fix each copy held its own atomic pointer, so the
// original still claimed to hold a nonce after its copy had signed.
func TestSecretNonceCopySharesUsed(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	sns, _, s := session(t, &ctx, pks, []byte("copy"), nil)
	cp := copyNonce(sns[0])
	if _, err := Sign(sns[0], &sks[0], &s); err != nil {
		t.Fatal(err)
	}
	if !cp.used() {
		t.Fatal("a copy of a SecretNonce is unused after the original signed")
	}
	if _, err := Sign(cp, &sks[0], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("the copy signed after the original did: %v", err)
	}
	cp2 := copyNonce(sns[1])
	cp2.Zero()
	if !sns[1].used() {
		t.Fatal("Zero of a copy left the original unused")
	}
	if _, err := Sign(sns[1], &sks[1], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("the original signed after its copy was zeroed: %v", err)
	}
}

// TestSecretNonceCopyConcurrentSign races Sign with a SecretNonce against
// Sign with a struct copy of it, from two goroutines released together,
// 20,000 times (2,000 with -short): exactly one must sign each round, with
// the right partial signature, and both must be used afterwards. Before
// the fix each copy swapped its own atomic pointer, so both could read the
// nonce before either cleared it: both signed about once in 200,000 tries,
// and -race reported the race on the first round.
func TestSecretNonceCopyConcurrentSign(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	kp, _ := NewKeypair(&sks[0])
	sns, _, s := session(t, &ctx, pks, []byte("copy race"), nil)
	tmpl := sns[0] // never signed: each round signs a fresh clone of it
	want, err := SignKeypair(cloneNonce(tmpl), &kp, &s)
	if err != nil {
		t.Fatal(err)
	}
	rounds := 20000
	if testing.Short() {
		rounds = 2000
	}
	var psigs [2]PartialSig
	var errs [2]error
	for round := range rounds {
		sn := cloneNonce(tmpl)
		both := [2]*SecretNonce{sn, copyNonce(sn)}
		var ready, done sync.WaitGroup
		start := make(chan struct{})
		for g := range 2 {
			ready.Add(1)
			done.Add(1)
			go func() {
				defer done.Done()
				ready.Done()
				<-start
				if g == 0 {
					psigs[g], errs[g] = SignKeypair(both[g], &kp, &s)
				} else {
					psigs[g], errs[g] = Sign(both[g], &sks[0], &s)
				}
			}()
		}
		ready.Wait()
		close(start)
		done.Wait()
		ok := 0
		for g := range 2 {
			switch {
			case errs[g] == nil:
				ok++
				if psigs[g].Bytes() != want.Bytes() {
					t.Fatalf("round %d: wrong partial signature", round)
				}
			case !errors.Is(errs[g], ErrNonceReused):
				t.Fatalf("round %d, goroutine %d: %v", round, g, errs[g])
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d signatures from one secret nonce and its copy, want 1", round, ok)
		}
		if !both[0].used() || !both[1].used() {
			t.Fatalf("round %d: nonce not consumed", round)
		}
	}
}

// TestSigningSessionCopySignsOnce: a struct copy of a SigningSession (made
// by reflection; go vet reports cp := *s through the mutex) shares the
// session's secret nonce, so the original and the copy, signing at the same
// moment, sign once between them, and CanSign turns false on both.
func TestSigningSessionCopySignsOnce(t *testing.T) {
	sks, pks := genKeys(t, 2)
	rounds := 200
	if testing.Short() {
		rounds = 20
	}
	for round := range rounds {
		s0, err := NewSigningSession(&sks[0], pks, &SigningSessionOptions{Msg: []byte("copy")})
		if err != nil {
			t.Fatal(err)
		}
		s1, err := NewSigningSession(&sks[1], pks, &SigningSessionOptions{Msg: []byte("copy")})
		if err != nil {
			t.Fatal(err)
		}
		pn := s1.PublicNonce()
		if _, err := s0.AddNonce(&pks[1], &pn); err != nil {
			t.Fatal(err)
		}
		cp := new(SigningSession)
		reflect.ValueOf(cp).Elem().Set(reflect.ValueOf(s0).Elem())
		both := [2]*SigningSession{s0, cp}
		var errs [2]error
		var wg sync.WaitGroup
		start := make(chan struct{})
		for g := range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); <-start; _, errs[g] = both[g].Sign(nil) }()
		}
		close(start)
		wg.Wait()
		ok := 0
		for g := range 2 {
			switch {
			case errs[g] == nil:
				ok++
			case !errors.Is(errs[g], ErrNonceReused):
				t.Fatalf("round %d, session %d: %v", round, g, errs[g])
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: a session and its copy signed %d times, want 1", round, ok)
		}
		if s0.CanSign() || cp.CanSign() {
			t.Fatalf("round %d: CanSign after one of the copies signed", round)
		}
		s0.Zero()
		cp.Zero()
		s1.Zero()
	}
}
