package embed

import (
	"context"
	"hash/fnv"
	"math"
	"strings"
	"testing"
	"unicode"
)

// referenceVector is the hashed embedder as first written, with hash/fnv:
// the allocation-free vector must give the same vectors bit for bit.
func referenceVector(dims int, text string) []float32 {
	v := make([]float32, dims)
	add := func(kind, a, b string, w float32) {
		f := fnv.New64a()
		f.Write([]byte(kind))
		f.Write([]byte(a))
		if b != "" {
			f.Write([]byte{' '})
			f.Write([]byte(b))
		}
		sum := f.Sum64()
		idx := int(sum % uint64(dims))
		if sum>>63 == 1 {
			w = -w
		}
		v[idx] += w
	}
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
	})
	for i, w := range words {
		add("w:", w, "", 1)
		if i > 0 {
			add("b:", words[i-1], w, 0.7)
		}
		padded := []rune("^" + w + "$")
		for j := 0; j+3 <= len(padded); j++ {
			add("c:", string(padded[j:j+3]), "", 0.3)
		}
	}
	return Normalize(v)
}

func TestHashedMatchesReference(t *testing.T) {
	texts := []string{
		"", "a", "Do not run DROP TABLE on legacy_orders.", "NE PAS EXÉCUTER « rm -rf /données ». 東京リージョンのみ使用する。",
		"Budget: 48,000 tokens; p99 latency 412 ms on us-east-2 (w-17).", "invalid \xff\xfe utf-8 İstanbul ß ǅ",
	}
	for _, dims := range []int{16, 17, 512, 1000} {
		h := NewHashed(dims)
		got, err := h.Embed(context.Background(), texts)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range texts {
			want := referenceVector(dims, text)
			for k := range want {
				if math.Float32bits(got[i][k]) != math.Float32bits(want[k]) {
					t.Fatalf("dims %d, %q: dimension %d is %v, reference %v", dims, text, k, got[i][k], want[k])
				}
			}
		}
	}
}
