package policy

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// The generators below build random policies over a small vocabulary of
// span attributes and random views over the same vocabulary, so random
// predicates match a fair share of spans.

var (
	genKinds = []string{"user", "assistant", "tool_result", "reasoning", "summary"}
	genTools = []string{"read", "bash", "grep", "("}
	genWords = []string{"FAIL", "ok", "do not", "Plan", "plan", "caf\u00e9", "cafe\u0301", "DROP TABLE", "b", "a"}
	genTags  = []string{"constraint", "x", "caf\u00e9"}
)

// gexpr is a generated expression: a leaf of source text or an operator
// over sub-expressions. It renders in two styles that must classify alike.
type gexpr struct {
	op   string // "leaf", "&&", "||", "!"
	leaf [2]string
	kids []*gexpr
}

func (g *gexpr) render(loose bool) string {
	style := 0
	if loose {
		style = 1
	}
	switch g.op {
	case "leaf":
		return g.leaf[style]
	case "!":
		if loose {
			return "!(\n  " + g.kids[0].render(loose) + "\n)"
		}
		return "!(" + g.kids[0].render(loose) + ")"
	}
	if loose {
		return "((" + g.kids[0].render(loose) + "))\n   " + g.op + " (  " + g.kids[1].render(loose) + " )"
	}
	return "(" + g.kids[0].render(loose) + ") " + g.op + " (" + g.kids[1].render(loose) + ")"
}

func leaf(s string) *gexpr { return &gexpr{op: "leaf", leaf: [2]string{s, s}} }

// genPredicate draws a bool expression. withErrors adds predicates that
// fail on some spans.
func genPredicate(t *rapid.T, depth int, withErrors bool) *gexpr {
	if depth > 0 && rapid.IntRange(0, 2).Draw(t, "compound") == 0 {
		switch rapid.IntRange(0, 2).Draw(t, "op") {
		case 0:
			return &gexpr{op: "!", kids: []*gexpr{genPredicate(t, depth-1, withErrors)}}
		case 1:
			return &gexpr{op: "&&", kids: []*gexpr{genPredicate(t, depth-1, withErrors), genPredicate(t, depth-1, withErrors)}}
		default:
			return &gexpr{op: "||", kids: []*gexpr{genPredicate(t, depth-1, withErrors), genPredicate(t, depth-1, withErrors)}}
		}
	}
	kind := rapid.SampledFrom(genKinds).Draw(t, "kind")
	tool := rapid.SampledFrom(genTools).Draw(t, "tool")
	word := rapid.SampledFrom(genWords).Draw(t, "word")
	tag := rapid.SampledFrom(genTags).Draw(t, "tag")
	n := rapid.IntRange(0, 200).Draw(t, "n")
	leaves := []*gexpr{
		leaf(fmt.Sprintf("span.kind == %q", kind)),
		{op: "leaf", leaf: [2]string{fmt.Sprintf("span.meta.tool == %q", tool), fmt.Sprintf("span.meta[\"tool\"]==%q", tool)}},
		leaf(`span.meta.path != ""`),
		leaf(fmt.Sprintf("regex(%q, span.text)", regexQuote(word))),
		leaf(fmt.Sprintf("contains(span.text, %q)", word)),
		{op: "leaf", leaf: [2]string{fmt.Sprintf("contains(lower(span.text), %q)", strings.ToLower(word)), fmt.Sprintf("contains(\n lower( span.text ),\n %q)", strings.ToLower(word))}},
		leaf(fmt.Sprintf("contains(span.tags, %q)", tag)),
		leaf(fmt.Sprintf("startswith(span.text, %q)", word)),
		leaf(fmt.Sprintf("endswith(upper(span.kind), %q)", strings.ToUpper(kind[len(kind)-2:]))),
		leaf(fmt.Sprintf("span.tokens > %d", n)),
		leaf(fmt.Sprintf("span.tokens == %d", n%20*10)),
		leaf("span.recency >= 0.5"),
		leaf("span.recency > 0.1"),
		leaf("span.recency == 0.25"),
		leaf(fmt.Sprintf("span.age < %d", n%10)),
		leaf(fmt.Sprintf("context.turn >= %d", n%10)),
		leaf(fmt.Sprintf("length(span.text) > %d", n%30)),
		leaf(fmt.Sprintf("span.tokens * 2 > %d", n)),
		leaf(fmt.Sprintf("span.id != %q", fmt.Sprintf("s%d", n%5))),
		leaf(`span.kind == "user" ? span.tokens > 50 : span.recency < 0.75`),
		leaf("true"),
		leaf("false"),
	}
	if withErrors {
		leaves = append(leaves,
			leaf(fmt.Sprintf("span.tags[0] == %q", tag)),
			leaf("regex(span.meta.tool, span.text)"),
		)
	}
	return rapid.SampledFrom(leaves).Draw(t, "leaf")
}

