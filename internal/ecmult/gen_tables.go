//go:build ignore

// gen_tables writes tables_gen.go, the precomputed odd multiples of G and of
// 2^128·G used by package ecmult. Run it with "go generate" in this
// directory; -w sets the window (the committed tables use the default).
package main

import (
	"flag"
	"log"
	"os"

	"github.com/p256k1/p256k1/internal/ecmult/internal/tablegen"
)

func main() {
	w := flag.Int("w", 15, "wNAF window for G")
	out := flag.String("o", "tables_gen.go", "output file")
	flag.Parse()
	if *w < 3 || *w > 20 {
		log.Fatalf("window %d out of range [3, 20]", *w)
	}
	if err := os.WriteFile(*out, tablegen.Source(*w), 0o644); err != nil {
		log.Fatal(err)
	}
}
