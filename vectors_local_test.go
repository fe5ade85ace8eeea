package p256k1_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// largeSharedData lists test files allowed to read vectors from the
// project's shared directory beside the checkout (../shared), and to skip
// when it is absent, because the data is too large to copy into the
// repository (over about 2 MB). None today.
var largeSharedData = map[string]bool{}

// TestVectorsInRepo fails if a test of this module (cmd excepted: its
// tests are another owner's) names a path into the shared vectors beside
// the checkout (a string holding "shared/vectors"): published vectors a
// test needs are copied, unchanged, into its package's testdata, so a fresh
// clone runs them, and a missing file fails the test instead of skipping
// it. Before the fix curve's RFC 9380 tests and compat/geth's RFC 6979 test
// read ../shared and skipped without it.
func TestVectorsInRepo(t *testing.T) {
	needle := "shared" + "/vectors" // two literals, so that this file passes
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." {
				name := d.Name()
				if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || path == "cmd" {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // a module of its own
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") || largeSharedData[filepath.ToSlash(path)] {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(s, needle) {
				t.Errorf("%s reads %q: copy the vectors into the package's testdata (or list a large data set in largeSharedData)", path, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
