package main

import (
	"fmt"
	"math"
	"strings"
)

type report struct {
	o        *options
	env      *envInfo
	res      results
	base     string
	rustNote string
	check    []string
	haveRust bool
}

// libDescriptions say what each row is; %s are filled from env.versions.
func (r *report) describe(lib string) string {
	v := func(k string) string {
		if s := r.env.versions[k]; s != "" {
			return s
		}
		return "?"
	}
	switch lib {
	case "p256k1":
		c := r.env.commit
		if c == "" {
			c = "working tree"
		}
		return "this repository (" + c + "), Go with its amd64 assembly (field and point operations, AVX2 table scans; -tags purego: pure Go)"
	case "libsecp256k1-ffi":
		return "libsecp256k1 v0.8.0, its C API called directly from Rust (compiled by the secp256k1-sys " + v("crate:secp256k1-sys") + " crate, -O3, no x86-64 asm); one randomized context"
	case "libsecp256k1-asm":
		return "the same libsecp256k1 v0.8.0 built as its CMake build does on x86-64 (-O2, with its x86-64 field assembly), called from Go through cgo; one randomized context"
	case "rust-secp256k1":
		return "the Rust secp256k1 crate " + v("crate:secp256k1") + " over the same libsecp256k1 v0.8.0; after every public-key derivation, keypair creation and signature it re-randomizes its context (one more fixed-base multiplication), which costs PubKey and the signers extra; verification and ECDH are the C library's"
	case "k256":
		return "RustCrypto k256 " + v("crate:k256") + ", pure Rust"
	case "decred":
		return "github.com/decred/dcrd/dcrec/secp256k1/v4 " + v("github.com/decred/dcrd/dcrec/secp256k1/v4") + ", pure Go; no BIP-340 (its schnorr is EC-Schnorr-DCRv0); ECDH hashes the point from ScalarMultNonConst"
	case "btcec":
		return "github.com/btcsuite/btcd/btcec/v2 " + v("github.com/btcsuite/btcd/btcec/v2") + ", pure Go (decred's arithmetic); schnorr.Sign always derives the public key and verifies the signature it made, so SchnorrSignKeypair costs as much as SchnorrSign"
	case "geth":
		return "github.com/ethereum/go-ethereum/crypto/secp256k1 " + v("github.com/ethereum/go-ethereum") + ", cgo around its vendored libsecp256k1 v0.6.1; no BIP-340; signs 65-byte recoverable signatures; PubKey and ECDH go through its big.Int ScalarBaseMult/ScalarMult"
	case "libsecp-system":
		return "the system's shared libsecp256k1 (Debian libsecp256k1-1 " + v("libsecp256k1-1") + ") called from Go through purego " + v("github.com/ebitengine/purego") + ", no cgo; 2–3 foreign calls per operation (the allocs are purego's)"
	}
	return ""
}

func fmtNS(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e4:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	default:
		return fmt.Sprintf("%.0f ns", ns)
	}
}

// libs returns the rows present, in table order.
func (r *report) libs() []string {
	seen := map[string]bool{}
	var out []string
	for _, op := range ops {
		for lib := range r.res[op] {
			if !seen[lib] {
				seen[lib] = true
				out = append(out, lib)
			}
		}
	}
	sortLibs(out)
	return out
}

// ratio of lib to the baseline for op; NaN if either is missing.
func (r *report) ratio(op, lib string) float64 {
	s, b := r.res[op][lib], r.res[op][r.base]
	if len(s) == 0 || len(b) == 0 {
		return math.NaN()
	}
	return summarize(s).median / summarize(b).median
}

func (r *report) baseName() string {
	switch r.base {
	case "libsecp256k1-ffi", "rust-secp256k1":
		return "libsecp256k1 v0.8.0 (`" + r.base + "`)"
	case "":
		return "(no baseline)"
	}
	return "`" + r.base + "`"
}

