package compute_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
)

func benchSequence(b *testing.B, yaml string, n int) { benchSequenceOpt(b, yaml, n, sg.Options{}) }

func benchSequenceOpt(b *testing.B, yaml string, n int, opt sg.Options) {
	g := game(b, yaml)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compute.Sequence(b.Context(), g, n, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

const (
	kaylesYAML = `code: "0.77"`
	grundyYAML = "moves:\n  - split: {parts: 2, distinct: true}"
	laskerYAML = "moves:\n  - take: {min: 1}\n  - split: {parts: 2}"
	nimYAML    = "moves:\n  - take: {min: 1}"
	ringYAML   = "code: \"0.777\"\nstart: ring"
	// Officers, 0.6: no proof, values split into rare and common.
	officersYAML = `code: "0.6"`
)

// Games with splits after a removal (Kayles, the coin ring) or without one
// (Grundy's game, Lasker's Nim) cost O(N²) with the plain scan of every
// pair; sparse space (Grundy's game, Officers) cuts most of it; a proved
// period (Kayles) ends the work early; Nim's unbounded removals cost O(N).
func BenchmarkSequenceKayles1e4(b *testing.B) { benchSequence(b, kaylesYAML, 1e4) }
func BenchmarkSequenceKayles5e4(b *testing.B) { benchSequence(b, kaylesYAML, 5e4) }
func BenchmarkSequenceNim1e6(b *testing.B)    { benchSequence(b, nimYAML, 1e6) }
func BenchmarkSequenceRing1e4(b *testing.B)   { benchSequence(b, ringYAML, 1e4) }
func BenchmarkSequenceGrundy1e4(b *testing.B) { benchSequence(b, grundyYAML, 1e4) }
func BenchmarkSequenceGrundy1e5(b *testing.B) { benchSequence(b, grundyYAML, 1e5) }
func BenchmarkSequenceGrundy1e5Plain(b *testing.B) {
	benchSequenceOpt(b, grundyYAML, 1e5, sg.Options{Plain: true})
}
func BenchmarkSequenceGrundy1e6(b *testing.B)   { benchSequence(b, grundyYAML, 1e6) }
func BenchmarkSequenceOfficers1e6(b *testing.B) { benchSequence(b, officersYAML, 1e6) }
func BenchmarkSequenceLasker1e4(b *testing.B)   { benchSequence(b, laskerYAML, 1e4) }

// Treblecross has no rare/common split, so every pair of every heap is
// scanned: the workload for sharing one heap's scan among workers.
const treblecrossYAML = `code: "0.007"`

func BenchmarkTreblecross1e5Workers1(b *testing.B) {
	benchSequenceOpt(b, treblecrossYAML, 1e5, sg.Options{Workers: 1})
}
func BenchmarkTreblecross1e5Workers2(b *testing.B) {
	benchSequenceOpt(b, treblecrossYAML, 1e5, sg.Options{Workers: 2})
}

// Officers in sparse space with one worker and with two, which guess blocks
// of heaps in parallel (block.go).
func BenchmarkOfficers3e5Workers1(b *testing.B) {
	benchSequenceOpt(b, officersYAML, 3e5, sg.Options{Workers: 1})
}
func BenchmarkOfficers3e5Workers2(b *testing.B) {
	benchSequenceOpt(b, officersYAML, 3e5, sg.Options{Workers: 2})
}

// Grundy's game in sparse space with one worker and with two.
func BenchmarkGrundy2e18Workers1(b *testing.B) {
	benchSequenceOpt(b, grundyYAML, 1<<18, sg.Options{Workers: 1})
}
func BenchmarkGrundy2e18Workers2(b *testing.B) {
	benchSequenceOpt(b, grundyYAML, 1<<18, sg.Options{Workers: 2})
}

// A random DAG of 10^7 nodes and 5·10^7 edges (each from a node to a later
// one), the size of the graph-game target: SG of every node.
func BenchmarkGraph1e7(b *testing.B) {
	const n, m = 10_000_000, 50_000_000
	rng := rand.New(rand.NewPCG(1, 1))
	from, to := make([]int32, m), make([]int32, m)
	for i := range m {
		a := rng.IntN(n - 1)
		from[i], to[i] = int32(a), int32(a+1+rng.IntN(min(n-1-a, 1000)))
	}
	b.ResetTimer()
	for b.Loop() {
		g := graphgame.NewGraph(n, from, to)
		if _, err := graphgame.GraphValues(b.Context(), g); err != nil {
			b.Fatal(err)
		}
	}
}

// 0.0051's values grow (about 1,200 by 2^16, 2,300 by 2^18) with no
// rare/common split, so every pair of every heap is looked at: the
// workload of the growing codes of an octal census.
const growingYAML = `code: "0.0051"`

func BenchmarkGrowing2e16Workers1(b *testing.B) {
	benchSequenceOpt(b, growingYAML, 1<<16, sg.Options{Workers: 1})
}
func BenchmarkGrowing2e16Workers2(b *testing.B) {
	benchSequenceOpt(b, growingYAML, 1<<16, sg.Options{Workers: 2})
}
