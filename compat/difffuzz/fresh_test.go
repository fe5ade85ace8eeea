// Package difffuzz is the differential fuzzing module of p256k1: see
// README.md. This file's test checks that gen/ is what prepare.sh makes of
// the current sources.
package difffuzz

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	// The -tolerate flag, which campaign.sh -seeds passes to every package.
	_ "github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
)

// TestGeneratedFresh: gen/ (the renamed copies of compat/decred and
// compat/erigon) equals a fresh run of prepare.sh, so that no target runs
// against a stale copy of our code.
func TestGeneratedFresh(t *testing.T) {
	tmp := t.TempDir()
	if out, err := exec.Command("bash", "prepare.sh", "-o", tmp).CombinedOutput(); err != nil {
		t.Fatalf("prepare.sh: %v\n%s", err, out)
	}
	files := func(root string) map[string][]byte {
		m := map[string][]byte{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			rel, _ := filepath.Rel(root, p)
			m[rel] = b
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v (run compat/difffuzz/prepare.sh)", root, err)
		}
		return m
	}
	want, got := files(tmp), files("gen")
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Errorf("gen/%s is stale or missing: run compat/difffuzz/prepare.sh", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("gen/%s is not made by prepare.sh any more: run compat/difffuzz/prepare.sh", name)
		}
	}
}
