package bench

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// CheckOps are the operations whose outputs the correctness check compares
// byte for byte, in the Rust harness's spelling.
var CheckOps = []string{"pubkey", "ecdsa", "recover", "schnorr", "ecdh"}

// Outputs maps library → check op → the N outputs (nil where the library
// does not offer the operation).
type Outputs map[string]map[string][][]byte

// ComputeOutputs runs every check op of each library on the shared inputs.
// Failures of an operation are returned as errors and leave that output nil.
func ComputeOutputs(libs []*Lib) (Outputs, []error) {
	out := Outputs{}
	var errs []error
	fail := func(l *Lib, op string, i int, err error) {
		errs = append(errs, fmt.Errorf("%s %s input %d: %v", l.Name, op, i, err))
	}
	for _, l := range libs {
		m := map[string][][]byte{}
		out[l.Name] = m
		for _, op := range CheckOps {
			var f func(in *Input) ([]byte, error)
			switch {
			case op == "pubkey" && l.PubKey != nil:
				f = func(in *Input) ([]byte, error) {
					var o [33]byte
					err := l.PubKey(&in.Secret, &o)
					return o[:], err
				}
			case op == "ecdsa" && l.ECDSASign != nil:
				f = func(in *Input) ([]byte, error) {
					var o [64]byte
					err := l.ECDSASign(&in.Secret, &in.Msg, &o)
					return o[:], err
				}
			case op == "recover" && l.ECDSARecover != nil:
				// The key recovered from p256k1's recoverable signature
				// of the input (the secret's public key, when right).
				f = func(in *Input) ([]byte, error) {
					var o [33]byte
					sig, err := RecoverableSig(in)
					if err == nil {
						err = l.ECDSARecover(&in.Msg, &sig, &o)
					}
					return o[:], err
				}
			case op == "schnorr" && l.SchnorrSign != nil:
				f = func(in *Input) ([]byte, error) {
					var o [64]byte
					err := l.SchnorrSign(&in.Secret, &in.Msg, &in.Aux, &o)
					return o[:], err
				}
			case op == "ecdh" && l.ECDH != nil:
				f = func(in *Input) ([]byte, error) {
					var o [32]byte
					err := l.ECDH(&in.Secret, &in.Peer, &o)
					return o[:], err
				}
			}
			if f == nil {
				continue
			}
			vals := make([][]byte, N)
			for i := range Inputs {
				v, err := f(&Inputs[i])
				if err != nil {
					fail(l, op, i, err)
					continue
				}
				vals[i] = v
			}
			m[op] = vals
		}
	}
	return out, errs
}

// ParseCheck reads the Rust harness's check output, lines "LIB OP I HEX".
func ParseCheck(r io.Reader) (Outputs, error) {
	out := Outputs{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("check output line %d: want \"LIB OP I HEX\", got %q", line, sc.Text())
		}
		i, err := strconv.Atoi(f[2])
		if err != nil || i < 0 || i >= N {
			return nil, fmt.Errorf("check output line %d: bad index %q", line, f[2])
		}
		b, err := hex.DecodeString(f[3])
		if err != nil {
			return nil, fmt.Errorf("check output line %d: %v", line, err)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string][][]byte{}
		}
		if out[f[0]][f[1]] == nil {
			out[f[0]][f[1]] = make([][]byte, N)
		}
		out[f[0]][f[1]][i] = b
	}
	return out, sc.Err()
}

// Compare checks every library's outputs against the reference library's,
// byte for byte, and that every library produced all N outputs of each op
// it has. It returns one line per disagreement (at most a few per library
// and op) and a summary of what agreed.
func Compare(all Outputs, ref string) (mismatches []string, summary []string) {
	want := all[ref]
	if want == nil {
		return []string{"reference library " + ref + " has no outputs"}, nil
	}
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		var agreed []string
		for _, op := range CheckOps {
			got, ok := all[name][op]
			if !ok {
				continue
			}
			bad := 0
			for i := 0; i < N; i++ {
				w := want[op]
				switch {
				case w == nil || w[i] == nil:
					mismatches = append(mismatches, fmt.Sprintf("%s: reference %s has no %s output %d", name, ref, op, i))
					bad++
				case got[i] == nil:
					mismatches = append(mismatches, fmt.Sprintf("%s %s %d: missing (reference %x)", name, op, i, w[i]))
					bad++
				case string(got[i]) != string(w[i]):
					bad++
					if bad <= 3 {
						mismatches = append(mismatches, fmt.Sprintf("%s %s %d: got %x, %s has %x", name, op, i, got[i], ref, w[i]))
					}
				}
			}
			if bad > 3 {
				mismatches = append(mismatches, fmt.Sprintf("%s %s: %d of %d outputs differ", name, op, bad, N))
			}
			if bad == 0 {
				agreed = append(agreed, op)
			}
		}
		summary = append(summary, fmt.Sprintf("%-16s agrees with %s on %d inputs: %s", name, ref, N, strings.Join(agreed, ", ")))
	}
	return mismatches, summary
}

