package guard

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	"github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
	"github.com/compactguard/compactguard/sdk"
)

// The properties of invariant 1, over random sessions, compaction chains
// and candidates, with the reference extractor and scorer in process
// (the same code the plugin binaries serve).

var sentencePool = []string{
	"Do not run DROP TABLE on legacy_orders.",
	"Never deploy to prod on a Friday.",
	"Keep the partner API under 5 requests per second.",
	"The budget for this job is $2,000.",
	"Pin pgx to v5.7.2.",
	"Use the eu-west-1 region, not us-east-1.",
	"The COPY FREEZE attempt failed because of the audit trigger; don't retry it.",
	"Looks good to me.",
	"Running the tests now.",
	"I read the handler and the router.",
	"All 36 tests passed.",
	"Let me check the schema first.",
}

var kinds = []string{"system", "user", "assistant", "tool_result", "reasoning"}

// recorder wraps a plugin and remembers what it was sent.
type recExtractor struct {
	sdk.Extractor
	sawSummary bool
}

func (r *recExtractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	for _, s := range req.Spans {
		if s.Kind == "summary" {
			r.sawSummary = true
		}
	}
	return r.Extractor.Extract(ctx, req)
}

type recScorer struct {
	sdk.Scorer
	sawSummary bool
}

func (r *recScorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	for _, s := range req.Originals {
		if s.Kind == "summary" {
			r.sawSummary = true
		}
	}
	return r.Scorer.Score(ctx, req)
}

func referencePlugins(t testing.TB) (sdk.Extractor, sdk.Scorer) {
	t.Helper()
	ex, err := extractor.New()
	if err != nil {
		t.Fatal(err)
	}
	sc := scorer.New()
	if resp, err := sc.Configure(context.Background(), &sdk.ConfigureRequest{}); err != nil || resp.Diagnostics.HasErrors() {
		t.Fatalf("configuring the reference scorer: %v %v", err, resp)
	}
	return ex, sc
}

