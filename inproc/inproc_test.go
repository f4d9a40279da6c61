package inproc_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/compactguard/compactguard/inproc"
)

// prohibition is the constraint the careless summaries below drop.
const prohibition = "Important: do not run DROP TABLE on legacy_orders. Finance still reconciles against it."

// work is a short session whose user sets one prohibition.
func work() []inproc.Span {
	return []inproc.Span{
		{ID: "u1", Kind: "user", Text: "Migrate legacy_orders into orders_v2 in batches."},
		{ID: "u2", Kind: "user", Text: prohibition},
		{ID: "a1", Kind: "assistant", Text: "Understood. I will copy the rows in batches and compare the counts."},
	}
}

// openDefault opens the built-in configuration for one test.
func openDefault(t *testing.T) *inproc.Guard {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g, err := inproc.OpenDefault(ctx, inproc.Options{})
	if err != nil {
		t.Fatalf("OpenDefault: %v", err)
	}
	t.Cleanup(func() {
		if err := g.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return g
}

func newSession(t *testing.T, g *inproc.Guard, id string) *inproc.Session {
	t.Helper()
	s, err := g.CreateSession(context.Background(), id)
	if err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	if _, err := s.Append(context.Background(), work()); err != nil {
		t.Fatalf("Append: %v", err)
	}
	return s
}

func TestDefaultConfigJudgesCompactions(t *testing.T) {
	g := openDefault(t)
	tests := []struct {
		name    string
		summary string
		allowed bool
		reason  string
	}{
		{"a summary that keeps the prohibition is allowed",
			"Migrating legacy_orders into orders_v2 in batches, comparing counts. " + prohibition,
			true, "anchored_score_passed"},
		{"a summary that drops the prohibition is refused",
			"Migrating legacy_orders into orders_v2 in batches; next, clean up the legacy table.",
			false, "must_keep_item_missing"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, g, fmt.Sprintf("judge-%d", i))
			d, err := s.Compact(context.Background(), inproc.CompactionRequest{ID: "sum1", Covers: []string{"u1", "u2", "a1"}, Summary: tt.summary})
			if err != nil {
				t.Fatal(err)
			}
			if inproc.Allowed(d) != tt.allowed || d.Reason != tt.reason {
				t.Fatalf("got allowed=%t reason=%s (%s), want allowed=%t reason=%s", inproc.Allowed(d), d.Reason, d.Message, tt.allowed, tt.reason)
			}
			live, err := s.Live(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want := "u1 u2 a1"
			if tt.allowed {
				want = "sum1"
			}
			if got := strings.Join(live, " "); got != want {
				t.Errorf("live view after the decision: %q, want %q", got, want)
			}
		})
	}
}

func TestCompactRepairingRepairsARefusal(t *testing.T) {
	g := openDefault(t)
	s := newSession(t, g, "repair")
	careless := "Migrating legacy_orders into orders_v2 in batches; next, clean up the legacy table."
	out, err := s.CompactRepairing(context.Background(), inproc.CompactionRequest{ID: "sum1", Covers: []string{"u1", "u2", "a1"}, Summary: careless, RequestID: "r1"})
	if err != nil {
		t.Fatal(err)
	}
	if out.Refused == nil || out.Refused.Reason != "must_keep_item_missing" {
		t.Fatalf("first proposal: want a must_keep_item_missing refusal, got %+v", out.Refused)
	}
	if !inproc.Allowed(out.Decision) {
		t.Fatalf("repaired proposal refused: %s: %s", out.Decision.Reason, out.Decision.Message)
	}
	if !strings.HasPrefix(out.Summary, careless) || !strings.Contains(out.Summary, "do not run DROP TABLE on legacy_orders") {
		t.Errorf("repaired summary does not add the prohibition to the caller's text:\n%s", out.Summary)
	}
	if want := inproc.Repaired(careless, out.Refused); out.Summary != want {
		t.Errorf("repaired summary is not Repaired(summary, refusal):\n%s\nwant\n%s", out.Summary, want)
	}
	items, err := s.Items(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var kept bool
	for _, it := range items.Items {
		kept = kept || (it.Span == "u2" && it.Category == "prohibition")
	}
	if !kept {
		t.Errorf("items after the repaired compaction lack u2's prohibition: %+v", items.Items)
	}
	trail, err := s.Decisions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(trail.Decisions) != 2 || !trail.ChainOK {
		t.Errorf("audit trail: %d decisions, chain ok %t (%s); want 2, true", len(trail.Decisions), trail.ChainOK, trail.ChainError)
	}
}

func TestCompactRepairingLeavesAnAllowedProposalAlone(t *testing.T) {
	g := openDefault(t)
	s := newSession(t, g, "allowed")
	summary := "Migrating legacy_orders into orders_v2 in batches. " + prohibition
	out, err := s.CompactRepairing(context.Background(), inproc.CompactionRequest{Covers: []string{"u1", "u2", "a1"}, Summary: summary})
	if err != nil {
		t.Fatal(err)
	}
	if !inproc.Allowed(out.Decision) || out.Refused != nil || out.Summary != summary {
		t.Fatalf("got allowed=%t refused=%v summary=%q; want the first proposal allowed as it was", inproc.Allowed(out.Decision), out.Refused, out.Summary)
	}
}

func TestErrors(t *testing.T) {
	g := openDefault(t)
	ctx := context.Background()
	s := newSession(t, g, "errors")

	if _, err := g.CreateSession(ctx, "errors"); !errors.Is(err, inproc.ErrSessionExists) {
		t.Errorf("CreateSession of an existing id: %v, want ErrSessionExists", err)
	}
	if _, err := g.Session(ctx, "nobody"); !errors.Is(err, inproc.ErrSessionNotFound) {
		t.Errorf("Session of an unknown id: %v, want ErrSessionNotFound", err)
	}
	if again, err := g.Session(ctx, "errors"); err != nil || again.ID() != "errors" {
		t.Errorf("Session of an existing id: %v, %v", again, err)
	}

	var ie *inproc.InputError
	_, err := s.Append(ctx, []inproc.Span{{ID: "u2", Kind: "user", Text: "other text"}})
	if !errors.As(err, &ie) || ie.Field == "" {
		t.Errorf("Append of a pinned id with other content: %v, want an *InputError naming the field", err)
	}
	_, err = s.Compact(ctx, inproc.CompactionRequest{Covers: []string{"u9"}, Summary: "x"})
	if !errors.As(err, &ie) || !strings.HasPrefix(ie.Field, "covers") {
		t.Errorf("Compact of an unknown id: %v, want an *InputError on covers", err)
	}
}

func TestCloseStopsEveryCall(t *testing.T) {
	ctx := context.Background()
	g, err := inproc.OpenDefault(ctx, inproc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.CreateSession(ctx, "closing")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	if err := g.Close(); err != nil {
		t.Errorf("second Close: %v, want nil", err)
	}
	calls := map[string]func() error{
		"CreateSession": func() error { _, err := g.CreateSession(ctx, "x"); return err },
		"Session":       func() error { _, err := g.Session(ctx, "closing"); return err },
		"Append":        func() error { _, err := s.Append(ctx, work()); return err },
		"Compact": func() error {
			_, err := s.Compact(ctx, inproc.CompactionRequest{Covers: []string{"u1"}, Summary: "x"})
			return err
		},
		"Live":      func() error { _, err := s.Live(ctx); return err },
		"Items":     func() error { _, err := s.Items(ctx); return err },
		"Decisions": func() error { _, err := s.Decisions(ctx); return err },
	}
	for name, call := range calls {
		if err := call(); !errors.Is(err, inproc.ErrClosed) {
			t.Errorf("%s after Close: %v, want ErrClosed", name, err)
		}
	}
}

func TestOpenReportsBadConfiguration(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	bad := filepath.Join(dir, "policies.hcl")
	if err := os.WriteFile(bad, []byte("guard {\n  tokenizer = \n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missingPlugin := filepath.Join(dir, "missing.hcl")
	src := strings.Replace(string(inproc.DefaultConfig()), `command = "extractor-regex"`, `command = "no-such-extractor"`, 1)
	if err := os.WriteFile(missingPlugin, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		config     bool   // IsConfigError
		mention    string // in the error's text
	}{
		{"no path", "", false, "OpenDefault"},
		{"a syntax error", bad, true, bad + ":2"},
		{"a file that is not there", filepath.Join(dir, "none.hcl"), true, "none.hcl"},
		{"a plugin that is not there", missingPlugin, false, "no-such-extractor"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := inproc.Open(ctx, tt.path, inproc.Options{})
			if err == nil {
				g.Close()
				t.Fatal("Open succeeded")
			}
			if inproc.IsConfigError(err) != tt.config || !strings.Contains(err.Error(), tt.mention) {
				t.Errorf("got %v (config error %t), want one mentioning %q (config error %t)", err, inproc.IsConfigError(err), tt.mention, tt.config)
			}
		})
	}
}

// TestConcurrentSessions runs sessions from several goroutines on one
// Guard (under -race in make test) and closes it while none is running.
func TestConcurrentSessions(t *testing.T) {
	g := openDefault(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			s, err := g.CreateSession(ctx, fmt.Sprintf("parallel-%d", i))
			if err != nil {
				errs <- err
				return
			}
			if _, err := s.Append(ctx, work()); err != nil {
				errs <- err
				return
			}
			out, err := s.CompactRepairing(ctx, inproc.CompactionRequest{Covers: []string{"u1", "u2", "a1"}, Summary: "Copying in batches."})
			if err != nil {
				errs <- err
				return
			}
			if !inproc.Allowed(out.Decision) {
				errs <- fmt.Errorf("session %d: repaired proposal refused: %s", i, out.Decision.Reason)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