// CheckVerify checks that each library's verifiers accept the reference
// signatures of all N inputs and reject each one with a flipped bit, so the
// verification benchmarks time successful verifications of valid input.
func CheckVerify(libs []*Lib, ref Outputs, refName string) []string {
	var bad []string
	pubs, ecdsaSigs, schnorrSigs := ref[refName]["pubkey"], ref[refName]["ecdsa"], ref[refName]["schnorr"]
	for _, l := range libs {
		for i := 0; i < N; i++ {
			if l.ECDSAVerify != nil && pubs != nil && ecdsaSigs != nil {
				pub, sig := (*[33]byte)(pubs[i]), *(*[64]byte)(ecdsaSigs[i])
				if !l.ECDSAVerify(pub, &Inputs[i].Msg, &sig) {
					bad = append(bad, fmt.Sprintf("%s: ECDSAVerify rejects the valid signature %d", l.Name, i))
				}
				sig[i%64] ^= 1 << (i % 8)
				if l.ECDSAVerify(pub, &Inputs[i].Msg, &sig) {
					bad = append(bad, fmt.Sprintf("%s: ECDSAVerify accepts corrupted signature %d", l.Name, i))
				}
			}
			if l.ECDSARecover != nil && pubs != nil {
				sig, err := RecoverableSig(&Inputs[i])
				var got [33]byte
				if err == nil {
					err = l.ECDSARecover(&Inputs[i].Msg, &sig, &got)
				}
				if err != nil || string(got[:]) != string(pubs[i]) {
					bad = append(bad, fmt.Sprintf("%s: ECDSARecover %d gives %x (err %v), want %x", l.Name, i, got, err, pubs[i]))
				}
				sig[32+i%32] ^= 1 << (i % 8) // a corrupted s: another key, or none
				if err := l.ECDSARecover(&Inputs[i].Msg, &sig, &got); err == nil && string(got[:]) == string(pubs[i]) {
					bad = append(bad, fmt.Sprintf("%s: ECDSARecover recovers the signer from corrupted signature %d", l.Name, i))
				}
			}
			if l.SchnorrVerify != nil && pubs != nil && schnorrSigs != nil {
				xonly := (*[32]byte)(pubs[i][1:])
				sig := *(*[64]byte)(schnorrSigs[i])
				if !l.SchnorrVerify(xonly, &Inputs[i].Msg, &sig) {
					bad = append(bad, fmt.Sprintf("%s: SchnorrVerify rejects the valid signature %d", l.Name, i))
				}
				sig[i%64] ^= 1 << (i % 8)
				if l.SchnorrVerify(xonly, &Inputs[i].Msg, &sig) {
					bad = append(bad, fmt.Sprintf("%s: SchnorrVerify accepts corrupted signature %d", l.Name, i))
				}
			}
			if l.SchnorrKeypair != nil && schnorrSigs != nil {
				sign, err := l.SchnorrKeypair(&Inputs[i].Secret)
				var sig [64]byte
				if err == nil {
					err = sign(&Inputs[i].Msg, &Inputs[i].Aux, &sig)
				}
				if err != nil || string(sig[:]) != string(schnorrSigs[i]) {
					bad = append(bad, fmt.Sprintf("%s: SchnorrSignKeypair %d gives %x (err %v), want %x", l.Name, i, sig, err, schnorrSigs[i]))
				}
			}
		}
	}
	return bad
}

// Check runs the whole correctness check on libs plus any extra outputs
// (the Rust harness's), against p256k1. It returns the disagreements (empty
// when everything agrees) and a summary.
func Check(libs []*Lib, extra Outputs) (problems, summary []string) {
	all, errs := ComputeOutputs(libs)
	for _, e := range errs {
		problems = append(problems, e.Error())
	}
	for name, m := range extra {
		if _, dup := all[name]; dup {
			problems = append(problems, "duplicate library name in the extra outputs: "+name)
			continue
		}
		all[name] = m
	}
	mm, summary := Compare(all, p256k1Lib.Name)
	problems = append(problems, mm...)
	problems = append(problems, CheckVerify(libs, all, p256k1Lib.Name)...)
	return problems, summary
}
