package einoguard_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/adk/middlewares/summarization"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	einoguard "github.com/compactguard/compactguard/examples/eino-finalize"
	"github.com/compactguard/compactguard/inproc"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// TestMain builds the reference extractor and scorer from the main module
// and puts them first on PATH, where the built-in configuration looks.
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

// The summaries the fake model writes.
const (
	faithful = "We are migrating legacy_orders into orders_v2 in batches and comparing counts. " + prohibition
	careless = "We are migrating legacy_orders into orders_v2 in batches and comparing counts; next, clean up the legacy table."
)

// conversation is an eino agent's history: a system prompt, the user's
// task and the rule the careless summary drops, the agent's work.
func conversation() []adk.Message {
	return []adk.Message{
		schema.SystemMessage("You are a careful database migration agent."),
		schema.UserMessage("Migrate legacy_orders into orders_v2 in batches and compare the counts."),
		schema.UserMessage(prohibition),
		schema.AssistantMessage("", []schema.ToolCall{{ID: "c1", Function: schema.FunctionCall{Name: "bash", Arguments: `{"cmd":"psql -c 'select count(*) from legacy_orders'"}`}}}),
		schema.ToolMessage(" count \n-------\n 120000", "c1", schema.WithToolName("bash")),
		schema.AssistantMessage("120,000 rows to copy; starting with batch 1.", nil),
	}
}

// scripted is a chat model that answers every summarization request with
// the next of its summaries.
type scripted struct{ summaries []string }

func (m *scripted) Generate(_ context.Context, _ []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	if len(m.summaries) == 0 {
		return nil, errors.New("scripted model: no summary left")
	}
	s := m.summaries[0]
	m.summaries = m.summaries[1:]
	return schema.AssistantMessage(s, nil), nil
}

func (m *scripted) Stream(context.Context, []*schema.Message, ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	return nil, errors.New("scripted model: no streaming")
}

// run is one agent run: an in-process guard, a session and eino's real
// summarization middleware with the guarded Finalize, triggered on every
// model call.
type run struct {
	fin       summarization.FinalizeFunc
	mw        adk.ChatModelAgentMiddleware
	decisions []*inproc.Decision
}

