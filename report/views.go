package report

import (
	"fmt"
	"html/template"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
)

// A column is one column of the front page's table; Numeric columns sort
// by number.
type column struct {
	Label   string
	Numeric bool
}

// A cell is one cell of a row: its text, a link when it names a page, and
// for a number the value it sorts by.
type cell struct {
	Text string
	Href string
	Sort string
}

// A row is one game of the front page, with what its filters read.
type row struct {
	Cells   []cell
	Status  string // proved, observed, none or refused
	Family  string
	Period  int // -1 for none
	Text    string
	Refused bool
}

// An index is the front page's data.
type index struct {
	Title    string
	What     string // what the folder holds, in a sentence
	Counts   []fact
	Columns  []column
	Rows     []row
	Families []string
	Refused  []Refusal
	Classes  string // the classes page, "" for none
	Plots    []plot // pictures of the whole folder (a table of boards by size)
	Noun     string // what a row is: games, or boards
	Version  string
}

// A fact is a labelled value of a page.
type fact struct {
	Label, Value string
}

// A plot is one image of a game's page, with its text alternative.
type plot struct {
	File, Src, Alt, Caption string
}

// A file is one file of a game's page, to download.
type file struct {
	stored
	Href string
}

// A gameView is a game's page.
type gameView struct {
	Title, Name    string
	Rule, Words    string
	Facts          []fact
	Status         string
	Period         string
	Proof          string
	ClosedForm     string
	Ring           string
	Classical      string
	Rare           string
	Plots          []plot
	First          []uint32
	FirstFrom      int
	FirstNote      string
	Sparkline      template.HTML
	Files          []file
	Refused        []Refusal
	Config         string
	ConfigName     string
	Command        string
	Quotient       string
	Outcomes       string
	Class          string
	ClassHref      string
	Representative string
	RepHref        string
	Version        string
}

// pageName returns the file name of the page of the game name, safe in a
// URL and on any file system.
func pageName(name string) string { return "games/" + safeName(name) + ".html" }

// safeName returns name with every character but letters, digits, '-',
// '_' and '.' written as ~ and its code in hexadecimal: a name safe in a
// URL and on any file system, and one-to-one.
func safeName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, "~%06x", r)
		}
	}
	return b.String()
}

// statusOf returns the standing of g's period: from its table's analysis,
// which the reader made again from the values, else from its row.
func (g *game) statusOf() (sg.Status, sg.Period) {
	switch {
	case g.table != nil && g.table.Analysis != nil:
		return g.table.Analysis.Status, g.table.Analysis.Period
	case g.summary != nil:
		return g.summary.Status, sg.Period{Start: g.summary.Preperiod, Length: g.summary.Period, Saltus: g.summary.Saltus}
	case g.census != nil:
		return g.census.Status, sg.Period{Start: g.census.Preperiod, Length: g.census.Period, Saltus: g.census.Saltus}
	}
	return sg.None, sg.Period{}
}

// rule returns g's rule as its files and rows state it.
func (g *game) rule() string {
	switch {
	case g.meta[export.KeyRule] != "":
		return g.meta[export.KeyRule]
	case g.summary != nil:
		return g.summary.Rule
	case g.census != nil:
		return g.census.Rule
	}
	return ""
}

// presented reports whether g has something verified to show: a table, or
// a row of the summary or census whose table is not refused.
func (g *game) presented() bool {
	return g.table != nil || g.lattice != nil || g.graph != nil || g.quotient != nil || g.census != nil ||
		(g.summary != nil && len(g.refused) == 0)
}

// periodText says a period in words.
func periodText(st sg.Status, p sg.Period) string {
	if st == sg.None || st == "" {
		return ""
	}
	s := fmt.Sprintf("period %d from n = %d", p.Length, p.Start)
	if p.Saltus > 0 {
		s = fmt.Sprintf("period %d with saltus %d from n = %d: SG(n + %d) = SG(n) + %d", p.Length, p.Saltus, p.Start, p.Length, p.Saltus)
	}
	return s
}

// kindOf names the kind of g's table for the front page.
func (g *game) kindOf() string {
	switch {
	case g.lattice != nil:
		return "lattice"
	case g.graph != nil:
		return "graph"
	case g.quotient != nil && g.table == nil:
		return "quotient"
	case g.table != nil && g.table.Game.Misere, g.summary != nil && g.summary.Play == "misere", g.census != nil && g.census.Play == "misere":
		return "misère"
	case g.census != nil:
		return g.census.Family
	}
	for _, prefix := range []string{"script", "state", "graph", "lattice"} {
		if strings.HasPrefix(g.rule(), prefix+":") {
			return prefix
		}
	}
	return "heap"
}

