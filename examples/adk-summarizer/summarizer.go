// Package adkguard puts compactguard in google/adk-go's context
// compaction: New wraps the Summarizer the runner uses (its LLMSummarizer,
// or yours) so that every summary event it writes is first proposed to an
// in-process compactguard (package inproc), against the events it stands
// for, pinned. A summary that lost a constraint is repaired (the lost
// sentences appended verbatim) or skipped: adk-go then leaves the history
// untouched, exactly as when a summarizer produces nothing.
//
//	g, _ := inproc.OpenDefault(ctx, inproc.Options{})
//	defer g.Close()
//	s, _ := g.CreateSession(ctx, sessionID)
//	llm, _ := compaction.NewLLMSummarizer(compaction.LLMSummarizerConfig{Model: m})
//	guarded, _ := adkguard.New(adkguard.Config{Session: s, Summarizer: llm})
//	cfg := &compaction.Config{CompactionInterval: 3, OverlapSize: 1, Summarizer: guarded}
//
// adk-go is not served by the module proxy this project builds with, so
// the adapter is written against a mirror of its public interface
// (adk.go, with links to the source); README.md says how to port it.
package adkguard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/inproc"
)

// OnRefusal says what a refused summary leads to.
type OnRefusal int

const (
	// Repair proposes the summary again with the decision's repair block
	// appended (the lost sentences, verbatim, with their span ids) and
	// returns the repaired summary when that is allowed; when it is
	// refused too, the compaction is skipped, as with Skip.
	Repair OnRefusal = iota
	// Skip returns no event: adk-go leaves the history untouched and
	// tries again at its next trigger.
	Skip
	// Fail returns a *RefusedError.
	Fail
)

// Config configures New.
type Config struct {
	// Session is the compactguard session of this adk-go session.
	// Required.
	Session *inproc.Session
	// Summarizer writes the summaries (adk-go's LLMSummarizer, or yours).
	// Required.
	Summarizer Summarizer
	// OnRefusal is what a refused summary leads to; Repair by default.
	OnRefusal OnRefusal
	// Report, if set, sees every decision as it is made.
	Report func(ctx context.Context, d *inproc.Decision)
}

// RefusedError is what SummarizeEvents returns under Fail.
type RefusedError struct {
	Decision *inproc.Decision
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("compactguard refused the summary: %s: %s", e.Decision.Reason, e.Decision.Message)
}

// Guarded is a Summarizer whose summaries compactguard judges first.
type Guarded struct {
	cfg Config
}

var _ Summarizer = (*Guarded)(nil)

// New wraps cfg.Summarizer.
func New(cfg Config) (*Guarded, error) {
	switch {
	case cfg.Session == nil:
		return nil, errors.New("adkguard.New: Config.Session is required")
	case cfg.Summarizer == nil:
		return nil, errors.New("adkguard.New: Config.Summarizer is required (adk-go's compaction.NewLLMSummarizer, or yours)")
	case cfg.OnRefusal < Repair || cfg.OnRefusal > Fail:
		return nil, fmt.Errorf("adkguard.New: unknown OnRefusal %d", cfg.OnRefusal)
	}
	return &Guarded{cfg: cfg}, nil
}

// SummarizeEvents asks the wrapped summarizer for a summary of events,
// pins the events in the compactguard session, proposes the summary as
// their compaction, and returns it only when the guard allows it (or its
// repair). The returned event's ID is the summary's span id in
// compactguard, so that the next summary, which covers it, is judged
// against the events it stood for.
func (g *Guarded) SummarizeEvents(ctx context.Context, events []*Event) (*Event, error) {
	summary, err := g.cfg.Summarizer.SummarizeEvents(ctx, events)
	if err != nil || summary == nil || summary.Actions.Compaction == nil {
		return summary, err
	}
	var spans []inproc.Span
	var covers []string
	for _, ev := range events {
		sp, ok := spanOf(ev)
		if !ok {
			continue
		}
		covers = append(covers, sp.ID)
		if ev.Actions.Compaction == nil {
			spans = append(spans, sp)
		}
	}
	if len(spans) > 0 {
		if _, err := g.cfg.Session.Append(ctx, spans); err != nil {
			return nil, fmt.Errorf("adkguard: pinning the summarized events: %w", err)
		}
	}
	// Only spans in the live view can be covered: the events of the
	// overlap were covered by the previous summary already, and a summary
	// compactguard never allowed is not in its ledger at all.
	live, err := g.cfg.Session.Live(ctx)
	if err != nil {
		return nil, fmt.Errorf("adkguard: %w", err)
	}
	covers = inLive(covers, live)
	if len(covers) == 0 {
		return summary, nil
	}

	text := contentText(summary.Actions.Compaction.CompactedContent)
	id := summary.ID
	if id == "" {
		id = summaryID(covers, text)
	}
	req := inproc.CompactionRequest{ID: id, Covers: covers, Summary: text}
	var d *inproc.Decision
	final := text
	if g.cfg.OnRefusal == Repair {
		out, err := g.cfg.Session.CompactRepairing(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("adkguard: %w", err)
		}
		if out.Refused != nil {
			g.report(ctx, out.Refused)
		}
		d, final = out.Decision, out.Summary
	} else if d, err = g.cfg.Session.Compact(ctx, req); err != nil {
		return nil, fmt.Errorf("adkguard: %w", err)
	}
	g.report(ctx, d)
	if !inproc.Allowed(d) {
		if g.cfg.OnRefusal == Fail {
			return nil, &RefusedError{Decision: d}
		}
		return nil, nil
	}
	if final != text {
		c := summary.Actions.Compaction.CompactedContent
		summary.Actions.Compaction.CompactedContent = &Content{Role: c.Role, Parts: []*Part{{Text: final}}}
	}
	summary.ID = id
	return summary, nil
}

