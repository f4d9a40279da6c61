// Package einoguard puts compactguard in cloudwego/eino's summarization
// middleware (github.com/cloudwego/eino/adk/middlewares/summarization, as
// of v0.8.1): Finalize returns a summarization.FinalizeFunc that, before
// eino replaces the conversation with its summary, pins the messages the
// summary stands for, proposes the summary to an in-process compactguard
// (package inproc), and lets the summary through only when the guard
// allows it. A summary that lost a constraint is repaired (the lost
// sentences appended verbatim) or refused: the conversation is kept as it
// was, or the middleware fails, as Config.OnRefusal says.
//
//	g, _ := inproc.OpenDefault(ctx, inproc.Options{})
//	defer g.Close()
//	s, _ := g.CreateSession(ctx, runID)
//	fin, _ := einoguard.Finalize(einoguard.Config{Session: s})
//	mw, _ := summarization.New(ctx, &summarization.Config{Model: m, Finalize: fin})
//
// The README says what the user sees, and docs/integrations/eino.md how to
// switch it off.
package einoguard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/adk/middlewares/summarization"
	"github.com/cloudwego/eino/schema"

	"github.com/compactguard/compactguard/inproc"
)

// SpanKey is the key, in a message's Extra, of the compactguard span id
// of a summary the guard allowed: the next compaction covers that span,
// so compactguard judges it against the root originals the summary stands
// for, not against the summary.
const SpanKey = "compactguard_span"

// OnRefusal says what Finalize does with a summary the guard refuses.
type OnRefusal int

const (
	// Repair proposes the summary again with the decision's repair block
	// appended (the lost sentences, verbatim, with their span ids); when
	// that is allowed, the repaired summary replaces the conversation.
	// When it is refused too, the conversation is kept, as with Keep.
	Repair OnRefusal = iota
	// Keep returns the conversation unchanged: no compaction this turn.
	// The middleware summarizes again at its next trigger.
	Keep
	// Fail returns a *RefusedError: the agent's run stops with it.
	Fail
)

// Config configures Finalize.
type Config struct {
	// Session is the compactguard session of this agent run. Required.
	Session *inproc.Session
	// OnRefusal is what a refused summary leads to; Repair by default.
	OnRefusal OnRefusal
	// Next, if set, finalizes an allowed summary (for instance
	// summarization.PreserveSkillsFinalizer's); nil does what eino does
	// without a Finalize: the system messages, then the summary.
	Next summarization.FinalizeFunc
	// Report, if set, sees every decision as it is made (to log it, or
	// to show it to the user).
	Report func(ctx context.Context, d *inproc.Decision)
}

// RefusedError is what Finalize returns under Fail: the refusal, with its
// reason, its items and its repair.
type RefusedError struct {
	Decision *inproc.Decision
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("compactguard refused the summary: %s: %s", e.Decision.Reason, e.Decision.Message)
}

// Finalize returns the FinalizeFunc to set as summarization.Config's
// Finalize. The function is safe for concurrent use; each call blocks
// on the guard (and its plugins) for as long as ctx allows.
func Finalize(cfg Config) (summarization.FinalizeFunc, error) {
	if cfg.Session == nil {
		return nil, errors.New("einoguard.Finalize: Config.Session is required")
	}
	if cfg.OnRefusal < Repair || cfg.OnRefusal > Fail {
		return nil, fmt.Errorf("einoguard.Finalize: unknown OnRefusal %d", cfg.OnRefusal)
	}
	return func(ctx context.Context, original []adk.Message, summary adk.Message) ([]adk.Message, error) {
		return finalize(ctx, cfg, original, summary)
	}, nil
}

func finalize(ctx context.Context, cfg Config, original []adk.Message, summary adk.Message) ([]adk.Message, error) {
	if summary == nil {
		return nil, errors.New("einoguard: the middleware passed no summary")
	}
	var spans []inproc.Span
	var covers []string
	var keep []adk.Message // the system messages, kept as eino keeps them
	for _, sp := range toSpans(original) {
		if sp.span.Kind == "system" {
			keep = append(keep, sp.msg)
			continue
		}
		covers = append(covers, sp.span.ID)
		if !sp.pinned {
			spans = append(spans, sp.span)
		}
	}
	if len(covers) == 0 {
		// Nothing but system messages: nothing is replaced.
		return next(ctx, cfg, original, keep, summary)
	}
	if len(spans) > 0 {
		if _, err := cfg.Session.Append(ctx, spans); err != nil {
			return nil, fmt.Errorf("einoguard: pinning the messages the summary replaces: %w", err)
		}
	}
	// A message can only be covered while it is in the live view; one a
	// summary already replaced (a conversation restored from before an
	// allowed compaction) is left out rather than refused as bad input.
	live, err := cfg.Session.Live(ctx)
	if err != nil {
		return nil, fmt.Errorf("einoguard: %w", err)
	}
	covers = inLive(covers, live)
	if len(covers) == 0 {
		return next(ctx, cfg, original, keep, summary)
	}

	text := messageText(summary)
	req := inproc.CompactionRequest{ID: summaryID(covers, text), Covers: covers, Summary: text}
	var (
		d   *inproc.Decision
		sum = text
	)
	if cfg.OnRefusal == Repair {
		out, err := cfg.Session.CompactRepairing(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("einoguard: %w", err)
		}
		if out.Refused != nil {
			report(ctx, cfg, out.Refused)
		}
		d, sum = out.Decision, out.Summary
	} else {
		d, err = cfg.Session.Compact(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("einoguard: %w", err)
		}
	}
	report(ctx, cfg, d)
	if !inproc.Allowed(d) {
		if cfg.OnRefusal == Fail {
			return nil, &RefusedError{Decision: d}
		}
		return original, nil
	}
	if sum != text {
		setText(summary, sum)
	}
	if summary.Extra == nil {
		summary.Extra = map[string]any{}
	}
	summary.Extra[SpanKey] = req.ID
	return next(ctx, cfg, original, keep, summary)
}