// gameView returns the page of g.
func (f *folder) gameView(g *game, opt Options) gameView {
	v := gameView{Name: g.name, Title: g.name, Rule: g.rule(), Refused: g.refused, Version: opt.Version}
	if r, err := rules.ParseCode(v.Rule, 0); err == nil {
		v.Words = r.Words()
	}
	st, p := g.statusOf()
	v.Status, v.Period = string(st), periodText(st, p)
	if g.meta != nil {
		v.Config, v.Classical = g.meta[export.KeyConfig], g.meta[export.KeyClassical]
		if v.Config == "" {
			v.Config = g.meta[export.KeySweep]
		}
	}
	if g.census != nil && v.Config == "" {
		v.Config = f.sweep
	}
	f.facts(g, &v)
	f.analysis(g, &v)
	f.values(g, &v)
	f.plots(g, &v)
	f.downloads(g, &v)
	v.ConfigName = g.name + ".yaml"
	if g.census != nil && g.meta == nil {
		v.ConfigName = "sweep.yaml"
	}
	if v.Config != "" {
		v.Command = "sgtab run -out out " + v.ConfigName
		if g.census != nil && g.meta == nil {
			v.Command = "sgtab sweep -out out " + v.ConfigName
		}
	}
	if g.quotient != nil {
		var b strings.Builder
		heap.QuotientText(&b, g.name, g.quotient)
		v.Quotient = b.String()
	}
	if g.graph != nil {
		v.Outcomes = outcomes(g)
	}
	if c := g.census; c != nil {
		v.Class = fmt.Sprintf("%s (%d games)", c.Class, c.ClassSize)
		v.ClassHref = "../classes.html#" + classAnchor(c.Class)
		v.Representative = c.Representative
		if c.Representative != g.name {
			v.RepHref = "../" + pageName(c.Representative)
		}
	}
	return v
}

// facts fills the page's table of facts: what was computed.
func (f *folder) facts(g *game, v *gameView) {
	add := func(label, value string) {
		if value != "" {
			v.Facts = append(v.Facts, fact{label, value})
		}
	}
	switch {
	case g.table != nil:
		t := g.table
		add("start", t.Game.Start.String())
		add("play", map[bool]string{false: "normal", true: "misère"}[t.Game.Misere])
		add("values", fmt.Sprintf("%s(0..%d)", t.Game.Quantity(), t.N()))
		if lo, hi := t.G.MinMax(0, t.G.Len()); t.G.Len() > 0 {
			add("range", fmt.Sprintf("%d..%d", lo, hi))
		}
		if a := t.Analysis; a != nil {
			add("checksum", a.Checksum)
			if a.Computed < t.N() {
				add("computed", fmt.Sprintf("0..%d; the rest filled in from the proved period", a.Computed))
			}
		}
	case g.lattice != nil:
		add("board", fmt.Sprintf("%d × %d points", g.lattice.W, g.lattice.H))
		add("moves", g.meta[export.KeyLattice])
	case g.graph != nil:
		add("nodes", strconv.Itoa(g.graph.Nodes()))
		add("edges", strconv.FormatInt(g.graph.Edges, 10))
	}
	if s := g.summary; s != nil && g.table == nil {
		add("start", s.Start)
		add("play", s.Play)
		add("heaps", strconv.Itoa(s.Heaps))
		add("checksum", s.Checksum)
	}
	if c := g.census; c != nil {
		add("family", c.Family)
		add("start", c.Start)
		add("play", c.Play)
		add("computed", fmt.Sprintf("0..%d", c.Heaps))
		add("largest value", fmt.Sprintf("%d, first at n = %d", c.MaxSG, c.MaxAt))
		add("checksum", c.Checksum)
	}
}