func (g *Guarded) report(ctx context.Context, d *inproc.Decision) {
	if g.cfg.Report != nil {
		g.cfg.Report(ctx, d)
	}
}

// spanOf maps an event to a span; false for an event with nothing a model
// reads. A summary event maps to its own id (a summary compactguard
// allowed is in its ledger under that id).
func spanOf(ev *Event) (inproc.Span, bool) {
	if ev == nil {
		return inproc.Span{}, false
	}
	if c := ev.Actions.Compaction; c != nil {
		if ev.ID == "" {
			return inproc.Span{}, false
		}
		return inproc.Span{ID: ev.ID, Kind: "summary", Text: contentText(c.CompactedContent)}, true
	}
	if ev.Content == nil || len(ev.Content.Parts) == 0 {
		return inproc.Span{}, false
	}
	var texts, thoughts []string
	var tool string
	kind := "assistant"
	for _, p := range ev.Content.Parts {
		switch {
		case p == nil:
		case p.FunctionCall != nil:
			kind, tool = "tool_call", p.FunctionCall.Name
			texts = append(texts, p.FunctionCall.Name+"("+render(p.FunctionCall.Args)+")")
		case p.FunctionResponse != nil:
			kind, tool = "tool_result", p.FunctionResponse.Name
			texts = append(texts, render(p.FunctionResponse.Response))
		case p.Thought && p.Text != "":
			thoughts = append(thoughts, p.Text)
		case p.Text != "":
			texts = append(texts, p.Text)
		}
	}
	switch {
	case len(texts) == 0 && len(thoughts) == 0:
		return inproc.Span{}, false
	case len(texts) == 0:
		kind, texts = "reasoning", thoughts
	case kind == "assistant" && ev.Author == "user":
		kind = "user"
	}
	sp := inproc.Span{ID: ev.ID, Kind: kind, Text: strings.Join(texts, "\n\n")}
	if tool != "" {
		sp.Meta = map[string]string{"tool": tool}
	}
	if sp.ID == "" {
		// Storage sets IDs; an event that has none gets one from its
		// time, author and text, the same every time it is sent.
		h := sha256.Sum256([]byte(ev.Timestamp.UTC().String() + "\x00" + ev.Author + "\x00" + sp.Text))
		sp.ID = "adk-" + hex.EncodeToString(h[:8])
	}
	return sp, true
}

// contentText is the text a model reads of a summary's content.
func contentText(c *Content) string {
	if c == nil {
		return ""
	}
	var texts []string
	for _, p := range c.Parts {
		if p != nil && p.Text != "" && !p.Thought {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n\n")
}

// render writes a tool's arguments or response with sorted keys, so the
// same event always gets the same text.
func render(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %v", k, m[k])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// summaryID names a proposed summary after what it covers and says.
func summaryID(covers []string, text string) string {
	h := sha256.New()
	for _, c := range covers {
		h.Write([]byte(c + "\x00"))
	}
	h.Write([]byte(text))
	return "adk-summary-" + hex.EncodeToString(h.Sum(nil)[:8])
}

// inLive keeps the ids that are in the live view, in order.
func inLive(ids, live []string) []string {
	in := make(map[string]bool, len(live))
	for _, id := range live {
		in[id] = true
	}
	var out []string
	for _, id := range ids {
		if in[id] {
			out = append(out, id)
		}
	}
	return out
}
