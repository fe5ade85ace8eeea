package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// palette gives each library a fixed colour.
var palette = map[string]color.RGBA{
	"p256k1":           {0xd6, 0x27, 0x28, 0xff}, // red
	"libsecp256k1-ffi": {0x7f, 0x7f, 0x7f, 0xff}, // grey
	"libsecp256k1-asm": {0x3f, 0x3f, 0x3f, 0xff}, // dark grey
	"rust-secp256k1":   {0xff, 0x7f, 0x0e, 0xff}, // orange
	"libsecp-system":   {0x8c, 0x56, 0x4b, 0xff}, // brown
	"geth":             {0x94, 0x67, 0xbd, 0xff}, // purple
	"k256":             {0xe3, 0x77, 0xc2, 0xff}, // pink
	"decred":           {0x1f, 0x77, 0xb4, 0xff}, // blue
	"btcec":            {0x2c, 0xa0, 0x2c, 0xff}, // green
}

var extraColors = []color.RGBA{{0x17, 0xbe, 0xcf, 0xff}, {0xbc, 0xbd, 0x22, 0xff}, {0x39, 0x3b, 0x79, 0xff}}

var (
	black = color.RGBA{0x20, 0x20, 0x20, 0xff}
	grey  = color.RGBA{0x70, 0x70, 0x70, 0xff}
	light = color.RGBA{0xe4, 0xe4, 0xe4, 0xff}
)