// analysis fills the page's proof, closed form, rings and rare values.
func (f *folder) analysis(g *game, v *gameView) {
	st, _ := g.statusOf()
	if t := g.table; t != nil && t.Analysis != nil {
		a := t.Analysis
		switch a.Status {
		case sg.Proved:
			v.Proof = fmt.Sprintf("proved for every n by the %s, checked on the window %s", a.Proof.Theorem, a.Proof)
		case sg.Observed:
			v.Proof = fmt.Sprintf("observed in the values SG(0..%d), not proved", t.N())
		}
		v.ClosedForm = a.ClosedForm
		if a.Rare.Mask != 0 {
			v.Rare = fmt.Sprintf("%d rare positions under the mask %d (%s), the last at n = %d", a.Rare.Count, a.Rare.Mask, a.Rare.Pos, a.Rare.Last)
			if len(a.Rare.Positions) > 0 {
				v.Rare += ": " + joinInts(a.Rare.Positions, 40)
			}
		}
		if r := a.Ring; r != nil {
			v.Ring = "rings: " + string(r.Status)
			if r.Status != sg.None {
				v.Ring += ", " + periodText(r.Status, r.Period)
				if r.Status == sg.Proved {
					v.Ring += fmt.Sprintf(" (%s, window %s)", r.Proof.Theorem, r.Proof)
				}
				if r.ClosedForm != "" {
					v.Ring += "; " + r.ClosedForm
				}
			}
		}
		return
	}
	switch st {
	case sg.Proved:
		v.Proof = "proved for every n (as the summary records it; the table itself is not in the folder)"
		if c := g.census; c != nil {
			v.Proof = fmt.Sprintf("proved for every n by the periodicity theorem, from the values computed to %d", c.Heaps)
		}
	case sg.Observed:
		v.Proof = "observed, not proved"
	}
	if c := g.census; c != nil && c.RareCount > 0 {
		v.Rare = fmt.Sprintf("%d rare positions under the mask %d, the last at n = %d", c.RareCount, c.RareMask, c.LastRare)
	}
}

// firstValues is how many values a game's page lists.
const firstValues = 100

// values fills the page's first values and their sparkline.
func (f *folder) values(g *game, v *gameView) {
	var first []uint32
	switch {
	case g.table != nil:
		n := min(g.table.G.Len(), firstValues)
		for i := range n {
			first = append(first, g.table.G.At(i))
		}
		v.FirstNote = fmt.Sprintf("%s(n) for n = 0..%d", g.table.Game.Quantity(), n-1)
	case g.census != nil:
		first = g.census.First
		v.FirstNote = fmt.Sprintf("SG(n) for n = 0..%d, as the census keeps them", len(first)-1)
		if g.census.Start == "ring" {
			v.FirstNote = fmt.Sprintf("SG of the rings of 0..%d, as the census keeps them", len(first)-1)
		}
	}
	if len(first) > 0 {
		v.First = first
		v.Sparkline = sparkline(first, fmt.Sprintf("Bar chart of the first %d values of %s", len(first), g.name))
	}
}

// plotKinds are the plots sgtab draws of a table, by the suffix of their
// file names, with what each shows.
var plotKinds = []struct{ suffix, caption string }{
	{"", "the values against n"},
	{"-folded", "the values folded by the period: one column per residue"},
	{"-spectrum", "the period spectrum: for each candidate period p, the share of n with G(n + p) − G(n) constant"},
	{"-histogram", "how often each value occurs"},
	{"-genus", "the genus of each heap"},
	{"-ring", "the ring values against n"},
	{"-quotient", "the multiplication table of the misère quotient"},
}

// plots fills the page's plots from the folder's images of g, each copied
// into the site (see Write) and described in words.
func (f *folder) plots(g *game, v *gameView) {
	if len(g.refused) > 0 && g.table == nil && g.lattice == nil && g.graph == nil {
		return // the plots of a refused table are not shown
	}
	for _, k := range plotKinds {
		for _, ext := range []string{".svg", ".png"} {
			name := g.name + k.suffix + ext
			if !f.images[name] {
				continue
			}
			caption := k.caption
			if k.suffix == "" && g.lattice != nil {
				caption = "the values on the board, as a heat map"
			}
			v.Plots = append(v.Plots, plot{File: name, Src: "../img/" + url.PathEscape(name), Caption: caption, Alt: f.alt(g, k.suffix, caption)})
			break
		}
	}
}

// alt returns the text alternative of g's plot of the given suffix: what
// it shows, with the numbers a reader of the image would take from it.
func (f *folder) alt(g *game, suffix, caption string) string {
	s := fmt.Sprintf("Plot of %s: %s", g.name, caption)
	if t := g.table; t != nil && t.G.Len() > 0 {
		lo, hi := t.G.MinMax(0, t.G.Len())
		s += fmt.Sprintf(", for n = 0..%d; the values run from %d to %d", t.N(), lo, hi)
		if a := t.Analysis; a != nil && a.Status != sg.None && (suffix == "" || suffix == "-folded") {
			s += "; " + string(a.Status) + " " + periodText(a.Status, a.Period)
		}
	}
	if l := g.lattice; l != nil && l.G.Len() > 0 {
		lo, hi := l.G.MinMax(0, l.G.Len())
		s += fmt.Sprintf(", on a board of %d × %d points; the values run from %d to %d", l.W, l.H, lo, hi)
	}
	if q := g.quotient; q != nil && suffix == "-quotient" {
		s += fmt.Sprintf(", of order %d", q.Order)
	}
	return s + "."
}

