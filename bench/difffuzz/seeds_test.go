//go:build cgo && libsecp080

package difffuzz

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSeeds (re)writes the seed corpora testdata/fuzz/FuzzXxx/seed-* from
// the lists below when DIFFFUZZ_WRITE_SEEDS=1; otherwise it does nothing.
// Files of other names (regressions, fuzzer finds) are left alone.
func TestWriteSeeds(t *testing.T) {
	if os.Getenv("DIFFFUZZ_WRITE_SEEDS") != "1" {
		t.Skip("set DIFFFUZZ_WRITE_SEEDS=1 to rewrite testdata/fuzz/*/seed-*")
	}
	for name, list := range seeds() {
		dir := filepath.Join("testdata", "fuzz", name)
		old, _ := filepath.Glob(filepath.Join(dir, "seed-*"))
		for _, f := range old {
			os.Remove(f)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, s := range list {
			var b bytes.Buffer
			b.WriteString("go test fuzz v1\n")
			for _, v := range s.vals {
				switch v := v.(type) {
				case []byte:
					fmt.Fprintf(&b, "[]byte(%q)\n", v)
				case byte:
					fmt.Fprintf(&b, "byte(%q)\n", v)
				default:
					t.Fatalf("%s seed %d: type %T", name, i, v)
				}
			}
			f := filepath.Join(dir, fmt.Sprintf("seed-%02d-%s", i, s.name))
			if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

type seed struct {
	name string
	vals []any
}

func sd(name string, vals ...any) seed { return seed{name, vals} }

func cat(bs ...[]byte) []byte { return bytes.Join(bs, nil) }

func rep(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }

// op builds mutate operations: kind (0 xor, 1 set, 2 special), position, value.
func op(kvs ...int) []byte {
	o := make([]byte, len(kvs))
	for i, v := range kvs {
		o[i] = byte(v)
	}
	return o
}

// Special-value indexes (see specials).
const (
	spZero = iota
	spOne
	spNm1
	spN
	spNp1
	spPm1
	spP
	spPp1
	spFF
	spHalfN
	spHalfNp1
	spPmN
)

func seeds() map[string][]seed {
	gx := h("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	gy := h("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
	one, two, three := specials[spOne], b32(bytesToInt([]byte{2})), b32(bytesToInt([]byte{3}))
	zero := make([]byte, 32)
	n, nm1, p := specials[spN], specials[spNm1], specials[spP]
	hash := func(s string) []byte { x := sha256.Sum256([]byte(s)); return x[:] }
	k1, m1 := hash("key 1"), hash("message 1")

	// A real signature, its DER, a high-S twin.
	sig, _ := cECDSASign(deriveKey(k1), m1, nil)
	der, _ := cSigSerializeDER(sig)
	hi := negateS(sig)
	hiDER, _ := cSigSerializeDER(hi)
	derInt := func(v []byte) []byte { return cat([]byte{2, byte(len(v))}, v) }
	derSeq := func(a, b []byte) []byte { return cat([]byte{0x30, byte(len(a) + len(b))}, a, b) }
	r, s := sig[:32], sig[32:]

	return map[string][]seed{
		"FuzzPubkeyParse": {
			sd("empty", []byte{}),
			sd("zero-byte", []byte{0}),
			sd("G-02", cat([]byte{2}, gx)),
			sd("minusG-03", cat([]byte{3}, gx)),
			sd("G-04", cat([]byte{4}, gx, gy)),
			sd("G-06-hybrid", cat([]byte{6}, gx, gy)),
			sd("G-07-wrong-parity", cat([]byte{7}, gx, gy)),
			sd("G-05-bad-prefix", cat([]byte{5}, gx, gy)),
			sd("x-eq-p", cat([]byte{2}, p)),
			sd("x-p-plus-1", cat([]byte{3}, specials[spPp1])),
			sd("x-zero", cat([]byte{2}, zero)),
			sd("04-y-eq-p", cat([]byte{4}, gx, p)),
			sd("04-short", cat([]byte{4}, gx)),
			sd("02-long", cat([]byte{2}, gx, gy)),
			sd("04-y-wrong-fixed-by-target", cat([]byte{4}, gx, rep(0, 31), []byte{1})),
			sd("ff-65", rep(0xff, 65)),
		},
		"FuzzXOnlyParse": {
			sd("Gx", gx),
			sd("zero", zero),
			sd("p", p),
			sd("p-minus-1", specials[spPm1]),
			sd("ff", rep(0xff, 32)),
			sd("31-bytes", gx[:31]),
			sd("33-bytes", cat([]byte{2}, gx)),
			sd("one", one),
		},
		"FuzzSigParse": {
			sd("real-der", der),
			sd("high-s-der", hiDER),
			sd("r-zero", derSeq(derInt([]byte{0}), derInt(s[:]))),
			sd("s-zero", derSeq(derInt(cat([]byte{0}, r)), derInt([]byte{0}))),
			sd("r-eq-n", derSeq(derInt(cat([]byte{0}, n)), derInt([]byte{1}))),
			sd("r-negative", derSeq(derInt([]byte{0x80}), derInt([]byte{1}))),
			sd("r-33-bytes", derSeq(derInt(cat([]byte{1}, r)), derInt([]byte{1}))),
			sd("r-superfluous-zero", derSeq(derInt([]byte{0, 1}), derInt([]byte{1}))),
			sd("long-form-seq-len", cat([]byte{0x30, 0x81, 6}, derInt([]byte{1}), derInt([]byte{1}))),
			sd("lax-leading-zeros", derSeq(derInt(cat(rep(0, 8), r)), derInt([]byte{0x80}))),
			sd("lax-long-int-len", cat([]byte{0x30, 0, 2, 0x84, 0, 0, 0, 1, 5, 2, 0}, rep(0, 4))),
			sd("trailing-byte", cat(der, []byte{1})),
			sd("compact-real-recid0", cat(sig[:], []byte{0})),
			sd("compact-high-s-recid3", cat(hi[:], []byte{3})),
			sd("compact-r-zero", cat(zero, s)),
			sd("compact-s-zero-recid4", cat(r, zero, []byte{4})),
			sd("compact-r-eq-n", cat(n, s)),
			sd("compact-s-eq-n", cat(r, n)),
			sd("compact-s-half-n", cat(r, specials[spHalfN])),
			sd("compact-s-half-n-plus-1", cat(r, specials[spHalfNp1])),
		},
		"FuzzECDSASign": {
			sd("key1-zero-msg", one, zero, []byte{}),
			sd("key1-entropy", one, zero, one),
			sd("key-n-1-msg-ff", nm1, rep(0xff, 32), []byte{}),
			sd("key-n-1-msg-n", nm1, n, zero),
			sd("key-zero-invalid", zero, m1, []byte{}),
			sd("key-n-invalid", n, m1, []byte{}),
			sd("key-31-bytes", k1[:31], m1, []byte{}),
			sd("random", k1, m1, []byte{}),
			sd("random-entropy", k1, m1, hash("entropy")),
		},
		"FuzzECDSAVerify": {
			sd("valid", k1, []byte("message 1"), byte(0), []byte{}),
			sd("valid-uncompressed", k1, m1, byte(1), []byte{}),
			sd("valid-hybrid", k1, m1, byte(2), []byte{}),
			sd("high-s", k1, m1, byte(4), []byte{}),
			sd("high-s-normalized", k1, m1, byte(4|16), []byte{}),
			sd("der", k1, m1, byte(8), []byte{}),
			sd("der-high-s-normalized", k1, m1, byte(8|4|16), []byte{}),
			sd("r-zero", k1, m1, byte(0), op(2, 0, spZero)),
			sd("s-zero", k1, m1, byte(0), op(2, 32, spZero)),
			sd("r-eq-n", k1, m1, byte(0), op(2, 0, spN)),
			sd("s-eq-n", k1, m1, byte(0), op(2, 32, spN)),
			sd("s-half-n", k1, m1, byte(0), op(2, 32, spHalfN)),
			sd("hash-bit", k1, m1, byte(0), op(0, 64, 1)),
			sd("pubkey-bit", k1, m1, byte(0), op(0, 100, 0x40)),
			sd("pubkey-prefix", k1, m1, byte(0), op(0, 96, 1)),
			sd("der-byte", k1, m1, byte(8), op(0, 3, 1)),
			sd("der-r-zero", k1, m1, byte(8), op(1, 3, 1, 1, 4, 0)),
		},
		"FuzzECDSARecover": {
			sd("valid", k1, m1, byte(0), []byte{}),
			sd("recid-xor1", k1, m1, byte(1), []byte{}),
			sd("recid-xor2", k1, m1, byte(2), []byte{}),
			sd("recid-xor3", k1, m1, byte(3), []byte{}),
			sd("recid-4", k1, m1, byte(4), []byte{}),
			sd("r-small-recid-2", k1, m1, byte(2), op(2, 0, spOne)),
			sd("r-p-minus-n", k1, m1, byte(2), op(2, 0, spPmN)),
			sd("r-zero", k1, m1, byte(0), op(2, 0, spZero)),
			sd("s-zero", k1, m1, byte(0), op(2, 32, spZero)),
			sd("r-eq-n", k1, m1, byte(0), op(2, 0, spN)),
			sd("s-n-1", k1, m1, byte(0), op(2, 32, spNm1)),
			sd("hash-zero", k1, m1, byte(0), op(2, 64, spZero)),
			sd("hash-bit", k1, m1, byte(1), op(0, 70, 8)),
		},
		"FuzzSchnorrSign": {
			sd("bip340-vector0", three, zero, zero),
			sd("key1-empty-msg-null-aux", one, []byte{}, []byte{}),
			sd("key1-1-byte", one, []byte{0}, one),
			sd("key-n-1-long-msg", nm1, rep(0xab, 100), hash("aux")),
			sd("key-zero-invalid", zero, m1, []byte{}),
			sd("key-n-invalid", n, m1, []byte{}),
			sd("key-33-bytes", cat(one, []byte{0}), m1, []byte{}),
			sd("random-32", k1, m1, hash("aux")),
		},
		"FuzzSchnorrVerify": {
			sd("valid-32", k1, m1, hash("aux"), byte(0), []byte{}),
			sd("valid-empty", k1, []byte{}, []byte{}, byte(0), []byte{}),
			sd("valid-long", k1, rep(0x5a, 200), []byte{}, byte(0), []byte{}),
			sd("msg-appended", k1, m1, []byte{}, byte(1), []byte{}),
			sd("msg-truncated", k1, m1, []byte{}, byte(2), []byte{}),
			sd("r-eq-p", k1, m1, []byte{}, byte(0), op(2, 0, spP)),
			sd("r-zero", k1, m1, []byte{}, byte(0), op(2, 0, spZero)),
			sd("s-eq-n", k1, m1, []byte{}, byte(0), op(2, 32, spN)),
			sd("s-zero", k1, m1, []byte{}, byte(0), op(2, 32, spZero)),
			sd("key-x-eq-p", k1, m1, []byte{}, byte(0), op(2, 64, spP)),
			sd("key-bit", k1, m1, []byte{}, byte(0), op(0, 70, 1)),
			sd("msg-bit", k1, m1, []byte{}, byte(0), op(0, 100, 0x80)),
		},
		"FuzzKeyTweak": {
			sd("key1-tweak-n-1-infinity", one, nm1, k1, byte(0x1f)),
			sd("key1-tweak-zero", one, zero, k1, byte(0)),
			sd("key2-tweak-n", two, n, k1, byte(1)),
			sd("key-n-1-tweak-1", nm1, one, k1, byte(2)),
			sd("combine-cancel", k1, m1, hash("other"), byte(2)),
			sd("combine-double", k1, m1, hash("other"), byte(4)),
			sd("combine-all", k1, m1, hash("other"), byte(0x1f)),
			sd("combine-P2-minusP2", k1, m1, hash("other"), byte(1|8)),
			sd("key-zero-invalid", zero, one, k1, byte(0)),
			sd("key-n-invalid", n, one, k1, byte(0)),
			sd("tweak-ff", k1, rep(0xff, 32), k1, byte(0)),
		},
		"FuzzXOnlyTweak": {
			sd("G-tweak-n-1-infinity", one, nm1, byte(0), []byte{}),
			sd("minusG-tweak-n-1-infinity", nm1, nm1, byte(0), []byte{}),
			sd("key1-tweak-zero", one, zero, byte(0), []byte{}),
			sd("tweak-n", k1, n, byte(0), []byte{}),
			sd("random", k1, m1, byte(0), []byte{}),
			sd("check-wrong-tweak", k1, m1, byte(1), []byte{}),
			sd("check-parity-flip", k1, m1, byte(0), op(0, 32, 1)),
			sd("check-parity-2", k1, m1, byte(0), op(1, 32, 2)),
			sd("check-output-x-eq-p", k1, m1, byte(0), op(2, 0, spP)),
			sd("check-output-bit", k1, m1, byte(0), op(0, 5, 4)),
			sd("key-zero-invalid", zero, m1, byte(0), []byte{}),
		},
		"FuzzECDH": {
			sd("key1-G", one, cat([]byte{2}, gx)),
			sd("key-n-1-G-uncompressed", nm1, cat([]byte{4}, gx, gy)),
			sd("G-hybrid", k1, cat([]byte{6}, gx, gy)),
			sd("derived-peer", k1, m1),
			sd("derived-peer-uncompressed", k1, cat([]byte{1}, m1[1:])),
			sd("key-zero-invalid", zero, cat([]byte{2}, gx)),
			sd("key-n-invalid", n, cat([]byte{3}, gx)),
			sd("peer-invalid", k1, cat([]byte{2}, p)),
			sd("peer-empty", k1, []byte{}),
		},
	}
}
