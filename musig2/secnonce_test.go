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
	st := sn.st.Load()
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