func regexQuote(s string) string {
	return strings.NewReplacer("(", `\(`, ")", `\)`).Replace(s)
}

var genScores = []string{
	"span.recency",
	"0.5",
	"1",
	"0",
	"min(1, span.tokens / 200)",
	`span.kind == "user" ? 1 : 0.25`,
	"max(0, 1 - span.age / 10)",
}

type genCategory struct {
	name  string
	match *gexpr
	cap   int
	score string
}

type genPolicy struct {
	topK int
	cats []genCategory
}

func drawPolicy(t *rapid.T, withErrors bool) genPolicy {
	g := genPolicy{topK: rapid.IntRange(1, 8).Draw(t, "top_k")}
	n := rapid.IntRange(1, 4).Draw(t, "categories")
	for i := 0; i < n; i++ {
		g.cats = append(g.cats, genCategory{
			name:  fmt.Sprintf("c%d", i),
			match: genPredicate(t, 2, withErrors),
			cap:   rapid.IntRange(1, 2000).Draw(t, "cap"),
			score: rapid.SampledFrom(genScores).Draw(t, "score"),
		})
	}
	return g
}

// render writes the policy; loose is another formatting of the same
// policy: other spacing, redundant parentheses, comments, categories in
// reverse order.
func (g genPolicy) render(loose bool) string {
	var b strings.Builder
	b.WriteString("policy \"gen\" {\n")
	if loose {
		fmt.Fprintf(&b, "  # reformatted\n  top_k=%d\n\n", g.topK)
	} else {
		fmt.Fprintf(&b, "  top_k = %d\n", g.topK)
	}
	for i := range g.cats {
		c := g.cats[i]
		if loose {
			c = g.cats[len(g.cats)-1-i]
			fmt.Fprintf(&b, "  category \"%s\" {\n    score = (%s)\n    cap = %d // cap\n    match = (\n      %s\n    )\n  }\n\n", c.name, c.score, c.cap, c.match.render(true))
			continue
		}
		fmt.Fprintf(&b, "  category \"%s\" {\n    match = %s\n    cap   = %d\n    score = %s\n  }\n", c.name, c.match.render(false), c.cap, c.score)
	}
	b.WriteString("}\n")
	return b.String()
}

func drawView(t *rapid.T) []Span {
	n := rapid.IntRange(0, 30).Draw(t, "spans")
	view := make([]Span, n)
	for i := range view {
		var text []string
		for j := rapid.IntRange(0, 4).Draw(t, "words"); j > 0; j-- {
			text = append(text, rapid.SampledFrom(genWords).Draw(t, "word"))
		}
		s := Span{
			ID:      fmt.Sprintf("s%d", i),
			Kind:    rapid.SampledFrom(genKinds).Draw(t, "kind"),
			Text:    strings.Join(text, " "),
			Tokens:  rapid.IntRange(0, 400).Draw(t, "tokens"),
			Turn:    i,
			Age:     n - i,
			Recency: rapid.SampledFrom([]float64{0, 0.1, 0.25, 0.5, 0.75, 1}).Draw(t, "recency"),
		}
		if rapid.Bool().Draw(t, "has meta") {
			s.Meta = map[string]string{"tool": rapid.SampledFrom(genTools).Draw(t, "tool")}
			if rapid.Bool().Draw(t, "has path") {
				s.Meta["path"] = "x.go"
			}
		}
		if rapid.Bool().Draw(t, "has tags") {
			s.Tags = []string{rapid.SampledFrom(genTags).Draw(t, "tag")}
		}
		view[i] = s
	}
	return view
}

func parseGen(t *rapid.T, src string) *Policy {
	p, diags := Parse([]byte(src), "gen.hcl")
	if diags.HasErrors() {
		t.Fatalf("generated policy does not parse: %s\n%s", diags.Error(), src)
	}
	return p
}

