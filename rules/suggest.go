package rules

// Suggest returns the candidate that word is most likely a misspelling of
// — a letter left out, added, changed, or two swapped ("heap" for "heaps",
// "mvoes" for "moves") — for the "did you mean" of an unknown key, flag or
// command; "" when none is close: one such edit for a word of up to four
// letters, two for a longer one.
func Suggest(word string, candidates []string) string {
	most := 1
	if len([]rune(word)) > 4 {
		most = 2
	}
	best, bestD := "", most+1
	for _, c := range candidates {
		if d := editDistance(word, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance returns the least number of letters left out, added,
// changed, or pairs of neighbours swapped, that turn a into b (the
// optimal string alignment distance).
func editDistance(a, b string) int {
	s, t := []rune(a), []rune(b)
	// d[i][j] is the distance between s[:i] and t[:j].
	d := make([][]int, len(s)+1)
	for i := range d {
		d[i] = make([]int, len(t)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(s); i++ {
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(s)][len(t)]
}
