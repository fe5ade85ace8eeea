package main

import (
	"encoding/json"
	"io"
	"reflect"
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
		parseRow(&r, []byte(line), false)
		if r.bad == "" && r.schnorr && !r.xonly.IsValid() {
			t.Fatalf("%q: schnorr row without a valid key", line)
		}
		if r.bad == "" && !r.schnorr && !r.ecd.pub.IsValid() {
			t.Fatalf("%q: ecdsa row without a valid key", line)
		}
		if r.raw != nil {
			t.Fatalf("%q: key bytes kept without a device", line)
		}
		// For a device: the same row, its key parsed later (verifyRaw),
		// gives the same row.
		var d batchRow
		parseRow(&d, []byte(line), true)
		if d.raw != nil {
			if d.bad != "" || (len(d.raw) != 32 || !d.schnorr || len(d.msg) != 32) && (len(d.raw) != 33 || d.schnorr) {
				t.Fatalf("%q: key bytes kept for a row the device does not take: %+v", line, d)
			}
			d.parseKey(d.raw)
			d.raw = nil
		}
		if !reflect.DeepEqual(d, r) {
			t.Fatalf("%q: parsed for a device %+v, for the CPU %+v", line, d, r)
		}
	})
}

// FuzzLineReader: reading in chunks gives every line of the input, with
// its number, exactly as splitting the whole input at newlines does (blank
// and # lines skipped, white space trimmed), and a line over the limit is
// reported as too long instead of being returned; however the chunks and
// the reader's buffer fall.
func FuzzLineReader(f *testing.F) {
	for _, s := range []string{"", "a\nb\n", "\n\n# c\nx y \r\n", "long line here\nok", strings.Repeat("z", 100) + "\nq"} {
		f.Add(s, uint8(8), uint8(3), uint8(16))
	}
	f.Fuzz(func(t *testing.T, in string, max, rows, bytes uint8) {
		lim := int(max) + 1
		var want []inputLine
		parts := strings.Split(in, "\n")
		if strings.HasSuffix(in, "\n") {
			parts = parts[:len(parts)-1]
		}
		for i, p := range parts {
			if len(p) > lim { // the limit counts every byte before the newline

				want = append(want, inputLine{n: i + 1, tooLong: true})
				continue
			}
			p = strings.TrimSpace(p)
			if p == "" || p[0] == '#' {
				continue
			}
			want = append(want, inputLine{n: i + 1, text: []byte(p)})
		}
		lr := newLineReader(&oneByteReader{s: in}, lim, true)
		var got []inputLine
		for {
			lines, err := lr.chunk(int(rows)+1, int(bytes)+1)
			for _, l := range lines {
				got = append(got, inputLine{l.n, append([]byte(nil), l.text...), l.tooLong})
			}
			if err != nil {
				break
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d lines, want %d", in, len(got), len(want))
		}
		for i := range got {
			if got[i].n != want[i].n || got[i].tooLong != want[i].tooLong || string(got[i].text) != string(want[i].text) {
				t.Fatalf("%q: line %d: got %d %q %v, want %d %q %v", in, i, got[i].n, got[i].text, got[i].tooLong, want[i].n, want[i].text, want[i].tooLong)
			}
		}
	})
}

// oneByteReader returns its string a byte at a time: the worst case for
// the reader's buffering.
type oneByteReader struct{ s string }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

// FuzzSPLine: a transaction line of sp scan and sp tweaks, in either shape
// of prevout, never panics the reading: it is malformed, or it gives the
// scanner's item and the inputs' keys.
func FuzzSPLine(f *testing.F) {
	for _, s := range []string{
		`{"txid":"00","vin":[{"txid":"` + strings.Repeat("ab", 32) + `","vout":1,"scriptSig":"","txinwitness":"","prevout":"5120` + strings.Repeat("11", 32) + `"}],"outputs":["` + strings.Repeat("22", 32) + `"]}`,
		`{"vin":[{"prevout":{"scriptPubKey":{"hex":"0014` + strings.Repeat("33", 20) + `"}}}]}`,
		`{"tweak":"02` + strings.Repeat("44", 32) + `","outputs":[]}`,
		`{"vin":[{"prevout":{"scriptPubKey":{}}}]}`, `{"vin":[{"prevout":7}]}`, `[]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var tx spTx
		if json.Unmarshal([]byte(line), &tx) != nil {
			return
		}
		_, _ = spItem(&tx)
		_, _ = tx.inputs()
	})
}
