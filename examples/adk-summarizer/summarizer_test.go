package adkguard_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	adkguard "github.com/compactguard/compactguard/examples/adk-summarizer"
	"github.com/compactguard/compactguard/inproc"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// TestMain builds the reference extractor and scorer and puts them first
// on PATH, where the built-in configuration looks.
func TestMain(m *testing.M) {
	dir, err := plugintest.Built("./plugins/extractor-regex", "./plugins/scorer-embedding")
	if err != nil {
		fmt.Fprintln(os.Stderr, "building the reference plugins:", err)
		os.Exit(1)
	}
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	plugintest.Main(m)
}

const prohibition = "Important: do not run DROP TABLE on legacy_orders. Finance still reconciles against it."

// The summaries the scripted summarizer writes.
const (
	faithful = "We are migrating legacy_orders into orders_v2 in batches and comparing counts. " + prohibition
	careless = "We are migrating legacy_orders into orders_v2 in batches and comparing counts; next, clean up the legacy table."
)

var t0 = time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)

func event(id string, at int, author string, parts ...*adkguard.Part) *adkguard.Event {
	return &adkguard.Event{ID: id, Timestamp: t0.Add(time.Duration(at) * time.Minute), Author: author, Content: &adkguard.Content{Role: "user", Parts: parts}}
}

func text(s string) *adkguard.Part { return &adkguard.Part{Text: s} }

// window is an adk-go session's first invocations: the user's task and
// rule, a tool call and its response, the agent's answer.
func window() []*adkguard.Event {
	return []*adkguard.Event{
		event("e1", 0, "user", text("Migrate legacy_orders into orders_v2 in batches and compare the counts.")),
		event("e2", 1, "user", text(prohibition)),
		event("e3", 2, "migrator", &adkguard.Part{FunctionCall: &adkguard.FunctionCall{Name: "sql", Args: map[string]any{"query": "select count(*) from legacy_orders"}}}),
		event("e4", 3, "migrator", &adkguard.Part{FunctionResponse: &adkguard.FunctionResponse{Name: "sql", Response: map[string]any{"count": 120000}}}),
		event("e5", 4, "migrator", &adkguard.Part{Thought: true, Text: "Batches of 5,000 then."}, text("120,000 rows to copy; starting with batch 1.")),
	}
}

// scripted stands for adk-go's LLMSummarizer: it returns the event
// compaction.NewSummaryEvent builds, with the next of its summaries.
type scripted struct{ summaries []string }

func (s *scripted) SummarizeEvents(_ context.Context, events []*adkguard.Event) (*adkguard.Event, error) {
	if len(s.summaries) == 0 {
		return nil, errors.New("scripted summarizer: no summary left")
	}
	sum := s.summaries[0]
	s.summaries = s.summaries[1:]
	return &adkguard.Event{Author: "user", Actions: adkguard.EventActions{Compaction: &adkguard.EventCompaction{
		StartTimestamp: events[0].Timestamp, EndTimestamp: events[len(events)-1].Timestamp,
		CompactedContent: &adkguard.Content{Role: "model", Parts: []*adkguard.Part{text(sum)}},
	}}}, nil
}

type run struct {
	s         *inproc.Session
	guarded   *adkguard.Guarded
	decisions []*inproc.Decision
}

