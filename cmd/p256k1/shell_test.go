package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runShell runs script with bash in dir, with the test's p256k1 binary
// first on PATH (so that commands run exactly as a user pastes them), and
// returns standard output, standard error and the exit status. It stops at
// the first failing command (set -e, -o pipefail). Skips without bash.
func runShell(t *testing.T, dir, script string) (string, string, int) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cmd := exec.Command(bash, "-e", "-o", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

// helpExample returns the example block of "p256k1 ARGS --help".
func helpExample(t *testing.T, args ...string) string {
	t.Helper()
	r := p256k1Cmd(t, "", nil, append(args, "--help")...)
	m := regexp.MustCompile(`(?s)\nexample:\n(.*?)\n\nflags:`).FindStringSubmatch(r.stdout)
	if r.code != 0 || m == nil {
		t.Fatalf("%v --help: exit %d, no example in\n%s", args, r.code, r.stdout)
	}
	if strings.Contains(m[1], "…") {
		t.Errorf("%v --help: the example cannot be pasted as it stands (…):\n%s", args, m[1])
	}
	return m[1]
}
