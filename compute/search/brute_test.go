package search

// bruteCram is Cram by the definition: the nimber of a set of empty
// cells is the mex of the nimbers of the sets left by each domino, with
// no splitting, no symmetry and no table of small parts.
type bruteCram struct {
	rows, cols int
	memo       map[uint64]int
}

func newBruteCram(rows, cols int) *bruteCram {
	return &bruteCram{rows: rows, cols: cols, memo: map[uint64]int{}}
}

func (b *bruteCram) nimber(p uint64) int {
	if v, ok := b.memo[p]; ok {
		return v
	}
	seen := map[int]bool{}
	for r := 0; r < b.rows; r++ {
		for c := 0; c < b.cols; c++ {
			i := uint(r*b.cols + c)
			if p>>i&1 == 0 {
				continue
			}
			if c+1 < b.cols && p>>(i+1)&1 != 0 {
				seen[b.nimber(p&^(1<<i|1<<(i+1)))] = true
			}
			if r+1 < b.rows && p>>(i+uint(b.cols))&1 != 0 {
				seen[b.nimber(p&^(1<<i|1<<(i+uint(b.cols))))] = true
			}
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	b.memo[p] = v
	return v
}

func (b *bruteCram) full() uint64 { return 1<<uint(b.rows*b.cols) - 1 }

// toGame maps a board of the brute force (rows×cols, stride cols) to
// the game's layout (turned when rows > cols).
func toGame(g *Cram, rows, cols int, p uint64) uint64 {
	var q uint64
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if p>>uint(r*cols+c)&1 == 0 {
				continue
			}
			rr, cc := r, c
			if rows > cols {
				rr, cc = c, r
			}
			q |= 1 << uint(rr*g.W+cc)
		}
	}
	return q
}
