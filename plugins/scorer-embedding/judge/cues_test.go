package judge

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
)

// TestCueListsFolded: hasAny and HasWeakener search the cues as they are
// written, so every list must already be in the form ContainsTerm folds a
// term to.
func TestCueListsFolded(t *testing.T) {
	lists := map[string][]string{
		"negationCues": negationCues, "askCues": askCues, "beforeCues": beforeCues,
		"hardCues": hardCues, "failureCues": failureCues, "portugueseMarks": portugueseMarks,
		"limitCues": limitCues, "exceedVerbs": exceedVerbs, "onlyWords": onlyWords,
		"protectCues": protectCues, "weakeners": weakeners,
	}
	for name, list := range lists {
		for _, c := range list {
			if c != strings.ToLower(strings.TrimSpace(c)) || c == "" {
				t.Errorf("%s: %q is not lower-case and trimmed", name, c)
			}
		}
	}
}

// TestPairSet: a text holds every term cut from it, and the prefilter
// never drops one.
func TestPairSet(t *testing.T) {
	texts := []string{"do not run drop table on legacy_orders", "ne jamais dépasser 5 %", "不要删除", "a", ""}
	for _, s := range texts {
		p := pairsOf(s)
		for i := 0; i <= len(s); i++ {
			for j := i; j <= len(s); j++ {
				if !p.mayHold(s[i:j]) {
					t.Errorf("%q: pair set drops %q", s, s[i:j])
				}
			}
		}
	}
}

// TestEmbedIndexAcrossChunks: the dimension index holds, per dimension and
// in text order, every non-zero value of the unit vectors, also when the
// items and the units span several embedding chunks.
func TestEmbedIndexAcrossChunks(t *testing.T) {
	var b strings.Builder
	for i := 0; i < embedChunk+300; i++ {
		fmt.Fprintf(&b, "Batch %d copied into shard_%d on host h%d. ", i, i%17, i%5)
	}
	d := analyse(b.String())
	items := make([]string, embedChunk+50)
	for i := range items {
		items[i] = fmt.Sprintf("item %d about shard_%d", i, i%17)
	}
	emb := embed.NewHashed(0)
	got, err := d.embed(context.Background(), emb, items)
	if err != nil {
		t.Fatal(err)
	}
	texts := make([]string, len(d.texts))
	for s, id := range d.texts {
		texts[id] = s
	}
	want, _ := emb.Embed(context.Background(), append(append([]string{}, items...), texts...))
	if len(got) != len(items) {
		t.Fatalf("%d item vectors for %d items", len(got), len(items))
	}
	for i := range got {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("item %d: vector differs", i)
		}
	}
	dims := make([][]dimEntry, emb.Dims())
	for k, v := range want[len(items):] {
		for i, x := range v {
			if x != 0 {
				dims[i] = append(dims[i], dimEntry{int32(k), x})
			}
		}
	}
	for i := range dims {
		if !slices.Equal(d.dims[i], dims[i]) {
			t.Fatalf("dimension %d: %v, want %v", i, d.dims[i], dims[i])
		}
	}
}