func newRun(t *testing.T, onRefusal adkguard.OnRefusal, summaries ...string) *run {
	t.Helper()
	ctx := context.Background()
	g, err := inproc.OpenDefault(ctx, inproc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	r := &run{}
	if r.s, err = g.CreateSession(ctx, "adk-session"); err != nil {
		t.Fatal(err)
	}
	r.guarded, err = adkguard.New(adkguard.Config{
		Session: r.s, Summarizer: &scripted{summaries: summaries}, OnRefusal: onRefusal,
		Report: func(_ context.Context, d *inproc.Decision) { r.decisions = append(r.decisions, d) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *run) reasons() string {
	var out []string
	for _, d := range r.decisions {
		out = append(out, d.Reason)
	}
	return strings.Join(out, " ")
}

func summaryText(ev *adkguard.Event) string {
	var out []string
	for _, p := range ev.Actions.Compaction.CompactedContent.Parts {
		out = append(out, p.Text)
	}
	return strings.Join(out, "\n")
}

func TestSummarizeEvents(t *testing.T) {
	tests := []struct {
		name      string
		onRefusal adkguard.OnRefusal
		summary   string
		want      string // "summary", "skip" (nil event) or "error"
		reasons   string
	}{
		{"a faithful summary is allowed", adkguard.Repair, faithful, "summary", "anchored_score_passed"},
		{"a careless summary is repaired", adkguard.Repair, careless, "summary", "must_keep_item_missing anchored_score_passed"},
		{"a careless summary is skipped", adkguard.Skip, careless, "skip", "must_keep_item_missing"},
		{"a careless summary is refused with an error", adkguard.Fail, careless, "error", "must_keep_item_missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRun(t, tt.onRefusal, tt.summary)
			ev, err := r.guarded.SummarizeEvents(context.Background(), window())
			if got := r.reasons(); got != tt.reasons {
				t.Errorf("decisions %q, want %q", got, tt.reasons)
			}
			switch tt.want {
			case "error":
				var re *adkguard.RefusedError
				if !errors.As(err, &re) || re.Decision.Repair == "" {
					t.Fatalf("got %v, want a *RefusedError with the refusal and its repair", err)
				}
				return
			case "skip":
				if err != nil || ev != nil {
					t.Fatalf("got %v, %v; want no event and no error (adk-go skips the compaction)", ev, err)
				}
				return
			}
			if err != nil || ev == nil {
				t.Fatalf("got %v, %v; want the summary event", ev, err)
			}
			if !strings.Contains(summaryText(ev), "do not run DROP TABLE on legacy_orders") {
				t.Errorf("summary lacks the prohibition:\n%s", summaryText(ev))
			}
			last := r.decisions[len(r.decisions)-1]
			if ev.ID == "" || ev.ID != last.Summary {
				t.Errorf("summary event's ID %q, want the allowed summary's span id %q", ev.ID, last.Summary)
			}
			if got := strings.Join(last.Covers, " "); got != "e1 e2 e3 e4 e5" {
				t.Errorf("compaction covers %q, want every event of the window", got)
			}
		})
	}
}

// TestSlidingWindowWithOverlap runs adk-go's sliding window twice with
// an overlap: the second window holds the first summary, an event it
// covered already (the overlap) and new events. The covered one is left
// out; the summary is judged against the root events it stood for, so
// dropping the rule then is refused.
func TestSlidingWindowWithOverlap(t *testing.T) {
	r := newRun(t, adkguard.Skip, faithful, careless)
	ctx := context.Background()
	events := window()
	first, err := r.guarded.SummarizeEvents(ctx, events)
	if err != nil || first == nil {
		t.Fatalf("first window: %v, %v", first, err)
	}
	first.Timestamp = t0.Add(5 * time.Minute)
	second := []*adkguard.Event{
		events[4], // the overlap
		first,
		event("e6", 6, "user", text("Go on with batch 2.")),
		event("e7", 7, "migrator", text("Batch 2 copied; counts match.")),
	}
	ev, err := r.guarded.SummarizeEvents(ctx, second)
	if err != nil || ev != nil {
		t.Fatalf("second window: %v, %v; want it skipped", ev, err)
	}
	d := r.decisions[1]
	if d.Reason != "must_keep_item_missing" {
		t.Fatalf("second window: %s, want must_keep_item_missing", d.Reason)
	}
	if got, want := strings.Join(d.Covers, " "), first.ID+" e6 e7"; got != want {
		t.Errorf("second compaction covers %q, want %q (the overlap's e5 is covered already)", got, want)
	}
	var lost bool
	for _, it := range d.Items {
		lost = lost || (it.Span == "e2" && it.Category == "prohibition" && it.Preserved != nil && !*it.Preserved)
	}
	if !lost {
		t.Errorf("the prohibition of e2, under the first summary, is not reported lost: %+v", d.Items)
	}
}

func TestNewNeedsSessionAndSummarizer(t *testing.T) {
	for _, tt := range []struct {
		cfg  adkguard.Config
		want string
	}{
		{adkguard.Config{Summarizer: &scripted{}}, "Session"},
		{adkguard.Config{Session: &inproc.Session{}}, "Summarizer"},
	} {
		if _, err := adkguard.New(tt.cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v): %v, want an error naming %s", tt.cfg, err, tt.want)
		}
	}
}
