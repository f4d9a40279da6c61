package extractor

import (
	"fmt"
	"os"
	"testing"
)

func TestZZFrames(t *testing.T) {
	text := os.Getenv("TEXT")
	if text == "" {
		t.Skip()
	}
	for _, it := range extract(t, human("u1", text)) {
		fmt.Printf("%s %q %v\n", it.Category, it.Text, it.KeyTerms)
	}
}
