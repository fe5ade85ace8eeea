package main

import (
	"strings"
	"testing"
)

// FuzzParseRow: a batch line never panics the parser, and a row is either
// ready to verify or says why not.
func FuzzParseRow(f *testing.F) {
	for _, s := range []string{
		"schnorr,dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659,00,6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a",
		"ecdsa,02dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659,243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89,3006020101020101",
		`{"scheme":"schnorr","pubkey":"00","msg":"","sig":"00"}`,
		"{", ",,,", "ecdsa,,,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.TrimSpace(line)
		if line == "" {
			return
		}
		var r batchRow
		parseRow(&r, []byte(line))
		if r.bad == "" && r.schnorr && !r.xonly.IsValid() {
			t.Fatalf("%q: schnorr row without a valid key", line)
		}
		if r.bad == "" && !r.schnorr && !r.ecd.pub.IsValid() {
			t.Fatalf("%q: ecdsa row without a valid key", line)
		}
	})
}
