package api_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/replay"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// realPlugins builds the reference plugins once and puts them on PATH,
// where the loader finds the examples' bare plugin commands.
func realPlugins(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and starts the real plugins")
	}
	dir := plugintest.Build(t, "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase")
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// TestEndToEndMatchesReplay drives the recorded incidents through the API
// with the real plugins and each example's config, and checks that every
// decision equals what `replay` makes of the same file: same types,
// reasons, allowed/accepted flags and anchored scores.
func TestEndToEndMatchesReplay(t *testing.T) {
	realPlugins(t)
	for _, ex := range []string{"migration-drop-table", "synthesis-overflow"} {
		t.Run(ex, func(t *testing.T) {
			dir := filepath.Join("..", "..", "examples", ex)
			ctx := context.Background()
			f, err := os.Open(filepath.Join(dir, "session.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			events, err := session.Parse(f, f.Name())
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			rt, err := runtime.Open(ctx, filepath.Join(dir, "policies.hcl"), runtime.Options{})
			if err != nil {
				t.Fatalf("runtime: %v", err)
			}
			defer rt.Close()
			want, err := replay.Run(ctx, rt.Guard, "replay", "reference", events, nil)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}

			o := api.FromRuntime(rt, func(string) (string, bool) { return "", false })
			o.Tenants = []api.Tenant{{Name: "default", Token: "e2e-token"}}
			srv, err := api.New(o)
			if err != nil {
				t.Fatal(err)
			}
			hs := httptest.NewServer(srv.Handler())
			defer hs.Close()
			c := client.New(hs.URL, "e2e-token")
			if err := c.Ready(ctx); err != nil {
				t.Fatalf("readyz with real plugins: %v", err)
			}
			got := drive(t, ctx, c, hs.URL, events)

			if len(got) != len(want.Decisions) {
				t.Fatalf("%d decisions over the API, %d in replay", len(got), len(want.Decisions))
			}
			for i, w := range want.Decisions {
				g := got[i]
				if g.Seq != w.Seq || g.Type != w.Type || g.Reason != w.Reason || !eqBool(g.Allowed, w.Allowed) || !eqBool(g.Accepted, w.Accepted) ||
					!eqFloat(g.AnchoredScore, w.AnchoredScore) || g.Summary != w.Summary || len(g.Items) != len(w.Items) {
					t.Errorf("decision %d:\n api    %s\n replay %s", i+1, brief(g), brief(w))
				}
			}
			st, err := c.Session(ctx, "e2e")
			if err != nil {
				t.Fatal(err)
			}
			if st.LiveTokens != want.State.LiveTokens || st.Budget != want.State.Budget || st.Phase != want.State.Phase || st.Policy != fmt.Sprintf("%s@%d", want.State.Policy, want.State.PolicyVersion) {
				t.Errorf("final state: live %d budget %d phase %s policy %s; replay: live %d budget %d phase %s policy %s@%d",
					st.LiveTokens, st.Budget, st.Phase, st.Policy, want.State.LiveTokens, want.State.Budget, want.State.Phase, want.State.Policy, want.State.PolicyVersion)
			}
			tr, err := c.Decisions(ctx, "e2e")
			if err != nil || !tr.ChainOK || len(tr.Decisions) != len(want.Decisions) {
				t.Errorf("audit trail: %d decisions, chain_ok %v, %v", len(tr.Decisions), tr.ChainOK, err)
			}
			reasons := map[string]int{}
			for _, d := range got {
				reasons[d.Reason]++
			}
			t.Logf("%s: %d decisions over the API equal replay's %v; live tokens %d", ex, len(got), reasons, st.LiveTokens)
		})
	}
}

// drive sends a parsed session through the API as an orchestrator would:
// spans in batches, every other event as its request.
func drive(t *testing.T, ctx context.Context, c *client.Client, base string, events []session.Event) []*guard.Decision {
	t.Helper()
	if _, err := c.CreateSession(ctx, "e2e"); err != nil {
		t.Fatal(err)
	}
	var batch []client.Span
	flush := func() {
		if len(batch) == 0 {
			return
		}
		if _, err := c.Append(ctx, "e2e", batch); err != nil {
			t.Fatalf("append: %v", err)
		}
		batch = batch[:0]
	}
	var out []*guard.Decision
	for _, e := range events {
		if e.Span != nil {
			batch = append(batch, client.Span{ID: e.Span.ID, Kind: e.Span.Kind, Text: e.Span.Text, Meta: e.Span.Meta})
			if len(batch) == 200 {
				flush()
			}
			continue
		}
		flush()
		var d *guard.Decision
		var err error
		switch {
		case e.Compaction != nil:
			r := e.Compaction
			req := client.CompactionRequest{ID: r.ID, Covers: r.Covers, Summary: r.Summary, SelfScore: r.SelfScore, RequestID: r.RequestID}
			if r.HasOriginals {
				orig := make([]client.Span, len(r.Originals))
				for i, s := range r.Originals {
					orig[i] = client.Span{ID: s.ID, Kind: s.Kind, Text: s.Text, Meta: s.Meta}
				}
				req.Originals = &orig
			}
			d, err = c.Compact(ctx, "e2e", req)
		case e.Selection != nil:
			r := e.Selection
			d, err = c.Select(ctx, "e2e", client.SelectionRequest{ID: r.ID, Summary: r.Summary, SelfScore: r.SelfScore, RequestID: r.RequestID})
		case e.Edit != nil:
			r := e.Edit
			d, err = c.EditPolicy(ctx, "e2e", client.PolicyEditRequest{Policy: r.Policy, PolicyHCL: r.PolicyHCL, Signal: client.SignalRef(r.Signal), RequestID: r.RequestID})
		case e.Budget != nil:
			// The event's credential is the bearer. A wrong one is not the
			// authority's: the orchestrator's own token then gets a 403
			// carrying the recorded `unauthorized` decision, as replay
			// records it.
			r := e.Budget
			d, err = c.WithToken(r.Credential).ChangeBudget(ctx, "e2e", client.BudgetRequest{Tokens: r.Tokens, RequestID: r.RequestID})
			if client.StatusOf(err) == http.StatusUnauthorized {
				_, err = c.ChangeBudget(ctx, "e2e", client.BudgetRequest{Tokens: r.Tokens, RequestID: r.RequestID})
				var ae *client.APIError
				if errors.As(err, &ae) && ae.Status == http.StatusForbidden {
					d, err = ae.Decision, nil
				}
			}
		case e.Type == session.EventPhaseSignal:
			d, err = c.PhaseSignal(ctx, "e2e", "")
		default:
			t.Fatalf("%s: event %q not driven", e.Pos(), e.Type)
		}
		if err != nil {
			t.Fatalf("%s: %v", e.Pos(), err)
		}
		out = append(out, d)
	}
	flush()
	return out
}

func eqBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func eqFloat(a, b *float64) bool {
	return (a == nil) == (b == nil) && (a == nil || math.Abs(*a-*b) < 1e-9)
}

func brief(d *guard.Decision) string {
	f := func(p *float64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprintf("%.4f", *p)
	}
	b := func(p *bool) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("seq=%d %s %s allowed=%s accepted=%s anchored=%s summary=%q items=%d", d.Seq, d.Type, d.Reason, b(d.Allowed), b(d.Accepted), f(d.AnchoredScore), d.Summary, len(d.Items))
}
