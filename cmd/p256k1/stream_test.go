package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

// Issue 28, items 5 and 6: one bad line does not throw away the good ones;
// the transaction files take BIP-352's own input shape, skip comments,
// count lines right and warn about doubtful lines.

// lineErrors returns the "line N: …" reports in s.
func lineErrors(s string) []string {
	return regexp.MustCompile(`(?m)line \d+: (malformed|invalid|warning)[^\n]*`).FindAllString(s, -1)
}

// TestGoodBadGoodVerifyBatch: good, bad, good rows give two valid results
// and one failure naming line 2, exit 2 (a malformed row) — for a row that
// does not parse and for one longer than the line limit — and the JSON
// report, written as the rows are verified, is one object.
func TestGoodBadGoodVerifyBatch(t *testing.T) {
	rows := batchRows(t, 2)
	for _, bad := range []string{"schnorr,00,00", strings.Repeat("ab", maxBatchLine)} {
		in := rows[0] + "\n" + bad + "\n" + rows[1] + "\n"
		code, out, errOut := runCLI(in, nil, "verify-batch", "-")
		if code != exitUsage || len(lineErrors(out)) != 1 || !strings.HasPrefix(lineErrors(out)[0], "line 2: malformed: ") ||
			!strings.Contains(out, "3 signatures: 2 valid, 0 invalid, 1 malformed") {
			t.Errorf("bad row of %d bytes: exit %d\n%s%s", len(bad), code, out, errOut)
		}
		code, out, _ = runCLI(in, nil, "verify-batch", "--json", "-")
		var sum struct {
			Rows, Valid, Malformed int
			Failures               []batchFailure
		}
		if err := json.Unmarshal([]byte(out), &sum); err != nil || code != exitUsage || sum.Rows != 3 || sum.Valid != 2 || sum.Malformed != 1 ||
			len(sum.Failures) != 1 || sum.Failures[0].Line != 2 {
			t.Errorf("--json: exit %d, %v, %q", code, err, out)
		}
	}
	// An invalid (not malformed) middle row: exit 1.
	in := rows[0] + "\n" + flipSig(rows[0]) + "\n" + rows[1] + "\n"
	code, out, _ := runCLI(in, nil, "verify-batch", "-")
	if code != exitInvalid || len(lineErrors(out)) != 1 || !strings.HasPrefix(lineErrors(out)[0], "line 2: invalid: ") {
		t.Errorf("invalid middle row: exit %d\n%s", code, out)
	}
}

// spTestLine is BIP-352's first receiving case as a line: flat (prevout
// as hex) or in the vectors' shape ({"scriptPubKey": {"hex": …}}).
func spTestLine(t *testing.T, vectorShape bool, extra string) (string, []string, string, string) {
	line, keyArgs, tweak, found := spStreamLine(t, 0)
	if !vectorShape {
		line = regexp.MustCompile(`"prevout":\{"scriptPubKey":\{"hex":("[0-9a-f]*")[^}]*\}\}`).ReplaceAllString(line, `"prevout":$1`)
		if strings.Contains(line, "scriptPubKey") {
			t.Fatalf("flattening failed: %s", line)
		}
	}
	if extra != "" {
		line = strings.Replace(line, "{", "{"+extra+",", 1)
	}
	return line, keyArgs, tweak, found
}

