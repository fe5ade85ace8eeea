//go:build ignore

// gen_tables writes tables_gen.go, the precomputed odd multiples of G and of
// 2^128·G used by package ecmult, or with -quarters tables64_gen.go, those
// of 2^64·G and 2^192·G (the short-relation check's other two quarters).
// Run it with "go generate" in this directory; -w sets the window (the
// committed tables use the go:generate lines' windows).
package main

import (
	"flag"
	"log"
	"os"

	"github.com/p256k1/p256k1/internal/ecmult/internal/tablegen"
)

func main() {
	w := flag.Int("w", 15, "wNAF window")
	quarters := flag.Bool("quarters", false, "write the tables of 2^64·G and 2^192·G")
	out := flag.String("o", "", "output file (default tables_gen.go, or tables64_gen.go with -quarters)")
	flag.Parse()
	if *w < 3 || *w > 20 {
		log.Fatalf("window %d out of range [3, 20]", *w)
	}
	src, name := tablegen.Source, "tables_gen.go"
	if *quarters {
		src, name = tablegen.Source64, "tables64_gen.go"
	}
	if *out == "" {
		*out = name
	}
	if err := os.WriteFile(*out, src(*w), 0o644); err != nil {
		log.Fatal(err)
	}
}
