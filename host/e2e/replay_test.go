package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/session"
)

// TestServeMatchesReplay drives the migration incident
// (examples/migration-drop-table/session.jsonl) through a real serve
// process, on SQLite and on PostgreSQL, and checks that every decision
// equals what `compactguard replay --json` (the built binary, the
// example's own policies.hcl) makes of the same file: seq, type, reason,
// allowed/accepted, anchored score, covers and summary id. The serve
// config is the example's with only the store and a tenant changed. The
// audit trail then holds exactly those decisions and `audit verify`
// passes.
func TestServeMatchesReplay(t *testing.T) {
	bin := binaries(t)
	type recorded struct {
		name   string
		events []session.Event
		want   []guard.Decision
	}
	var files []recorded
	for _, name := range []string{"session", "session-unpinned"} {
		file := filepath.Join(exampleDir, name+".jsonl")
		files = append(files, recorded{name, parseSession(t, file), replayJSON(t, bin, file)})
	}

	for _, tc := range []struct {
		name string
		cfg  func(t *testing.T) (cfg, dsn string)
	}{
		{"sqlite", func(t *testing.T) (string, string) {
			return exampleConfig(t, "sqlite:"+filepath.Join(t.TempDir(), "compactguard.db")), ""
		}},
		{"postgres", func(t *testing.T) (string, string) {
			return pgConfig(t), freshSchema(t, pgBaseDSN(t))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, dsn := tc.cfg(t)
			s := startServe(t, bin, cfg, dsn)
			for _, f := range files {
				got := driveSession(t, s, f.name, f.events)
				if len(got) != len(f.want) {
					t.Fatalf("%s: %d decisions over HTTP, %d from replay", f.name, len(got), len(f.want))
				}
				for i := range f.want {
					if d := diffDecision(got[i], f.want[i]); d != "" {
						t.Errorf("%s: decision %d differs from replay's: %s\n serve  %s\n replay %s", f.name, i+1, d, mustJSON(got[i]), mustJSON(f.want[i]))
					}
				}
				tr := s.trail(t, f.name)
				if !tr.ChainOK || len(tr.Decisions) != len(f.want) {
					t.Errorf("%s: audit trail: %d decisions (want %d), chain_ok %v %s", f.name, len(tr.Decisions), len(f.want), tr.ChainOK, tr.ChainError)
				}
				for i, rec := range tr.Decisions {
					var d guard.Decision
					if err := json.Unmarshal(rec.Body, &d); err != nil {
						t.Fatal(err)
					}
					if i < len(f.want) {
						if diff := diffDecision(d, f.want[i]); diff != "" {
							t.Errorf("%s: audit record %d differs from replay's decision: %s", f.name, rec.Seq, diff)
						}
					}
				}
				reasons := map[string]int{}
				for _, d := range got {
					reasons[d.Reason]++
				}
				t.Logf("%s: %d decisions over HTTP equal replay's: %v", f.name, len(got), reasons)
			}
			s.stop(t)
			auditVerify(t, bin, cfg, dsn)
		})
	}
}

// replayJSON runs `compactguard replay --json` of file with the example's
// own policies.hcl and returns its decisions.
func replayJSON(t *testing.T, bin, file string) []guard.Decision {
	t.Helper()
	out, errOut, code := runCLI(t, bin, env(bin, ""), "replay", "-config", filepath.Join(exampleDir, "policies.hcl"), "--json", file)
	if code != 0 {
		t.Fatalf("compactguard replay %s exited %d\n%s", file, code, errOut)
	}
	var ds []guard.Decision
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var d guard.Decision
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("replay --json line %q: %v", sc.Text(), err)
		}
		ds = append(ds, d)
	}
	if len(ds) == 0 {
		t.Fatalf("replay --json %s printed no decision:\n%s", file, out)
	}
	return ds
}

// parseSession reads a session JSONL file.
func parseSession(t *testing.T, file string) []session.Event {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events, err := session.Parse(f, file)
	if err != nil {
		t.Fatal(err)
	}
	return events
}