// TestPropertyBound: on any view, what Select retains is within the
// worst-case bound, the bound within the sum of caps, and no category
// exceeds its cap.
func TestPropertyBound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawPolicy(t, false)
		p := parseGen(t, g.render(false))
		view := drawView(t)
		ctx := Context{Turn: rapid.IntRange(0, 10).Draw(t, "turn")}
		b, err := p.WorstCase(view, ctx)
		if err != nil {
			t.Fatalf("WorstCase: %v", err)
		}
		sel, err := p.Select(view, ctx)
		if err != nil {
			t.Fatalf("Select: %v", err)
		}
		if sel.Tokens > b.WorstCase {
			t.Fatalf("Select retained %d > WorstCase %d", sel.Tokens, b.WorstCase)
		}
		if b.WorstCase > p.SumOfCaps() {
			t.Fatalf("WorstCase %d > sum of caps %d", b.WorstCase, p.SumOfCaps())
		}
		for _, c := range p.Categories {
			if sel.PerCategory[c.Name] > c.Cap {
				t.Fatalf("category %s retained %d > cap %d", c.Name, sel.PerCategory[c.Name], c.Cap)
			}
		}
		for i, cb := range b.PerCategory {
			if cb.CountedTokens > cb.Cap || cb.CountedTokens > cb.TopKTokens || cb.TopKTokens > cb.MatchedTokens {
				t.Fatalf("category %d bound inconsistent: %+v", i, cb)
			}
		}
		// Retained ids are in view order, each once, their tokens summed.
		sum, last := 0, -1
		for _, id := range sel.Retained {
			var idx int
			fmt.Sscanf(id, "s%d", &idx)
			if idx <= last {
				t.Fatalf("Retained not in view order: %v", sel.Retained)
			}
			last = idx
			sum += view[idx].Tokens
		}
		if sum != sel.Tokens {
			t.Fatalf("Tokens %d, retained spans sum to %d", sel.Tokens, sum)
		}
	})
}

// TestPropertyClassify: a policy is no edit of itself, nor of a
// reformatting of itself; changing a cap is structural.
func TestPropertyClassify(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := drawPolicy(t, false)
		p := parseGen(t, g.render(false))
		if k := Classify(p, p); k != EditNone {
			t.Fatalf("Classify(p, p) = %s", k)
		}
		q := parseGen(t, g.render(true))
		if k := Classify(p, q); k != EditNone {
			t.Fatalf("Classify(p, reformatted p) = %s\n%s\n%s", k, g.render(false), g.render(true))
		}
		if k := Classify(p, parseGen(t, string(p.Canonical()))); k != EditNone {
			t.Fatalf("Classify(p, canonical p) = %s\n%s", k, p.Canonical())
		}
		i := rapid.IntRange(0, len(g.cats)-1).Draw(t, "edited")
		g.cats[i].cap++
		if k := Classify(p, parseGen(t, g.render(false))); k != EditStructural {
			t.Fatalf("cap edit classified %s", k)
		}
	})
}

// TestPropertyPlanMatchesHCL holds the native plans to HCL's own
// evaluation: on random predicates, scores and spans (including
// predicates that fail on some spans, and non-NFC text), both give the
// same value, or both fail.
func TestPropertyPlanMatchesHCL(t *testing.T) {
	planned := 0
	rapid.Check(t, func(t *rapid.T) {
		g := drawPolicy(t, true)
		p := parseGen(t, g.render(false))
		view := drawView(t)
		ctx := Context{Turn: rapid.IntRange(0, 10).Draw(t, "turn")}
		fast, err := p.newEvaluator(nil, ctx)
		if err != nil {
			t.Fatal(err)
		}
		slow, _ := p.newEvaluator(nil, ctx)
		slow.noPlan = true
		for _, c := range p.Categories {
			if c.matchPlan != nil {
				planned++
			}
		}
		for i := range view {
			fast.setSpan(&view[i])
			slow.setSpan(&view[i])
			for _, c := range p.Categories {
				fm, ferr := fast.match(c)
				sm, serr := slow.match(c)
				if (ferr == nil) != (serr == nil) || fm != sm {
					t.Fatalf("match %s on %+v: plan %v (%v), HCL %v (%v)", c.MatchSource, view[i], fm, ferr, sm, serr)
				}
				if ferr != nil && !errors.Is(ferr, ErrEvaluation) {
					t.Fatalf("plan error %v is not ErrEvaluation", ferr)
				}
				fs, ferr := fast.score(c)
				ss, serr := slow.score(c)
				if (ferr == nil) != (serr == nil) || fs != ss {
					t.Fatalf("score %s on %+v: plan %v (%v), HCL %v (%v)", c.ScoreSource, view[i], fs, ferr, ss, serr)
				}
			}
		}
	})
	if planned == 0 {
		t.Error("no generated predicate was planned: the differential test compared HCL with itself")
	}
}
