package framejudge

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

func TestZZScratch(t *testing.T) {
	item := os.Getenv("ITEM")
	if item == "" {
		t.Skip()
	}
	candB, _ := os.ReadFile(os.Getenv("CAND"))
	lex, _ := lexicon.Default()
	r := frame.NewReader(lex)
	cd := newCand(r.Read(string(candB)))
	od := r.Read(item)
	for _, a := range atomsOf(od, os.Getenv("CAT")) {
		fmt.Println("ATOM", od.Describe(a))
		view := viewOf(od, a)
		for _, w := range cd.windowsFor(od, a) {
			h := view.match(cd, w)
			if h.score() > 0 {
				fmt.Printf("  w%v %.2f paired=%v restricts=%v %q\n", w, h.score(), h.paired(), restricts(cd, w), cd.Text[cd.Clauses[w.a].Start:cd.Clauses[w.b].End])
			}
		}
	}
	j := New(r)
	v, _ := j.Judge(context.Background(), string(candB), []sdk.Item{{Category: os.Getenv("CAT"), Text: item, Span: "x"}}, nil)
	fmt.Printf("VERDICT %+v\n", v)
	for i, c := range cd.Clauses {
		fmt.Println(i, cd.Describe(c))
	}
}
