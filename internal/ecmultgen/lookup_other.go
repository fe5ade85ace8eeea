//go:build !amd64 || purego

package ecmultgen

import "github.com/p256k1/p256k1/internal/group"

func lookup(e *group.AffineStorage, row *[combPoints]group.AffineStorage, idx uint32) {
	lookupGeneric(e, row, idx)
}