// chart draws, per operation, one bar per library from the 1× line (the
// baseline) to its ratio, on a log scale: bars going up are slower than
// libsecp256k1, bars going down faster.
func (r *report) chart(path string) error {
	var libs []string
	for _, l := range r.libs() {
		if l != r.base {
			libs = append(libs, l)
		}
	}
	if r.base == "" || len(libs) == 0 {
		return fmt.Errorf("nothing to chart (baseline %q)", r.base)
	}
	const (
		barW, barGap, groupGap = 22, 4, 34
		left, right, top       = 78, 24, 96
		plotH                  = 470
	)
	groupW := len(libs)*(barW+barGap) - barGap
	W := left + right + len(ops)*(groupW+groupGap)
	if W < 900 {
		W = 900
	}
	H := top + plotH + 130
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)

	// Scale: log2, from a power of two below the smallest ratio to one
	// above the largest.
	lo, hi := 1.0, 1.0
	for _, op := range ops {
		for _, l := range libs {
			if x := r.ratio(op, l); !math.IsNaN(x) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	lo2 := math.Log2(lo) - 0.4
	hi2 := math.Ceil(math.Log2(hi)) + 0.25
	if hi2 < 1.25 {
		hi2 = 1.25
	}
	y := func(ratio float64) int {
		return top + int(math.Round(float64(plotH)*(hi2-math.Log2(ratio))/(hi2-lo2)))
	}
	plotR := W - right

	// Title.
	drawText(img, W/2, 30, "Time per operation relative to "+plainBase(r.base)+"  (lower is better)", black, 2, alignCenter)
	sub := fmt.Sprintf("median of %d interleaved rounds, -benchtime %s; %s, %d cores; %s; %s", r.o.rounds, r.o.benchtime, r.env.cpu, r.env.cores, r.env.goVersion, r.env.date)
	drawText(img, W/2, 62, sub, grey, 1, alignCenter)

	// Grid: powers of two, labelled.
	for e := math.Ceil(lo2); e <= math.Floor(hi2); e++ {
		v := math.Pow(2, e)
		yy := y(v)
		c := light
		if e == 0 {
			c = black
		}
		hline(img, left, plotR, yy, c)
		if e == 0 {
			hline(img, left, plotR, yy+1, c)
		}
		label := fmt.Sprintf("%gx", v)
		drawText(img, left-8, yy+4, label, black, 1, alignRight)
	}
	drawText(img, left+4, top-8, "slower than "+plainBase(r.base)+" (bars up)", grey, 1, alignLeft)
	drawText(img, left+4, top+plotH+16, "faster (bars down)", grey, 1, alignLeft)

	// Bars.
	for gi, op := range ops {
		gx := left + groupGap/2 + gi*(groupW+groupGap)
		drawText(img, gx+groupW/2, top+plotH+36, op, black, 1, alignCenter)
		for li, l := range libs {
			x := r.ratio(op, l)
			if math.IsNaN(x) {
				continue
			}
			bx := gx + li*(barW+barGap)
			y0, y1 := y(1), y(x)
			if y1 > y0 {
				y0, y1 = y1, y0
			}
			if y0 == y1 {
				y0++
			}
			draw.Draw(img, image.Rect(bx, y1, bx+barW, y0), image.NewUniform(libColor(l, libs)), image.Point{}, draw.Src)
			label := fmt.Sprintf("%.1f", x)
			if x >= 10 {
				label = fmt.Sprintf("%.0f", x)
			}
			if x >= 1 {
				drawText(img, bx+barW/2, y(x)-4, label, black, 1, alignCenter)
			} else {
				drawText(img, bx+barW/2, y(x)+13, label, black, 1, alignCenter)
			}
		}
		if gi > 0 {
			vline(img, gx-groupGap/2, top, top+plotH, light)
		}
	}
	// Frame.
	hline(img, left, plotR, top, grey)
	hline(img, left, plotR, top+plotH, grey)
	vline(img, left, top, top+plotH, grey)
	vline(img, plotR, top, top+plotH, grey)

	// Legend.
	lx, ly := left, top+plotH+70
	for _, l := range libs {
		w := 18 + 8 + 7*len([]rune(l)) + 26
		if lx+w > W-right {
			lx, ly = left, ly+24
		}
		draw.Draw(img, image.Rect(lx, ly-12, lx+18, ly+4), image.NewUniform(libColor(l, libs)), image.Point{}, draw.Src)
		drawText(img, lx+26, ly, l, black, 1, alignLeft)
		lx += w
	}
	drawText(img, W-right, H-10, "baseline (1x): "+r.base+"; bench/cmd/compare", grey, 1, alignRight)

	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func plainBase(base string) string {
	switch base {
	case "libsecp256k1-ffi", "rust-secp256k1":
		return "libsecp256k1 v0.8.0"
	}
	return base
}

func libColor(l string, libs []string) color.RGBA {
	if c, ok := palette[l]; ok {
		return c
	}
	n := 0
	for _, x := range libs {
		if x == l {
			break
		}
		if _, ok := palette[x]; !ok {
			n++
		}
	}
	return extraColors[n%len(extraColors)]
}

func hline(img *image.RGBA, x0, x1, y int, c color.RGBA) {
	for x := x0; x <= x1; x++ {
		img.SetRGBA(x, y, c)
	}
}

func vline(img *image.RGBA, x, y0, y1 int, c color.RGBA) {
	for y := y0; y <= y1; y++ {
		img.SetRGBA(x, y, c)
	}
}

type align int

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// drawText draws s with its baseline at y, scaled by an integer factor
// (nearest neighbour) so titles can be larger than the 7×13 font.
func drawText(dst *image.RGBA, x, y int, s string, c color.RGBA, scale int, a align) {
	face := basicfont.Face7x13
	w := font.MeasureString(face, s).Ceil()
	h := 16
	tmp := image.NewRGBA(image.Rect(0, 0, w, h))
	d := &font.Drawer{Dst: tmp, Src: image.NewUniform(c), Face: face, Dot: fixed.P(0, 12)}
	d.DrawString(s)
	switch a {
	case alignCenter:
		x -= w * scale / 2
	case alignRight:
		x -= w * scale
	}
	top := y - 12*scale
	for ty := 0; ty < h; ty++ {
		for tx := 0; tx < w; tx++ {
			px := tmp.RGBAAt(tx, ty)
			if px.A == 0 {
				continue
			}
			for sy := 0; sy < scale; sy++ {
				for sx := 0; sx < scale; sx++ {
					X, Y := x+tx*scale+sx, top+ty*scale+sy
					if !(image.Pt(X, Y).In(dst.Rect)) {
						continue
					}
					// Blend over what is there (the font is antialiased only in alpha).
					bg := dst.RGBAAt(X, Y)
					al := uint32(px.A)
					blend := func(f, b uint8) uint8 { return uint8((uint32(f)*al + uint32(b)*(255-al)) / 255) }
					dst.SetRGBA(X, Y, color.RGBA{blend(c.R, bg.R), blend(c.G, bg.G), blend(c.B, bg.B), 0xff})
				}
			}
		}
	}
}
