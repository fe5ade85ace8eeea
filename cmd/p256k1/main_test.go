package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestSelftestQuick(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"selftest", "-quick"}, &out, &errOut); code != 0 {
		t.Fatalf("selftest exited %d:\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "known-answer checks passed") {
		t.Fatalf("unexpected output:\n%s", out.String())
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"frobnicate"}, &out, &errOut); code != 2 {
		t.Fatalf("exit code %d, want 2", code)
	}
	if code := run(nil, &out, &errOut); code != 2 {
		t.Fatalf("no arguments: exit code %d, want 2", code)
	}
}