func report(ctx context.Context, cfg Config, d *inproc.Decision) {
	if cfg.Report != nil {
		cfg.Report(ctx, d)
	}
}

// next finalizes an allowed summary: Config.Next, or eino's own default.
func next(ctx context.Context, cfg Config, original, system []adk.Message, summary adk.Message) ([]adk.Message, error) {
	if cfg.Next != nil {
		return cfg.Next(ctx, original, summary)
	}
	return append(append([]adk.Message(nil), system...), summary), nil
}

// span is one message as a compactguard span. pinned marks a summary the
// guard allowed earlier: it is in the ledger already.
type span struct {
	msg    adk.Message
	span   inproc.Span
	pinned bool
}

// toSpans maps messages to spans. An allowed summary keeps its span id
// (SpanKey). Any other message gets an id from its content, so that
// sending the same conversation again (after a refusal kept it) pins
// nothing twice; the id also names the summary the message follows (the
// epoch), so a message repeated after a compaction ("continue") is a new
// span, and its position among identical messages of the same epoch.
func toSpans(msgs []adk.Message) []span {
	out := make([]span, 0, len(msgs))
	epoch := ""
	seen := map[string]int{}
	for _, m := range msgs {
		if m == nil {
			continue
		}
		if id, ok := m.Extra[SpanKey].(string); ok && id != "" {
			epoch = id
			out = append(out, span{msg: m, span: inproc.Span{ID: id, Kind: "summary", Text: messageText(m)}, pinned: true})
			continue
		}
		kind, meta := kindOf(m)
		text := messageText(m)
		h := sha256.Sum256([]byte(epoch + "\x00" + kind + "\x00" + text))
		key := hex.EncodeToString(h[:8])
		n := seen[key]
		seen[key] = n + 1
		out = append(out, span{msg: m, span: inproc.Span{ID: fmt.Sprintf("eino-%s-%d", key, n), Kind: kind, Text: text, Meta: meta}})
	}
	return out
}

// kindOf maps an eino role to a span kind (which gives the span's source:
// only the user and the system prompt set rules).
func kindOf(m adk.Message) (string, map[string]string) {
	switch m.Role {
	case schema.System:
		return "system", nil
	case schema.User:
		return "user", nil
	case schema.Tool:
		if m.ToolName != "" {
			return "tool_result", map[string]string{"tool": m.ToolName}
		}
		return "tool_result", nil
	default:
		if len(m.ToolCalls) > 0 && strings.TrimSpace(textParts(m)) == "" {
			return "tool_call", map[string]string{"tool": m.ToolCalls[0].Function.Name}
		}
		return "assistant", nil
	}
}

// messageText is what the model reads of a message: its text and text
// parts, and its tool calls, joined by blank lines.
func messageText(m adk.Message) string {
	var parts []string
	if t := textParts(m); t != "" {
		parts = append(parts, t)
	}
	for _, tc := range m.ToolCalls {
		parts = append(parts, tc.Function.Name+"("+tc.Function.Arguments+")")
	}
	return strings.Join(parts, "\n\n")
}

func textParts(m adk.Message) string {
	var parts []string
	add := func(typ schema.ChatMessagePartType, text string) {
		if (typ == schema.ChatMessagePartTypeText || typ == "") && text != "" {
			parts = append(parts, text)
		}
	}
	add(schema.ChatMessagePartTypeText, m.Content)
	for _, p := range m.UserInputMultiContent {
		add(p.Type, p.Text)
	}
	for _, p := range m.AssistantGenMultiContent {
		add(p.Type, p.Text)
	}
	for _, p := range m.MultiContent {
		add(p.Type, p.Text)
	}
	return strings.Join(parts, "\n\n")
}

// setText makes text the whole text of a summary message, in the field
// the middleware put it in (v0.8.1 moves it to UserInputMultiContent).
func setText(m adk.Message, text string) {
	if len(m.UserInputMultiContent) > 0 {
		m.Content = ""
		m.UserInputMultiContent = []schema.MessageInputPart{{Type: schema.ChatMessagePartTypeText, Text: text}}
		return
	}
	m.Content = text
}

// summaryID names a proposed summary after what it covers and says: a
// refused one is never written, so proposing it again reuses the id.
func summaryID(covers []string, text string) string {
	h := sha256.New()
	for _, c := range covers {
		h.Write([]byte(c + "\x00"))
	}
	h.Write([]byte(text))
	return "eino-summary-" + hex.EncodeToString(h.Sum(nil)[:8])
}

// inLive keeps the ids that are in the live view, in order.
func inLive(ids, live []string) []string {
	in := make(map[string]bool, len(live))
	for _, id := range live {
		in[id] = true
	}
	out := ids[:0:0]
	for _, id := range ids {
		if in[id] {
			out = append(out, id)
		}
	}
	return out
}
