package field

// mul and square are the entry points of Mul and Square. mul has an amd64
// assembly twin (mul_amd64.go, used where the processor has BMI2 and ADX,
// with mul_other.go elsewhere and under the purego tag). square has none:
// the same treatment of squaring (../../_asm, -square) measured slower than
// squareGeneric.

func square(r, a *Element) { squareGeneric(r, a) }
