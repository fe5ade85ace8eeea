// Command _asm generates p256k1's amd64 assembly with avo
// (github.com/mmcloughlin/avo). It is its own module so that the library
// does not depend on avo. Each unit is one generated file, made through
// go generate in its package:
//
//	go run . -unit field  -out ../internal/field/mul_amd64.s -stubs ../internal/field/mul_amd64_decl.go -pkg field
//	go run . -unit group  -out ../internal/group/point_amd64.s
//	go run . -unit lookup -out ../internal/group/lookup_amd64.s
//	go run . -unit field8 -out ../internal/field8/field8_amd64.s -stubs ../internal/field8/field8_amd64_decl.go -pkg field8
//	go run . -unit ecmult8 -out ../internal/ecmult8/point_amd64.s
//
// The field unit holds the field multiplication and squaring for processors
// with BMI2 (MULX, BZHI) and ADX (ADCX, ADOX). The group unit holds whole
// point operations (doubling and the additions of package group), which
// inline the same multiplication and squaring code between linear field
// operations, with every intermediate in the stack frame: no call per field
// operation. Its Go declarations are written by hand
// (internal/group/point_amd64.go) because they name package group's types;
// go vet checks them against the assembly. The lookup unit holds package
// group's AVX2 constant-time scan of a row of stored points, which the
// combs and ecmultconst use (its declaration is hand-written too). The
// field8 unit holds the eight-lane field multiplication and squaring with
// AVX-512 IFMA (VPMADD52LUQ, VPMADD52HUQ) for internal/field8.
package main

import (
	"flag"
	"fmt"
	"os"

	. "github.com/mmcloughlin/avo/build"
)

func main() {
	unit := flag.String("unit", "field", "what to generate: field, group, lookup, fe4, field8 or ecmult8")
	flag.Parse()
	ConstraintExpr("amd64,!purego")
	switch *unit {
	case "field":
		fieldUnit()
	case "group":
		groupUnit()
	case "lookup":
		storageLookup()
	case "fe4":
		fe4Unit()
	case "field8":
		field8Unit()
	case "ecmult8":
		ecmult8Unit()
	default:
		fmt.Fprintf(os.Stderr, "_asm: unknown unit %q\n", *unit)
		os.Exit(2)
	}
	Generate()
}
