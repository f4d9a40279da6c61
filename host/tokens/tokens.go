// Package tokens counts tokens on the host side. Every bound compactguard
// enforces (budgets, caps, worst cases) is in tokens this package counted,
// never in a number a caller or a plugin supplied.
package tokens

import (
	"fmt"
	"sort"

	"github.com/tiktoken-go/tokenizer"
)

// DefaultEncoding is the encoding used when `guard { tokenizer }` is unset.
const DefaultEncoding = "o200k_base"

// Counter counts tokens in text. Implementations are safe for concurrent use.
type Counter interface {
	// Count returns the number of tokens text encodes to.
	Count(text string) (int, error)
	// Name is the encoding's name, recorded with every session.
	Name() string
}

var encodings = map[string]tokenizer.Encoding{
	"o200k_base":  tokenizer.O200kBase,
	"cl100k_base": tokenizer.Cl100kBase,
	"r50k_base":   tokenizer.R50kBase,
	"p50k_base":   tokenizer.P50kBase,
	"p50k_edit":   tokenizer.P50kEdit,
}

// Encodings lists the encoding names New accepts.
func Encodings() []string {
	names := make([]string, 0, len(encodings))
	for n := range encodings {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New returns a Counter for the named encoding (embedded in the binary: no
// download at run time).
func New(name string) (Counter, error) {
	if name == "" {
		name = DefaultEncoding
	}
	enc, ok := encodings[name]
	if !ok {
		return nil, fmt.Errorf("unknown tokenizer %q (known: %v)", name, Encodings())
	}
	codec, err := tokenizer.Get(enc)
	if err != nil {
		return nil, fmt.Errorf("loading tokenizer %q: %w", name, err)
	}
	return &counter{name: name, codec: codec}, nil
}

type counter struct {
	name  string
	codec tokenizer.Codec
}

func (c *counter) Name() string { return c.name }

func (c *counter) Count(text string) (int, error) {
	n, err := c.codec.Count(text)
	if err != nil {
		return 0, fmt.Errorf("counting tokens with %s: %w", c.name, err)
	}
	return n, nil
}
