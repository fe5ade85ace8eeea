package main

import (
	"math"
	"testing"
)

func TestParseBench(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkPubKey/p256k1-2        	   18042	     20065 ns/op	       0 B/op	       0 allocs/op
BenchmarkECDH/libsecp-system-2  	   14392	     24379.5 ns/op	      72 B/op	       2 allocs/op
BenchmarkSchnorrSignKeypair/rust-secp256k1         5019      41825.4 ns/op
BenchmarkECDSAVerify/libsecp256k1-ffi   100   3.5 ns/op
PASS
`)
	type row struct {
		op, lib        string
		ns, al, bytes_ float64
	}
	var got []row
	n := parseBench(out, func(op, lib string, s sample) { got = append(got, row{op, lib, s.ns, s.allocs, s.bytes}) })
	want := []row{
		{"PubKey", "p256k1", 20065, 0, 0},
		{"ECDH", "libsecp-system", 24379.5, 2, 72},
		{"SchnorrSignKeypair", "rust-secp256k1", 41825.4, math.NaN(), math.NaN()},
		{"ECDSAVerify", "libsecp256k1-ffi", 3.5, math.NaN(), math.NaN()},
	}
	if n != len(want) || len(got) != len(want) {
		t.Fatalf("parsed %d lines: %+v", n, got)
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for i, w := range want {
		g := got[i]
		if g.op != w.op || g.lib != w.lib || !same(g.ns, w.ns) || !same(g.al, w.al) || !same(g.bytes_, w.bytes_) {
			t.Errorf("line %d: got %+v, want %+v", i, g, w)
		}
	}
}

func TestSummarize(t *testing.T) {
	st := summarize([]sample{{ns: 5}, {ns: 1}, {ns: 3}, {ns: 100}})
	if st.median != 4 || st.lo != 1 || st.hi != 100 {
		t.Fatalf("%+v", st)
	}
	if st := summarize([]sample{{ns: 2}, {ns: 9}, {ns: 1}}); st.median != 2 {
		t.Fatalf("%+v", st)
	}
}

func TestSortLibs(t *testing.T) {
	l := []string{"btcec", "zeta", "k256", "p256k1", "alpha", "libsecp256k1-ffi"}
	sortLibs(l)
	want := []string{"p256k1", "libsecp256k1-ffi", "k256", "btcec", "alpha", "zeta"}
	for i := range want {
		if l[i] != want[i] {
			t.Fatalf("got %v, want %v", l, want)
		}
	}
}
