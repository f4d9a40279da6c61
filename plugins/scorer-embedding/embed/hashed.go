package embed

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"
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
	var rs []rune
	for i, w := range words {
		h.add(v, hashOf(hashOf(fnvOffset, "w:"), w), 1)
		if i > 0 {
			h.add(v, hashOf(hashOf(hashOf(hashOf(fnvOffset, "b:"), words[i-1]), " "), w), 0.7)
		}
		rs = append(rs[:0], '^')
		for _, r := range w {
			rs = append(rs, r)
		}
		rs = append(rs, '$')
		c := hashOf(fnvOffset, "c:")
		for j := 0; j+3 <= len(rs); j++ {
			h.add(v, hashRunes(c, rs[j:j+3]), 0.3)
		}
	}
	return Normalize(v)
}

// FNV-1a, 64 bits, as hash/fnv computes it, without allocating.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashOf continues the FNV-1a hash sum with the bytes of s.
func hashOf(sum uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		sum ^= uint64(s[i])
		sum *= fnvPrime
	}
	return sum
}

// hashRunes continues sum with the UTF-8 encoding of rs.
func hashRunes(sum uint64, rs []rune) uint64 {
	var buf [utf8.UTFMax]byte
	for _, r := range rs {
		n := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:n] {
			sum ^= uint64(b)
			sum *= fnvPrime
		}
	}
	return sum
}

// add adds the feature of hash sum with weight w: to the dimension
// sum mod dims, negated when the top bit of sum is set.
func (h *Hashed) add(v []float32, sum uint64, w float32) {
	var idx int
	if d := uint64(h.dims); d&(d-1) == 0 {
		idx = int(sum & (d - 1)) // sum % d, without a division
	} else {
		idx = int(sum % d)
	}
	if sum>>63 == 1 {
		w = -w
	}
	v[idx] += w
}
