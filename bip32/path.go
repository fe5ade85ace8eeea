package bip32

import (
	"fmt"
	"strconv"
	"strings"
)

// Path is a parsed derivation path: the indices (hardened ones ≥ 2^31) and
// whether it was absolute ("m/...", to be applied to a master key).
type Path struct {
	Absolute bool
	Indices  []uint32
}

// ParsePath parses a BIP-32 path. "m" alone, or "m/" followed by elements,
// is absolute; without the leading "m" ("0'/1/2h") the path is relative to
// whatever key it is applied to (DerivePath checks that an absolute path is
// applied to a master key only). Elements are separated by single '/';
// each is a decimal number below 2^31 without sign, spaces or leading
// zeros ("0" itself is fine), optionally followed by one of ', h or H for
// hardened. At most 255 elements. The empty string is rejected (write "m"
// for the key itself). Errors wrap ErrInvalidPath and name the element.
func ParsePath(s string) (Path, error) {
	var p Path
	if s == "" {
		return p, fmt.Errorf("%w: empty path (write \"m\" for the key itself)", ErrInvalidPath)
	}
	rest := s
	if s == "m" {
		return Path{Absolute: true}, nil
	}
	if strings.HasPrefix(s, "m/") {
		p.Absolute = true
		rest = s[2:]
	}
	n := strings.Count(rest, "/") + 1
	if n > 255 {
		return Path{}, fmt.Errorf("%w: %d elements (at most 255)", ErrInvalidPath, n)
	}
	p.Indices = make([]uint32, 0, n)
	for k := 0; ; k++ {
		elem, tail, more := strings.Cut(rest, "/")
		i, err := parseElement(elem)
		if err != nil {
			return Path{}, fmt.Errorf("%w: element %d %q: %s", ErrInvalidPath, k+1, elem, err.Error())
		}
		p.Indices = append(p.Indices, i)
		if !more {
			break
		}
		rest = tail
	}
	return p, nil
}

type pathErr string

func (e pathErr) Error() string { return string(e) }

func parseElement(e string) (uint32, error) {
	if e == "" {
		return 0, pathErr("empty element")
	}
	hard := false
	switch e[len(e)-1] {
	case '\'', 'h', 'H':
		hard = true
		e = e[:len(e)-1]
	}
	if e == "" {
		return 0, pathErr("no number before the hardened marker")
	}
	for i := 0; i < len(e); i++ {
		if e[i] < '0' || e[i] > '9' {
			return 0, pathErr("not a decimal number (digits, then optionally ', h or H)")
		}
	}
	if len(e) > 1 && e[0] == '0' {
		return 0, pathErr("leading zero")
	}
	v, err := strconv.ParseUint(e, 10, 32)
	if err != nil || v >= uint64(HardenedOffset) {
		return 0, pathErr("index must be below 2^31 (2147483648); write ' for hardened")
	}
	i := uint32(v)
	if hard {
		i |= HardenedOffset
	}
	return i, nil
}

// String formats p with ' for hardened indices: "m/86'/0'/0'/0/5", or
// "0/5" for a relative path ("m" for an empty absolute one, "" for an
// empty relative one).
func (p Path) String() string {
	var b strings.Builder
	if p.Absolute {
		b.WriteString("m")
	}
	for k, i := range p.Indices {
		if k > 0 || p.Absolute {
			b.WriteByte('/')
		}
		b.WriteString(strconv.FormatUint(uint64(i&^HardenedOffset), 10))
		if i >= HardenedOffset {
			b.WriteByte('\'')
		}
	}
	return b.String()
}
