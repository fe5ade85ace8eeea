package secp256k1

import "testing"

// TestNilZero: Zero on a nil *ModNScalar, *FieldVal or *PrivateKey does
// nothing, as it does for the main module's types (its nil_test.go checks
// those); before, all three panicked.
func TestNilZero(t *testing.T) {
	for name, zero := range map[string]func(){
		"ModNScalar": func() { var s *ModNScalar; s.Zero() },
		"FieldVal":   func() { var f *FieldVal; f.Zero() },
		"PrivateKey": func() { var p *PrivateKey; p.Zero() },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s.Zero on a nil receiver: panic: %v", name, r)
				}
			}()
			zero()
		}()
	}
}
