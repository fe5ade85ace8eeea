package field

// mul and square are the entry points that an architecture-specific twin
// (added under build tags) replaces.

func mul(r, a, b *Element) { mulGeneric(r, a, b) }

func square(r, a *Element) { squareGeneric(r, a) }
