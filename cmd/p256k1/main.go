// Command p256k1 is the command-line tool of the p256k1 library.
//
// Usage:
//
//	p256k1 selftest    check the arithmetic against known answers and time each primitive
//
// Later versions add key generation, signing, verification and ECDH.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "selftest":
		quick := len(args) > 1 && args[1] == "-quick"
		return selftest(stdout, quick)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "p256k1: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: p256k1 <command>

commands:
  selftest [-quick]   check the arithmetic against known answers and time each primitive
                      (-quick: checks only, no timings)
  help                show this text
`)
}
