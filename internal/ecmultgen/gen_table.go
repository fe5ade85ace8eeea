//go:build ignore

// gen_table.go writes table.go, the precomputed comb table of package
// ecmultgen. Run it through go generate in this directory:
//
//	go generate ./internal/ecmultgen
//
// which runs "go run gen_table.go -blocks B -teeth T" with the shape named in
// the go:generate line of ecmultgen.go. TestTableIsGenerated fails if the
// committed table.go differs from what this program writes.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/p256k1/p256k1/internal/ecmultgen/internal/gentable"
)

func main() {
	blocks := flag.Int("blocks", 43, "number of comb blocks (table rows)")
	teeth := flag.Int("teeth", 6, "teeth per block (a row has 2^(teeth-1) entries)")
	out := flag.String("o", "table.go", "output file")
	flag.Parse()
	src, err := gentable.Source(*blocks, *teeth)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