// driveSession sends a parsed session to s as an orchestrator would: spans
// in batches of 200, every other event as its own request. It returns the
// decisions, in order.
func driveSession(t *testing.T, s *server, id string, events []session.Event) []guard.Decision {
	t.Helper()
	s.createSession(t, id)
	path := "/v1/sessions/" + id
	var batch []wire.Span
	flush := func() {
		if len(batch) > 0 {
			s.must(t, http.MethodPost, path+"/spans", wire.AppendRequest{Spans: batch}, nil)
			batch = batch[:0]
		}
	}
	var out []guard.Decision
	for _, e := range events {
		if e.Span != nil {
			batch = append(batch, wire.Span{ID: e.Span.ID, Kind: e.Span.Kind, Text: e.Span.Text, Meta: e.Span.Meta})
			if len(batch) == 200 {
				flush()
			}
			continue
		}
		flush()
		var d guard.Decision
		switch {
		case e.Compaction != nil:
			r := e.Compaction
			req := wire.CompactionRequest{ID: r.ID, Covers: r.Covers, Summary: r.Summary, SelfScore: r.SelfScore, RequestID: r.RequestID}
			if r.HasOriginals {
				orig := make([]wire.Span, len(r.Originals))
				for i, o := range r.Originals {
					orig[i] = wire.Span{ID: o.ID, Kind: o.Kind, Text: o.Text, Meta: o.Meta}
				}
				req.Originals = &orig
			}
			s.must(t, http.MethodPost, path+"/compactions", req, &d)
		case e.Selection != nil:
			r := e.Selection
			s.must(t, http.MethodPost, path+"/selections", wire.SelectionRequest{ID: r.ID, Summary: r.Summary, SelfScore: r.SelfScore, RequestID: r.RequestID}, &d)
		case e.Edit != nil:
			r := e.Edit
			s.must(t, http.MethodPost, path+"/policy-edits", wire.PolicyEditRequest{Policy: r.Policy, PolicyHCL: r.PolicyHCL, Signal: wire.SignalRef(r.Signal), RequestID: r.RequestID}, &d)
		case e.Type == session.EventPhaseSignal:
			s.must(t, http.MethodPost, path+"/phase-signals", wire.PhaseSignalRequest{}, &d)
		default:
			// The migration incident has no budget events; driving one
			// needs the authority's credential as the bearer.
			t.Fatalf("%s: event %q not driven by this test", e.Pos(), e.Type)
		}
		out = append(out, d)
	}
	flush()
	return out
}

// diffDecision names the fields in which two decisions differ ("" when
// none): the ones a replay must reproduce exactly.
func diffDecision(got, want guard.Decision) string {
	var diffs []string
	check := func(name string, equal bool) {
		if !equal {
			diffs = append(diffs, name)
		}
	}
	check("seq", got.Seq == want.Seq)
	check("type", got.Type == want.Type)
	check("reason", got.Reason == want.Reason)
	check("allowed", eqBool(got.Allowed, want.Allowed))
	check("accepted", eqBool(got.Accepted, want.Accepted))
	check("anchored_score", eqFloat(got.AnchoredScore, want.AnchoredScore))
	check("reference_pinned", eqBool(got.ReferencePinned, want.ReferencePinned))
	check("summary_id", got.Summary == want.Summary)
	check("covers", slices.Equal(got.Covers, want.Covers))
	check("items", len(got.Items) == len(want.Items))
	for i := range min(len(got.Items), len(want.Items)) {
		g, w := got.Items[i], want.Items[i]
		check(fmt.Sprintf("items[%d]", i), g.Category == w.Category && g.Span == w.Span && g.Text == w.Text && eqBool(g.Preserved, w.Preserved))
	}
	return strings.Join(diffs, ", ")
}

func eqBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func eqFloat(a, b *float64) bool {
	return (a == nil) == (b == nil) && (a == nil || math.Abs(*a-*b) < 1e-9)
}