// downloads fills the page's files.
func (f *folder) downloads(g *game, v *gameView) {
	for _, st := range g.files {
		v.Files = append(v.Files, file{stored: st, Href: "../../" + url.PathEscape(st.Name)})
	}
	slices.SortFunc(v.Files, func(a, b file) int { return strings.Compare(a.Name, b.Name) })
}

// outcomes counts the outcomes of a graph game's nodes.
func outcomes(g *game) string {
	t := g.graph
	if t.Loopy != nil {
		var p, n, d int
		for _, x := range t.Loopy {
			switch x.Outcome() {
			case sg.P:
				p++
			case sg.N:
				n++
			default:
				d++
			}
		}
		return fmt.Sprintf("%d nodes lost for the player to move (P), %d won (N), %d drawn (D)", p, n, d)
	}
	zero := 0
	for i := range t.Nodes() {
		if t.G.At(i) == 0 {
			zero++
		}
	}
	return fmt.Sprintf("%d nodes lost for the player to move (value 0), %d won", zero, t.Nodes()-zero)
}

// joinInts writes at most max numbers of xs, and how many more there are.
func joinInts(xs []int, max int) string {
	var b strings.Builder
	for i, x := range xs {
		if i == max {
			fmt.Fprintf(&b, ", … (%d more)", len(xs)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// classAnchor returns the anchor of a class on the classes page.
func classAnchor(class string) string { return "class-" + safeName(class) }

// A classView is the classes page of a census: its classes of games with
// equal values, the largest first.
type classView struct {
	Title   string
	Classes []class
	Version string
}

// A class is one class of a census.
type class struct {
	Anchor, Key    string
	Representative string
	RepHref        string
	Status, Period string
	Members        []cell
}

// classes returns the classes page of the folder's census.
func (f *folder) classes(opt Options) classView {
	by := map[string]*class{}
	var order []string
	for i := range f.census {
		c := &f.census[i]
		k := by[c.Class]
		if k == nil {
			k = &class{Anchor: classAnchor(c.Class), Key: c.Class, Representative: c.Representative, RepHref: pageName(c.Representative)}
			by[c.Class] = k
			order = append(order, c.Class)
		}
		k.Members = append(k.Members, cell{Text: c.Name, Href: pageName(c.Name)})
		if c.Name == c.Representative {
			k.Status, k.Period = string(c.Status), periodText(c.Status, sg.Period{Start: c.Preperiod, Length: c.Period, Saltus: c.Saltus})
		}
	}
	v := classView{Title: opt.Title + ": classes of equal values", Version: opt.Version}
	for _, key := range order {
		v.Classes = append(v.Classes, *by[key])
	}
	slices.SortStableFunc(v.Classes, func(a, b class) int { return len(b.Members) - len(a.Members) })
	return v
}

// quotientView returns the page of a game of a census of misère
// quotients, which keeps no table: what the census says of it.
func quotientView(q *export.QuotientRow, opt Options) gameView {
	v := gameView{Name: q.Name, Title: q.Name, Rule: q.Rule, Version: opt.Version}
	if r, err := rules.ParseCode(q.Rule, 0); err == nil {
		v.Words = r.Words()
	}
	v.Facts = []fact{{"family", q.Family}, {"heap bound asked", strconv.Itoa(q.Heaps)}, {"status", q.Status}}
	if q.Bound != "" {
		v.Facts = append(v.Facts, fact{"outgrew", "the bound on " + q.Bound})
	}
	tame := "wild"
	if q.Tame {
		tame = "tame"
	}
	v.Quotient = fmt.Sprintf("misère quotient of heaps 1..%d: order %d, %s, stable from heap %d; %d generators, %d relations, P-portion of %d elements",
		q.Reached, q.Order, tame, q.StableFrom, q.Generators, q.Relations, q.PPortion)
	if len(q.Orders) > 0 {
		v.Sparkline = sparkline(q.Orders, fmt.Sprintf("Bar chart of the quotient's order at each heap bound 1..%d of %s", len(q.Orders), q.Name))
		v.First, v.FirstNote = q.Orders, fmt.Sprintf("the order of the quotient at each heap bound 1..%d", len(q.Orders))
		v.FirstFrom = 1
	}
	return v
}
