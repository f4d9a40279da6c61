package embed

import (
	"context"
	"math"
)

// Embedder maps texts to vectors, one per text, in order. Vectors of one
// Embedder have the same length; callers compare them with Cosine.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Cosine returns the cosine similarity of a and b, 0 when either is zero
// or their lengths differ.
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) || len(a) == 0 {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// Normalize scales v to unit L2 length in place (a zero vector stays
// zero) and returns it.
func Normalize(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	if n == 0 {
		return v
	}
	inv := float32(1 / math.Sqrt(n))
	for i := range v {
		v[i] *= inv
	}
	return v
}
