package main

import "testing"

// Every case runs and checks its result natively, so that the cases keep
// working between runs of the valgrind check (.ci/ctime.sh), and a case
// that breaks shows up in go test.
func TestCasesNative(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	if err := mainErr(n, "", "", 1, true, false); err != nil {
		t.Fatal(err)
	}
}
