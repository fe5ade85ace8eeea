package p256k1_test

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestLicense holds the repository's licensing: an MIT LICENSE at the root,
// named by the README, and no file carrying another copyright or license
// header (every file is ours; others' code is run from the module cache,
// never copied in).
func TestLicense(t *testing.T) {
	lic, err := os.ReadFile("LICENSE")
	if err != nil {
		t.Fatalf("no LICENSE file: %v", err)
	}
	if !bytes.HasPrefix(lic, []byte("MIT License\n")) || !bytes.Contains(lic, []byte("Copyright (c) 2026 The p256k1 authors")) {
		t.Errorf("LICENSE is not the MIT license of the p256k1 authors:\n%s", lic)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, []byte("[LICENSE](LICENSE)")) {
		t.Error("README.md does not name the LICENSE file")
	}
	foreign := regexp.MustCompile(`(?i)copyright|spdx-license-identifier|licensed under|all rights reserved`)
	// Directories that .gitignore files exclude (build outputs such as
	// bench/difffuzz/libsecp, where build.sh puts libsecp256k1's headers)
	// are not in the repository: their directory patterns are honoured.
	ignored := map[string]bool{} // "dir/name" for anchored patterns, "*/name" for the others
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == "module_test.go" || path == "LICENSE" { // this test's own patterns
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" || ignored["*/"+d.Name()] || ignored[filepath.ToSlash(path)] {
				return filepath.SkipDir
			}
			if gi, err := os.ReadFile(filepath.Join(path, ".gitignore")); err == nil {
				for _, l := range strings.Split(string(gi), "\n") {
					l = strings.TrimSpace(l)
					if !strings.HasSuffix(l, "/") || strings.HasPrefix(l, "#") {
						continue
					}
					l = strings.TrimSuffix(l, "/")
					if strings.HasPrefix(l, "/") {
						ignored[filepath.ToSlash(filepath.Join(path, l[1:]))] = true
					} else {
						ignored["*/"+l] = true
					}
				}
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".s", ".sh", ".c", ".h", ".cl", ".rs", ".py", ".toml":
		default:
			if filepath.Base(path) != "run" {
				return nil
			}
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for n := 1; n <= 40 && sc.Scan(); n++ {
			if foreign.Match(sc.Bytes()) {
				t.Errorf("%s:%d carries a copyright or license header (every file here is ours, under LICENSE): %s", path, n, sc.Text())
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestGoDirective holds every module (the root, interop, bench, _asm) at
// `go 1.24` or lower, so that users of go-ethereum (go 1.24.0) and go-nostr
// (go 1.24.1) can depend on it; .ci/run builds, vets and tests on Go 1.24.
// Raising it is a decision for the README, which names the oldest release.
func TestGoDirective(t *testing.T) {
	for _, m := range []string{".", "interop", "bench", "_asm"} {
		src, err := os.ReadFile(filepath.Join(m, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		v := regexp.MustCompile(`(?m)^go (\d+)\.(\d+)`).FindSubmatch(src)
		if v == nil {
			t.Errorf("%s/go.mod has no go directive", m)
			continue
		}
		major, _ := strconv.Atoi(string(v[1]))
		minor, _ := strconv.Atoi(string(v[2]))
		if major != 1 || minor > 24 {
			t.Errorf("%s/go.mod: go %s.%s, want 1.24 or lower (README: \"Go 1.24 or newer\")", m, v[1], v[2])
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "need only Go 1.24 or newer") {
		t.Error(`README.md does not say "need only Go 1.24 or newer"`)
	}
}
