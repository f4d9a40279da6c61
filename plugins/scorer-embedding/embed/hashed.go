package embed

import (
	"context"
	"hash/fnv"
	"strings"
	"unicode"
)

// DefaultDims is the dimension of the hashed embedder when none is set.
const DefaultDims = 512

// Hashed is the built-in embedder: a bag of hashed features, each hashed
// with FNV-1a to a dimension and a sign. Features are lower-cased words
// (weight 1), word bigrams (weight 0.7) and character trigrams of each
// word (weight 0.3, so that "dropped" still lands near "drop"). The zero
// value is not usable; construct with NewHashed.
type Hashed struct {
	dims int
}

// NewHashed returns a hashed embedder of dims dimensions (DefaultDims when
// dims <= 0).
func NewHashed(dims int) *Hashed {
	if dims <= 0 {
		dims = DefaultDims
	}
	return &Hashed{dims: dims}
}

// Dims returns the vector length.
func (h *Hashed) Dims() int { return h.dims }

// Embed implements Embedder. It never fails except on a cancelled context.
func (h *Hashed) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = h.vector(t)
	}
	return out, nil
}

func (h *Hashed) vector(text string) []float32 {
	v := make([]float32, h.dims)
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
	})
	for i, w := range words {
		h.add(v, "w:", w, "", 1)
		if i > 0 {
			h.add(v, "b:", words[i-1], w, 0.7)
		}
		padded := []rune("^" + w + "$")
		for j := 0; j+3 <= len(padded); j++ {
			h.add(v, "c:", string(padded[j:j+3]), "", 0.3)
		}
	}
	return Normalize(v)
}

func (h *Hashed) add(v []float32, kind, a, b string, w float32) {
	f := fnv.New64a()
	f.Write([]byte(kind))
	f.Write([]byte(a))
	if b != "" {
		f.Write([]byte{' '})
		f.Write([]byte(b))
	}
	sum := f.Sum64()
	idx := int(sum % uint64(h.dims))
	if sum>>63 == 1 {
		w = -w
	}
	v[idx] += w
}
