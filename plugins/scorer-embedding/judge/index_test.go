package judge

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
)

// fixedEmbedder returns the vectors it holds, in turn.
type fixedEmbedder struct{ vecs [][]float32 }

func (f *fixedEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := f.vecs[:len(texts)]
	f.vecs = f.vecs[len(texts):]
	return out, nil
}

// TestDotsMatchDot checks the dimension index against embed.Dot bit for
// bit: sparse and dense vectors, lengths that are not a multiple of four,
// and a vector of another length.
func TestDotsMatchDot(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, dims := range []int{4, 17, 512, 1023} {
		d := analyse("One. Two; three. Four (1) five (2) six. Seven. Eight.")
		n := len(d.texts)
		vec := func(length int, density float64) []float32 {
			v := make([]float32, length)
			for i := range v {
				if r.Float64() < density {
					v[i] = float32(r.NormFloat64())
				}
			}
			return embed.Normalize(v)
		}
		vecs := [][]float32{vec(dims, 0.3)}
		for k := 0; k < n; k++ {
			switch k % 3 {
			case 0:
				vecs = append(vecs, vec(dims, 0.1))
			case 1:
				vecs = append(vecs, vec(dims, 1))
			default:
				vecs = append(vecs, vec(dims+k%2, 0.5))
			}
		}
		units := append([][]float32(nil), vecs[1:]...)
		items, err := d.embed(context.Background(), &fixedEmbedder{vecs: vecs}, []string{"item"})
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float64, n)
		d.dots(items[0], out)
		for k := range out {
			if want := embed.Dot(items[0], units[k]); math.Float64bits(out[k]) != math.Float64bits(want) {
				t.Errorf("dims %d, text %d: dots %v, embed.Dot %v", dims, k, out[k], want)
			}
		}
	}
}