// TestGoodBadGoodSP: sp tweaks and sp scan over a good, a bad and a good
// line (after a comment and blank lines) give two results and one error
// naming the bad line by its number in the file, exit 2; the flat and the
// BIP-352 vector shapes of prevout give the same answers.
func TestGoodBadGoodSP(t *testing.T) {
	for _, vectorShape := range []bool{false, true} {
		good, keyArgs, tweak, found := spTestLine(t, vectorShape, "")
		in := "# block 1\n\n" + good + "\n\n" + `{"txid":"00","vin":[{"txid":"zz"}]}` + "\n" + good + "\n"
		// The bad line is line 5: a comment, a blank line, a good one, a blank one.
		code, out, errOut := runCLI(in, nil, "sp", "tweaks", "-")
		errs := lineErrors(errOut)
		if code != exitUsage || out != tweak+"\n"+tweak+"\n" || len(errs) != 1 || !strings.HasPrefix(errs[0], "line 5: malformed: vin 0: txid") {
			t.Errorf("sp tweaks (vector shape %v): exit %d, stdout %q, stderr %q", vectorShape, code, out, errOut)
		}
		code, out, errOut = runCLI(in, nil, append(append([]string{"sp", "scan"}, keyArgs...), "-")...)
		errs = lineErrors(errOut)
		parts := strings.Fields(found)
		want := fmt.Sprintf("line 3 txid=%064x output=%s tweak=%s\nline 6 txid=%064x output=%s tweak=%s\n", 1, parts[0], parts[1], 1, parts[0], parts[1])
		if code != exitUsage || out != want || len(errs) != 1 || !strings.HasPrefix(errs[0], "line 5: malformed: vin 0: txid") {
			t.Errorf("sp scan (vector shape %v): exit %d, stdout %q, stderr %q", vectorShape, code, out, errOut)
		}
		// Not JSON, or a prevout of neither shape: malformed too.
		for _, bad := range []string{"not json", `{"txid":"00","vin":[{"prevout":{"hex":"00"}}]}`} {
			code, out, errOut = runCLI(good+"\n"+bad+"\n"+good+"\n", nil, "sp", "tweaks", "-")
			if errs = lineErrors(errOut); code != exitUsage || strings.Count(out, "\n") != 2 || len(errs) != 1 || !strings.HasPrefix(errs[0], "line 2: malformed") {
				t.Errorf("sp tweaks, %q: exit %d, stdout %q, stderr %q", bad, code, out, errOut)
			}
		}
	}
}

// TestSPWarnings: a line with both tweak and vin, or without txid, gets a
// warning naming the line; the command still succeeds.
func TestSPWarnings(t *testing.T) {
	good, keyArgs, tweak, _ := spTestLine(t, true, "")
	both, _, _, _ := spTestLine(t, true, `"tweak":"`+tweak+`"`)
	noTxid := strings.Replace(good, fmt.Sprintf(`"txid":"%064x",`, 1), "", 1)
	in := good + "\n" + both + "\n" + noTxid + "\n"
	for _, args := range [][]string{{"sp", "tweaks", "-"}, append(append([]string{"sp", "scan"}, keyArgs...), "-")} {
		code, out, errOut := runCLI(in, nil, args...)
		errs := lineErrors(errOut)
		if code != 0 || strings.Count(out, "\n") != 3 || len(errs) != 2 ||
			!strings.HasPrefix(errs[0], "line 2: warning: both tweak and vin") || !strings.HasPrefix(errs[1], "line 3: warning: no txid") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args[:2], code, out, errOut)
		}
	}
}

// spStreamLine is the first receiving case of BIP-352's vectors as a
// transaction line, in the vectors' own shape, padded with white space
// (valid JSON) to pad bytes, and what scanning it finds.
func spStreamLine(t *testing.T, pad int) (line string, keyArgs []string, tweak, output string) {
	t.Helper()
	raw, err := os.ReadFile("../../silentpayments/testdata/send_and_receive_test_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Receiving []struct {
			Given    map[string]json.RawMessage `json:"given"`
			Expected struct {
				Tweak   string `json:"tweak"`
				Outputs []struct {
					Tweak  string `json:"priv_key_tweak"`
					PubKey string `json:"pub_key"`
				} `json:"outputs"`
			} `json:"expected"`
		} `json:"receiving"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	rc := cases[0].Receiving[0]
	var km struct {
		Spend string `json:"spend_priv_key"`
		Scan  string `json:"scan_priv_key"`
	}
	json.Unmarshal(rc.Given["key_material"], &km)
	keyFile := filepath.Join(t.TempDir(), "scan.key")
	os.WriteFile(keyFile, []byte(km.Scan), 0o600)
	sk, _ := hex.DecodeString(km.Spend)
	spendKey, _ := p256k1.NewPrivateKey(sk)
	sp := spendKey.PublicKey()
	spb := sp.SerializeCompressed()
	var vin, outputs bytes.Buffer
	json.Compact(&vin, rc.Given["vin"])
	json.Compact(&outputs, rc.Given["outputs"])
	line = fmt.Sprintf(`{"txid":"%064x",%s"vin":%s,"outputs":%s}`, 1, strings.Repeat(" ", max(pad, 0)), vin.Bytes(), outputs.Bytes())
	return line, []string{"--key-file", keyFile, "--spend-pub", hex.EncodeToString(spb[:])},
		rc.Expected.Tweak, rc.Expected.Outputs[0].PubKey + " " + rc.Expected.Outputs[0].Tweak
}