func newRun(t *testing.T, onRefusal einoguard.OnRefusal, summaries ...string) *run {
	t.Helper()
	ctx := context.Background()
	g, err := inproc.OpenDefault(ctx, inproc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	s, err := g.CreateSession(ctx, "eino-run")
	if err != nil {
		t.Fatal(err)
	}
	r := &run{}
	r.fin, err = einoguard.Finalize(einoguard.Config{
		Session:   s,
		OnRefusal: onRefusal,
		Report:    func(_ context.Context, d *inproc.Decision) { r.decisions = append(r.decisions, d) },
	})
	if err != nil {
		t.Fatal(err)
	}
	r.script(t, summaries...)
	return r
}

// script gives the run eino's summarization middleware over a model that
// writes summaries, in order.
func (r *run) script(t *testing.T, summaries ...string) {
	t.Helper()
	var err error
	r.mw, err = summarization.New(context.Background(), &summarization.Config{
		Model:    &scripted{summaries: summaries},
		Trigger:  &summarization.TriggerCondition{ContextTokens: 1},
		Finalize: r.fin,
		// Off, so that the summary is only what the model wrote: with it
		// on, eino copies recent user messages into the summary, which
		// would restore this short conversation's rule by itself.
		PreserveUserMessages: &summarization.PreserveUserMessages{Enabled: false},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// summarize runs the middleware's hook on msgs and returns the history
// the model would be given.
func (r *run) summarize(t *testing.T, msgs []adk.Message) ([]adk.Message, error) {
	t.Helper()
	_, st, err := r.mw.BeforeModelRewriteState(context.Background(), &adk.ChatModelAgentState{Messages: msgs}, &adk.ModelContext{})
	if err != nil {
		return nil, err
	}
	return st.Messages, nil
}

func text(m adk.Message) string {
	s := m.Content
	for _, p := range m.UserInputMultiContent {
		s += "\n" + p.Text
	}
	return s
}

func TestFinalize(t *testing.T) {
	tests := []struct {
		name      string
		onRefusal einoguard.OnRefusal
		summary   string
		// want: "summary" (system prompt and the guarded summary),
		// "kept" (the conversation unchanged) or "error".
		want     string
		reasons  []string // the decisions reported, in order
		contains string   // in the summary given to the model
	}{
		{"a faithful summary is allowed", einoguard.Repair, faithful, "summary",
			[]string{"anchored_score_passed"}, "do not run DROP TABLE on legacy_orders"},
		{"a careless summary is repaired", einoguard.Repair, careless, "summary",
			[]string{"must_keep_item_missing", "anchored_score_passed"}, "do not run DROP TABLE on legacy_orders"},
		{"a careless summary is refused and the conversation kept", einoguard.Keep, careless, "kept",
			[]string{"must_keep_item_missing"}, ""},
		{"a careless summary is refused with an error", einoguard.Fail, careless, "error",
			[]string{"must_keep_item_missing"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRun(t, tt.onRefusal, tt.summary)
			orig := conversation()
			got, err := r.summarize(t, orig)
			var reasons []string
			for _, d := range r.decisions {
				reasons = append(reasons, d.Reason)
			}
			if strings.Join(reasons, " ") != strings.Join(tt.reasons, " ") {
				t.Errorf("decisions %v, want %v", reasons, tt.reasons)
			}
			switch tt.want {
			case "error":
				var re *einoguard.RefusedError
				if !errors.As(err, &re) || re.Decision.Reason != "must_keep_item_missing" || re.Decision.Repair == "" {
					t.Fatalf("got %v, want a *RefusedError carrying the refusal and its repair", err)
				}
				return
			case "kept":
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(orig) {
					t.Fatalf("got %d messages, want the %d of the conversation", len(got), len(orig))
				}
				for i := range orig {
					if got[i] != orig[i] {
						t.Errorf("message %d replaced", i)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 2 || got[0].Role != schema.System {
				t.Fatalf("got %d messages, want the system prompt and the summary", len(got))
			}
			if !strings.Contains(text(got[1]), tt.contains) {
				t.Errorf("summary given to the model lacks %q:\n%s", tt.contains, text(got[1]))
			}
			if id, _ := got[1].Extra[einoguard.SpanKey].(string); id == "" || id != r.decisions[len(r.decisions)-1].Summary {
				t.Errorf("summary's %s is %q, want the allowed summary's id %q", einoguard.SpanKey, id, r.decisions[len(r.decisions)-1].Summary)
			}
		})
	}
}

// TestFinalizeJudgesLaterSummariesAgainstTheOriginals runs two
// compactions: the second covers the first summary, and is judged against
// the messages that summary stood for, so dropping the rule then is
// refused too.
func TestFinalizeJudgesLaterSummariesAgainstTheOriginals(t *testing.T) {
	r := newRun(t, einoguard.Keep, faithful, careless)
	first, err := r.summarize(t, conversation())
	if err != nil {
		t.Fatal(err)
	}
	later := append(first, schema.UserMessage("Go on with batch 2."), schema.AssistantMessage("Batch 2 copied; counts match.", nil))
	got, err := r.summarize(t, later)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.decisions) != 2 {
		t.Fatalf("%d decisions, want 2", len(r.decisions))
	}
	second := r.decisions[1]
	if second.Reason != "must_keep_item_missing" || len(got) != len(later) {
		t.Fatalf("second summary: %s, %d messages; want must_keep_item_missing and the %d messages kept", second.Reason, len(got), len(later))
	}
	if second.Covers[0] != r.decisions[0].Summary {
		t.Errorf("second compaction covers %v, want the first summary %q first", second.Covers, r.decisions[0].Summary)
	}
	var lost bool
	for _, it := range second.Items {
		lost = lost || (it.Category == "prohibition" && it.Preserved != nil && !*it.Preserved && strings.Contains(it.Text, "DROP TABLE"))
	}
	if !lost {
		t.Errorf("second decision does not report the prohibition of the root original as lost: %+v", second.Items)
	}
	// Sent again after the refusal kept it, the same conversation pins
	// nothing twice and is judged the same way.
	r.script(t, careless)
	if _, err := r.summarize(t, later); err != nil {
		t.Fatal(err)
	}
	if third := r.decisions[2]; third.Reason != second.Reason || strings.Join(third.Covers, " ") != strings.Join(second.Covers, " ") {
		t.Errorf("the same conversation again: %s covering %v, want %s covering %v", third.Reason, third.Covers, second.Reason, second.Covers)
	}
}

// TestFinalizeOfASummaryAlone summarizes a history that holds only the
// system prompt and an earlier summary: nothing new is pinned, and the
// new summary covers the earlier one, judged against its originals.
func TestFinalizeOfASummaryAlone(t *testing.T) {
	r := newRun(t, einoguard.Keep, faithful, faithful+" Batch 1 is done.")
	first, err := r.summarize(t, conversation())
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.summarize(t, first)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.decisions) != 2 || r.decisions[1].Reason != "anchored_score_passed" {
		t.Fatalf("decisions %+v, want the second summary allowed", r.decisions)
	}
	if covers := r.decisions[1].Covers; len(covers) != 1 || covers[0] != r.decisions[0].Summary {
		t.Errorf("second compaction covers %v, want only the first summary %q", covers, r.decisions[0].Summary)
	}
	if len(got) != 2 || !strings.Contains(text(got[1]), "Batch 1 is done.") {
		t.Errorf("history after the second summary: %d messages, want the system prompt and the new summary", len(got))
	}
}

func TestFinalizeNeedsASession(t *testing.T) {
	if _, err := einoguard.Finalize(einoguard.Config{}); err == nil || !strings.Contains(err.Error(), "Session") {
		t.Errorf("got %v, want an error naming Config.Session", err)
	}
}
