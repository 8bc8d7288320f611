package docs

import (
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"
)

// TestPages checks that every page of this folder has a topic, that every
// topic's page is there, that the index links every page with its topic,
// and that no two pages share a name.
func TestPages(t *testing.T) {
	mds, err := fs.Glob(files, "*.md")
	if err != nil {
		t.Fatal(err)
	}
	index := Index()
	seen := map[string]string{}
	for _, p := range Pages {
		if !strings.HasPrefix(p.Text(), "# ") {
			t.Errorf("%s does not open with its title", p.File)
		}
		if !strings.Contains(index, "]("+p.File+") | `"+p.Topic+"` |") {
			t.Errorf("README.md does not list %s with its topic %q", p.File, p.Topic)
		}
		for _, name := range append([]string{p.Topic}, p.Aliases...) {
			if other, ok := seen[name]; ok {
				t.Errorf("%q names both %s and %s", name, other, p.File)
			}
			seen[name] = p.File
			if got, ok := Find(strings.ToUpper(name)); !ok || got.File != p.File {
				t.Errorf("Find(%q) = %s, %v; want %s", name, got.File, ok, p.File)
			}
		}
	}
	for _, md := range mds {
		if md == "README.md" {
			continue
		}
		if !slices.ContainsFunc(Pages, func(p Page) bool { return p.File == md }) {
			t.Errorf("%s has no topic in Pages", md)
		}
	}
	if _, ok := Find("nothing"); ok {
		t.Error(`Find("nothing") found a page`)
	}
}

// TestLinks checks every link of the repository's README and of the
// manual: the file it names is there, and so is the heading it names.
func TestLinks(t *testing.T) {
	root := os.DirFS("..")
	pages, err := fs.Glob(root, "docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"README.md"}, pages...)
	links := 0
	for _, p := range pages {
		bad, n := brokenLinks(root, p)
		links += n
		for _, b := range bad {
			t.Error(b)
		}
	}
	if links < 50 {
		t.Errorf("found %d links in %d pages: the pattern misses them", links, len(pages))
	}
}

// TestBrokenLinks checks that brokenLinks finds a missing file, a missing
// heading and a missing heading of the same page, and passes good links.
func TestBrokenLinks(t *testing.T) {
	fsys := fstest.MapFS{
		"a.md":        {Data: []byte("# A page\n\n## Misère play, at last\n\nSee [b](sub/b.md#two-words), [c](c.md),\n[the\nplay](#misère-play-at-last), [none](#nowhere), [web](https://example.org/x.md).\n\n```\n[in code](nothing.md)\n```\n")},
		"sub/b.md":    {Data: []byte("# B\n\n### Two words\n\n[back](../a.md#a-page) [off](../a.md#b)\n")},
		"sub/pic.png": {Data: []byte("png")},
	}
	bad, n := brokenLinks(fsys, "a.md")
	want := []string{"a.md: [c](c.md): no file c.md", "a.md: [none](#nowhere): a.md has no heading #nowhere"}
	if !slices.Equal(bad, want) || n != 4 {
		t.Errorf("brokenLinks(a.md) = %q, %d links; want %q, 4", bad, n, want)
	}
	bad, _ = brokenLinks(fsys, "sub/b.md")
	want = []string{"sub/b.md: [off](../a.md#b): a.md has no heading #b"}
	if !slices.Equal(bad, want) {
		t.Errorf("brokenLinks(sub/b.md) = %q, want %q", bad, want)
	}
}

var (
	linkPattern    = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]+)\)`)
	headingPattern = regexp.MustCompile(`(?m)^#+ (.+)$`)
	fencePattern   = regexp.MustCompile("(?ms)^```.*?^```")
)

// brokenLinks returns the links of page (a path in fsys) whose file or
// heading is missing, and how many links it checked. Links in fenced code
// and to other sites are not links of the page.
func brokenLinks(fsys fs.FS, page string) (bad []string, n int) {
	text, err := fs.ReadFile(fsys, page)
	if err != nil {
		return []string{err.Error()}, 0
	}
	body := fencePattern.ReplaceAllString(string(text), "")
	for _, m := range linkPattern.FindAllStringSubmatch(body, -1) {
		label := strings.Join(strings.Fields(m[1]), " ")
		target := m[2]
		if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			continue
		}
		n++
		file, anchor, _ := strings.Cut(target, "#")
		resolved := page
		if file != "" {
			resolved = path.Join(path.Dir(page), file)
		}
		data, err := fs.ReadFile(fsys, resolved)
		if err != nil {
			if info, serr := fs.Stat(fsys, resolved); serr == nil && info.IsDir() {
				continue
			}
			bad = append(bad, page+": ["+label+"]("+target+"): no file "+resolved)
			continue
		}
		if anchor == "" || !strings.HasSuffix(resolved, ".md") {
			continue
		}
		found := false
		for _, h := range headingPattern.FindAllStringSubmatch(fencePattern.ReplaceAllString(string(data), ""), -1) {
			if slug(h[1]) == anchor {
				found = true
				break
			}
		}
		if !found {
			bad = append(bad, page+": ["+label+"]("+target+"): "+resolved+" has no heading #"+anchor)
		}
	}
	return bad, n
}

// slug returns the anchor GitHub gives a heading: lower case, letters,
// digits, hyphens and underscores kept, spaces made hyphens, the rest
// dropped.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
