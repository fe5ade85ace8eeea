//go:build !amd64 || purego

package ecmult

import (
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// useStrauss4 is false where there is no 4×64 engine: the 5×52 loop runs.
const useStrauss4 = false

func strauss4(r *group.Jacobian, pre, preL *[tableSizeA]group.Affine, z *field.Element,
	wa1, waL, wb1, wb128 *wnafDigits, tg, tg128 []group.AffineStorage, top int) bool {
	return false
}