func (r *report) markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	libs := r.libs()

	p("### Time per operation relative to %s\n\n", r.baseName())
	p("Lower is better: 1.00 is %s, measured in the same run; 2.00 takes twice as long. Median of %d rounds of `-benchtime %s` each, libraries interleaved.\n\n",
		r.baseName(), r.o.rounds, r.o.benchtime)
	if r.base != "libsecp256k1-ffi" && r.base != "rust-secp256k1" {
		p("**The Rust harness did not run (%s), so these ratios are to `%s`, not to libsecp256k1 v0.8.0.**\n\n", r.rustNote, r.base)
	}
	p("| library |")
	for _, op := range ops {
		p(" %s |", op)
	}
	p("\n| --- |")
	for range ops {
		p(" ---: |")
	}
	p("\n")
	for _, lib := range libs {
		name := lib
		if lib == "p256k1" {
			name = "**p256k1**"
		}
		p("| %s |", name)
		for _, op := range ops {
			x := r.ratio(op, lib)
			switch {
			case math.IsNaN(x):
				p(" — |")
			case lib == "p256k1":
				p(" **%.2f** |", x)
			default:
				p(" %.2f |", x)
			}
		}
		p("\n")
	}

	p("\n### Time per operation\n\n")
	p("ns/op is the median of %d rounds; ± is half the range (max − min) of the rounds, as a percentage of the median. allocs/op and B/op are Go's (the Rust harness does not count them).\n\n", r.o.rounds)
	p("| operation | library | ns/op | ± | allocs/op | B/op | × %s |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |\n", r.base)
	for _, op := range ops {
		for _, lib := range libs {
			s := r.res[op][lib]
			if len(s) == 0 {
				continue
			}
			st := summarize(s)
			al, by := "—", "—"
			if !math.IsNaN(st.allocs) {
				al = fmt.Sprintf("%.0f", st.allocs)
			}
			if !math.IsNaN(st.bytes) {
				by = fmt.Sprintf("%.0f", st.bytes)
			}
			ratio := "—"
			if x := r.ratio(op, lib); !math.IsNaN(x) {
				ratio = fmt.Sprintf("%.2f", x)
			}
			name := lib
			if lib == "p256k1" {
				name = "**p256k1**"
			}
			p("| %s | %s | %.0f | %.1f%% | %s | %s | %s |\n", op, name, st.median, 50*(st.hi-st.lo)/st.median, al, by, ratio)
		}
	}

	p("\n### The rows\n\n")
	for _, lib := range libs {
		p("- `%s`: %s\n", lib, r.describe(lib))
	}
	p("\nEvery row takes and returns bytes: a 32-byte secret, a 33-byte compressed public key, a 32-byte x-only key, " +
		"64-byte compact (r ‖ s) or BIP-340 signatures, so parsing and serialization are included. " +
		"SchnorrSign derives the keypair from the secret; SchnorrSignKeypair starts from each library's prepared keypair. " +
		"ECDH returns SHA-256 of the compressed shared point (libsecp256k1's default). " +
		"All rows cycle through the same 64 inputs (bench/README.md).\n")

	p("\n### Correctness\n\n")
	p("Before timing, every library computed the public key, the ECDSA signature, the BIP-340 signature (with aux) and the ECDH secret of the 64 shared inputs; all agree byte for byte with p256k1, and every verifier accepts the signatures and rejects corrupted ones:\n\n```\n")
	for _, l := range r.check {
		if strings.Contains(l, "agrees with") || strings.HasPrefix(l, "left out") || strings.HasPrefix(l, "Rust harness") {
			p("%s\n", l)
		}
	}
	p("```\n")

	p("\n### Machine and run\n\n")
	p("- CPU: %s, %d cores\n", r.env.cpu, r.env.cores)
	p("- OS: %s\n", r.env.kernel)
	p("- Go: %s", r.env.goVersion)
	if r.env.rustc != "" {
		p("; Rust: %s", r.env.rustc)
	}
	p("\n- Date: %s; %d round(s) took %s\n", r.env.date, r.o.rounds, r.env.elapsed.Round(1e9))
	p("- Load average (1, 5, 15 min) at the start and after each round: %s\n", r.env.load)
	p("- Command (from bench/): `%s`\n", strings.TrimSpace(r.env.command))
	if !r.haveRust {
		p("- %s\n", r.rustNote)
	}
	return b.String()
}