func TestPropertyCompactionInvariant(t *testing.T) {
	baseEx, baseSc := referencePlugins(t)
	tok, err := tokens.New("")
	if err != nil {
		t.Fatal(err)
	}
	set := newFixture(t).g.set
	ctx := context.Background()
	rapid.Check(t, func(rt *rapid.T) {
		ex := &recExtractor{Extractor: baseEx}
		sc := &recScorer{Scorer: baseSc}
		g, err := New(Options{Lexicon: testLexicon(t), Store: ledger.NewMemory(), Tokens: tok, Extractors: []Extractor{{Name: "regex", Extractor: ex}}, Scorer: sc, Settings: set})
		if err != nil {
			rt.Fatal(err)
		}
		if err := g.CreateSession(ctx, tenant, "s"); err != nil {
			rt.Fatal(err)
		}
		// The test's own model of the session: every span's text, and what
		// each summary covers, to find root originals independently.
		text := map[string]sdk.Span{}
		covers := map[string][]string{}
		var live []string
		n := rapid.IntRange(2, 12).Draw(rt, "spans")
		pinned := map[string]bool{}
		var all []sdk.Span
		for i := 0; i < n; i++ {
			k := rapid.IntRange(1, 3).Draw(rt, fmt.Sprintf("sentences%d", i))
			var parts []string
			for j := 0; j < k; j++ {
				parts = append(parts, rapid.SampledFrom(sentencePool).Draw(rt, "sentence"))
			}
			s := sdk.Span{ID: fmt.Sprintf("s%d", i), Kind: rapid.SampledFrom(kinds).Draw(rt, "kind"), Text: strings.Join(parts, " ")}
			all = append(all, s)
			text[s.ID] = s
			if rapid.Float64Range(0, 1).Draw(rt, "pin") < 0.8 {
				pinned[s.ID] = true
				if _, err := g.Append(ctx, tenant, "s", []sdk.Span{s}); err != nil {
					rt.Fatal(err)
				}
			}
			live = append(live, s.ID)
		}
		rounds := rapid.IntRange(1, 4).Draw(rt, "rounds")
		for r := 0; r < rounds && len(live) > 0; r++ {
			// Cover a random non-empty subset of the live view.
			var cov, rest []string
			for _, id := range live {
				if rapid.Bool().Draw(rt, "cover") {
					cov = append(cov, id)
				} else {
					rest = append(rest, id)
				}
			}
			if len(cov) == 0 {
				cov, rest = live[:1], live[1:]
			}
			// Roots, found by the test's own walk.
			var roots []sdk.Span
			var walk func(id string)
			walk = func(id string) {
				if c, ok := covers[id]; ok {
					for _, x := range c {
						walk(x)
					}
					return
				}
				roots = append(roots, text[id])
			}
			for _, id := range cov {
				walk(id)
			}
			allPinned := true
			var originals []sdk.Span
			for _, rs := range roots {
				if !pinned[rs.ID] {
					allPinned = false
					if rapid.Bool().Draw(rt, "supply") {
						originals = append(originals, rs)
					}
				}
			}
			// Only directly covered ids may be supplied as originals.
			direct := map[string]bool{}
			for _, id := range cov {
				direct[id] = true
			}
			kept := originals[:0]
			for _, o := range originals {
				if direct[o.ID] {
					kept = append(kept, o)
				}
			}
			originals = kept
			// The candidate keeps a random share of the roots' sentences.
			var cand []string
			for _, rs := range roots {
				for _, sent := range strings.SplitAfter(rs.Text, ". ") {
					if rapid.Float64Range(0, 1).Draw(rt, "keep") < 0.7 {
						cand = append(cand, strings.TrimSpace(sent))
					}
				}
			}
			id := fmt.Sprintf("sum%d", r)
			req := CompactionRequest{ID: id, Covers: cov, Summary: strings.Join(cand, " "), Originals: originals, HasOriginals: !allPinned}
			d, err := g.Compact(ctx, tenant, "s", req)
			if err != nil {
				rt.Fatalf("compaction %d: %v", r, err)
			}
			if ex.sawSummary || sc.sawSummary {
				rt.Fatal("a plugin was given an intermediate summary as an original")
			}
			if !*d.Allowed {
				continue
			}
			// P1: allowed with an unpinned reference only when the DRS was
			// shown empty on caller-supplied originals.
			if !allPinned {
				if len(d.Items) > 0 || len(d.UnknownSpans) > 0 {
					rt.Fatalf("unpinned compaction allowed with %d items, %d unknown spans", len(d.Items), len(d.UnknownSpans))
				}
				if len(originals) != len(roots)-countPinned(roots, pinned) {
					rt.Fatalf("unpinned compaction allowed though %d root originals were never sent", len(roots)-countPinned(roots, pinned)-len(originals))
				}
			}
			// P3 for a lossless dedup: nothing leaves the context, since
			// every removed span is byte-identical to an appended span that
			// stays, whatever the (empty) summary says.
			if d.Reason == ReasonLosslessDedup {
				stays := map[string]bool{}
				for _, id := range rest {
					if s := text[id]; pinned[id] {
						stays[s.Kind+"\x00"+s.Text] = true
					}
				}
				for _, rs := range roots {
					if !stays[rs.Kind+"\x00"+rs.Text] {
						rt.Fatalf("dedup allowed though removed span %q has no identical span left", rs.ID)
					}
				}
				live = rest
				continue
			}
			// P3: recompute the DRS on the roots independently and score
			// the candidate with the reference scorer: no must-keep item
			// it can see may be lost in an allowed compaction.
			items, err := baseEx.Extract(ctx, &sdk.ExtractRequest{Spans: roots})
			if err != nil {
				rt.Fatal(err)
			}
			if len(items.Items) > 0 {
				resp, err := baseSc.Score(ctx, &sdk.ScoreRequest{Candidate: req.Summary, Items: items.Items, Originals: roots})
				if err != nil {
					rt.Fatal(err)
				}
				for _, v := range resp.Items {
					it := items.Items[v.Index]
					if g.mustKeep[it.Category] && !v.Preserved {
						rt.Fatalf("allowed compaction lost must-keep %s item %q", it.Category, it.Text)
					}
				}
			}
			live = rest
			if req.Summary == "" {
				// An empty summary removes the covered spans without a
				// replacement (allowed only when nothing is lost).
				continue
			}
			covers[id] = cov
			text[id] = sdk.Span{ID: id, Kind: "summary", Text: req.Summary}
			pinned[id] = true
			live = append(live, id)
		}
	})
}

func countPinned(spans []sdk.Span, pinned map[string]bool) int {
	n := 0
	for _, s := range spans {
		if pinned[s.ID] {
			n++
		}
	}
	return n
}
