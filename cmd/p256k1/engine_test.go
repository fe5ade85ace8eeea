package main

import (
	"runtime"
	"strings"
	"testing"
)

// TestEngineNote: on arm64 without purego the note names the field
// assembly; on other builds it names assembly exactly when some is active.
func TestEngineNote(t *testing.T) {
	n := engineNote()
	t.Log(n)
	if runtime.GOARCH == "arm64" && !purego && n != "arm64 assembly: field multiplication and squaring; the rest portable Go" {
		t.Errorf("arm64: engine note %q", n)
	}
	if purego && !strings.HasPrefix(n, "portable Go") {
		t.Errorf("purego build: engine note %q", n)
	}
}
