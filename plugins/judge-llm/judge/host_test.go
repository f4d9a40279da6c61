package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/host/tokens"
	extractor "github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	embedding "github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
	"github.com/compactguard/compactguard/sdk"
)

// The host with the judge beside the reference scorer, strictest wins:
// gate "compaction" { scorers = ["embedding", "llm"] }. The judge answers
// from recorded responses (replay_test.go); no model runs here. The
// extractor and the reference scorer are the real ones, in process.

const original = "Do not run DROP TABLE on legacy_orders. The token budget is 48,000 tokens per session."

// hostWith returns a guard whose scorers are the reference scorer and the
// judge against srv, and a session holding original, pinned.
func hostWith(t *testing.T, srv *replayServer, extra map[string]any) *guard.Guard {
	t.Helper()
	ctx := context.Background()
	tok, err := tokens.New("")
	if err != nil {
		t.Fatal(err)
	}
	x, err := extractor.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.Configure(ctx, &sdk.ConfigureRequest{}); err != nil {
		t.Fatal(err)
	}
	emb := embedding.New()
	if _, err := emb.Configure(ctx, &sdk.ConfigureRequest{}); err != nil {
		t.Fatal(err)
	}
	llm, _ := configured(t, srv.URL, extra)
	g, err := guard.New(guard.Options{
		Store: ledger.NewMemory(), Tokens: tok,
		Extractors: []guard.Extractor{{Name: "regex", Extractor: x}},
		Scorers:    []guard.Scorer{{Name: "embedding", Scorer: emb}, {Name: "llm", Scorer: llm}},
		Settings: guard.Settings{
			Threshold: 0.8, MustKeep: []string{sdk.CategoryProhibition, sdk.CategoryNumericCommitment, sdk.CategoryEntity},
			Budget: 48000, Phases: []guard.Phase{{Name: "work", Policy: "p"}}, Policies: onePolicy(t),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.CreateSession(ctx, "t", "s"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Append(ctx, "t", "s", []sdk.Span{{ID: "s1", Kind: "user", Text: original}}); err != nil {
		t.Fatal(err)
	}
	return g
}

func onePolicy(t *testing.T) map[string]*policy.Policy {
	t.Helper()
	src := "policy \"p\" {\n  top_k = 10\n  category \"all\" {\n    match = true\n    cap = 1000\n    score = 1\n  }\n}\n"
	f, diags := hclsyntax.ParseConfig([]byte(src), "p.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	content, diags := f.Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "policy", LabelNames: []string{"name"}}}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	p, diags := policy.Decode("p", content.Blocks[0].Body, content.Blocks[0].DefRange)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return map[string]*policy.Policy{"p": p}
}

func compact(t *testing.T, g *guard.Guard, summary string) *guard.Decision {
	t.Helper()
	self := 0.9
	d, err := g.Compact(context.Background(), "t", "s", guard.CompactionRequest{Covers: []string{"s1"}, Summary: summary, SelfScore: &self})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// budgetItem returns the decision's numeric commitment.
func budgetItem(t *testing.T, d *guard.Decision) guard.DecisionItem {
	t.Helper()
	for _, it := range d.Items {
		if it.Category == sdk.CategoryNumericCommitment {
			return it
		}
	}
	t.Fatalf("no numeric commitment among %+v", d.Items)
	return guard.DecisionItem{}
}

func TestHostStrictestScorerWins(t *testing.T) {
	const kept = "Handover: never run DROP TABLE on legacy_orders. The token budget is 48,000 tokens per session."
	for _, tc := range []struct {
		name, file, summary string
		allowed             bool
		reason              string
		// check looks at the decision's items.
		check func(t *testing.T, d *guard.Decision)
	}{
		{"both keep every item", "host-allowed.json", kept, true, guard.ReasonAnchoredScorePassed, func(t *testing.T, d *guard.Decision) {
			for _, it := range d.Items {
				if !*it.Preserved || it.Verdicts["embedding"].Fate != sdk.FateKept || it.Verdicts["llm"].Fate != sdk.FateKept {
					t.Errorf("item %q: preserved %v, verdicts %+v", it.Text, *it.Preserved, it.Verdicts)
				}
			}
		}},
		{"the model is stricter: weakened wins over kept", "host-strictest.json", kept, false, guard.ReasonMustKeepItemMissing, func(t *testing.T, d *guard.Decision) {
			it := d.Items[0]
			if *it.Preserved || it.Fate != sdk.FateWeakened || it.Verdicts["embedding"].Fate != sdk.FateKept || it.Verdicts["llm"].Fate != sdk.FateWeakened {
				t.Errorf("item 0: preserved %v fate %s verdicts %+v", *it.Preserved, it.Fate, it.Verdicts)
			}
			if !strings.Contains(it.Note, "llm: The model reads 'never' as advice here.") {
				t.Errorf("note %q lacks the model's reason", it.Note)
			}
		}},
		{"the model keeps what the host floor finds absent", "host-floor.json",
			"Handover: never run DROP TABLE on legacy_orders. Keep the token budget per session as agreed.", false, guard.ReasonMustKeepItemMissing,
			func(t *testing.T, d *guard.Decision) {
				it := budgetItem(t, d)
				v := it.Verdicts["llm"]
				if *it.Preserved || v.Fate != sdk.FateAltered || !strings.HasPrefix(v.Note, "host floor:") || it.Evidence != "" {
					t.Errorf("budget: preserved %v evidence %q verdicts %+v: the model's kept must not survive the floor", *it.Preserved, it.Evidence, it.Verdicts)
				}
			}},
		{"the model's quote is not in the candidate", "host-quote.json", kept, false, guard.ReasonMustKeepItemMissing, func(t *testing.T, d *guard.Decision) {
			it := budgetItem(t, d)
			if *it.Preserved || it.Verdicts["llm"].Fate != sdk.FateLost || !strings.Contains(it.Verdicts["llm"].Note, "not in the candidate") {
				t.Errorf("budget: preserved %v verdicts %+v", *it.Preserved, it.Verdicts)
			}
		}},
		{"the model says lost, with its reason", "host-lost.json", "Handover: never run DROP TABLE on legacy_orders.", false, guard.ReasonMustKeepItemMissing, func(t *testing.T, d *guard.Decision) {
			it := budgetItem(t, d)
			if *it.Preserved || !strings.Contains(it.Note, "llm: The summary drops the 48,000-token budget per session.") {
				t.Errorf("budget: preserved %v note %q", *it.Preserved, it.Note)
			}
			if !strings.Contains(d.Repair, "48,000") {
				t.Errorf("repair %q does not restore the budget", d.Repair)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := replay(t, tc.file)
			d := compact(t, hostWith(t, srv, nil), tc.summary)
			if *d.Allowed != tc.allowed || d.Reason != tc.reason {
				t.Fatalf("allowed %v reason %s (%s), want %v %s", *d.Allowed, d.Reason, d.Message, tc.allowed, tc.reason)
			}
			if len(d.Items) != 3 {
				t.Fatalf("%d items, want 3", len(d.Items))
			}
			tc.check(t, d)
			if n := len(srv.requests()); n != 1 {
				t.Errorf("the judge made %d calls, want 1", n)
			}
			if u, ok := d.ScorerUsage["llm"]; !ok || u.Calls != 1 || u.Tokens != 650 || len(d.ScorerUsage) != 1 {
				t.Errorf("scorer usage %+v, want the judge's one call and the 650 tokens the server reported, and nothing for the reference scorer", d.ScorerUsage)
			}
		})
	}
}

func TestHostFailsClosedOnTheModel(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		extra      map[string]any
		reason     string
	}{
		{"malformed answer", "malformed-not-json.json", nil, guard.ReasonInvalidPluginOutput},
		{"timeout", "timeout.json", map[string]any{"timeout": "50ms", "max_attempts": 2}, guard.ReasonPluginFailure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := replay(t, tc.file)
			d := compact(t, hostWith(t, srv, tc.extra), "Handover: never run DROP TABLE on legacy_orders. The token budget is 48,000 tokens per session.")
			if *d.Allowed || d.Reason != tc.reason || d.Plugin != "scorer.llm" {
				t.Fatalf("allowed %v reason %s plugin %q (%s), want a refusal %s by scorer.llm", *d.Allowed, d.Reason, d.Plugin, d.Message, tc.reason)
			}
			for _, it := range d.Items {
				if it.Preserved != nil || it.Verdicts != nil {
					t.Errorf("item %q carries verdicts from a failed decision", it.Text)
				}
			}
		})
	}
}
