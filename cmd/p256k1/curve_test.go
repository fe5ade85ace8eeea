package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHashToCurve checks the command against RFC 9380's secp256k1 vectors
// (appendix J.8.1: msg "" and "abc") and its errors.
func TestHashToCurve(t *testing.T) {
	const dstRO = "QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_RO_"
	const dstNU = "QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_NU_"
	out := run0(t, "", nil, "hash-to-curve", "--dst", dstRO, "--msg", "", "--format", "uncompressed")
	want := "04" + "c1cae290e291aee617ebaef1be6d73861479c48b841eaba9b7b5852ddfeb1346" +
		"64fa678e07ae116126f08b022a94af6de15985c996c3a91b64c406a960e51067"
	if out != want {
		t.Fatalf("RO, empty message: %s, want %s", out, want)
	}
	var obj map[string]string
	js := run0(t, "abc", nil, "hash-to-curve", "--dst", dstRO, "--json")
	if err := json.Unmarshal([]byte(js), &obj); err != nil {
		t.Fatal(err)
	}
	if obj["x"] != "3377e01eab42db296b512293120c6cee72b6ecf9f9205760bd9ff11fb3cb2c4b" ||
		obj["y"] != "7f95890f33efebd1044d382a01b1bee0900fb6116f94688d487c6c7b9c8371f6" ||
		obj["suite"] != "secp256k1_XMD:SHA-256_SSWU_RO_" || !strings.HasPrefix(obj["point"], "02") {
		t.Fatalf("RO, abc: %v", obj)
	}
	if out := run0(t, "", nil, "hash-to-curve", "--dst", dstNU, "--suite", "nu", "--msg", "", "--format", "x"); out != "a4792346075feae77ac3b30026f99c1441b4ecf666ded19b7522cf65c4c55c5b" {
		t.Fatalf("NU, empty message: %s", out)
	}
	if out := run0(t, "", nil, "hash-to-curve", "--dst", "T", "--suite", "scalar", "--msg", "00"); len(out) != 64 {
		t.Fatalf("scalar: %q", out)
	}
	expectCode(t, p256k1Cmd(t, "", nil, "hash-to-curve", "--msg", "00"), exitUsage, "dst")
	expectCode(t, p256k1Cmd(t, "", nil, "hash-to-curve", "--dst", "T", "--suite", "xx", "--msg", "00"), exitUsage, "suite")
	expectCode(t, p256k1Cmd(t, "", nil, "hash-to-curve", "--dst", "T", "--format", "xx", "--msg", "00"), exitUsage, "format")
	expectCode(t, p256k1Cmd(t, "", nil, "hash-to-curve", "--dst", "T", "--msg", "0"), exitUsage, "msg")
}
