package report

import (
	"fmt"
	"html/template"
	"strings"
)

// sparkline returns an inline SVG bar chart of the values vs, one bar a
// value from n = 0 on, its height the value's share of the largest, with
// title as its text alternative. It is drawn here, not by package plots,
// so that a census's game, which keeps only its first values, has a
// picture too, and it is small enough to sit in the page.
func sparkline(vs []uint32, title string) template.HTML {
	const w, h, bar = 640, 80, 2
	var top uint32 = 1
	for _, v := range vs {
		top = max(top, v)
	}
	step := float64(w) / float64(len(vs))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="spark" viewBox="0 0 %d %d" role="img" aria-label="%s"><title>%s</title>`,
		w, h, template.HTMLEscapeString(title), template.HTMLEscapeString(title))
	for i, v := range vs {
		bh := float64(h-bar) * float64(v) / float64(top)
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f"/>`, float64(i)*step, float64(h)-bh-bar, max(step-1, 1), bh+bar)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // built from numbers and escaped text only
}
