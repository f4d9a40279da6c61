// Command orchestrator-go is an agent loop that asks compactguard before
// every compaction, through the Go client (package client).
//
// A scripted, deterministic "model" works the orders migration of
// examples/migration-drop-table: the user gives instructions (a
// prohibition, a numeric commitment, named hosts), the agent calls tools
// and reasons. Every span is pinned in compactguard (POST
// /v1/sessions/{id}/spans, in small batches). When the agent's own
// estimate of its context passes a threshold it writes a summary and asks
// compactguard first (POST .../compactions). The first summary is careless:
// it drops "do not run DROP TABLE on legacy_orders", as in the recorded
// incident. compactguard refuses it; the agent appends the decision's
// repair block and asks again. Later summaries are faithful. At the end it
// prints the audit trail (GET .../decisions) and the constraints the agent
// must keep (GET .../items).
//
//	COMPACTGUARD_API_TOKEN=... go run ./examples/orchestrator-go -url http://127.0.0.1:7700
//
// Exit status: 0 when the run completed, 1 on any HTTP or connection error
// (a refusal is a decision, not an error), 2 on bad usage. The Python twin,
// standard library only, is examples/orchestrator-python/agent.py.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/compactguard/compactguard/client"
)

// Defaults of the flags.
const (
	DefaultURL       = "http://127.0.0.1:7700"
	DefaultTokenEnv  = "COMPACTGUARD_API_TOKEN"
	DefaultThreshold = 400
)

// batchSize is how many spans go in one append (and every compaction
// flushes first, so what it covers is pinned).
const batchSize = 3

// maxTries bounds the proposals of one compaction: the first and up to
// two repairs. Past it the agent keeps its full context.
const maxTries = 3

// Prohibition is the instruction the careless summary drops and the
// cleanup step looks for in the agent's context.
const Prohibition = "do not run DROP TABLE on legacy_orders"

// Options configure one run.
type Options struct {
	// URL is compactguard serve's base URL.
	URL string
	// Token is the tenant's bearer token.
	Token string
	// Session is the id of the session to create; empty lets the server
	// make one.
	Session string
	// Threshold is the estimated context size, in tokens, past which the
	// agent compacts.
	Threshold int
	// Client, if set, replaces the one built from URL and Token.
	Client *client.Client
}

// Result is what a run leaves behind, for tests and callers.
type Result struct {
	// Session is the session's id.
	Session string
	// Compactions counts compactions the agent started; Refusals the
	// proposals compactguard refused.
	Compactions, Refusals int
	// KeptProhibition says whether the cleanup step still found
	// Prohibition in the agent's context.
	KeptProhibition bool
	// Trail is the session's audit trail at the end.
	Trail *client.AuditTrail
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := realMain(ctx, os.Args[1:], os.LookupEnv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// realMain parses the flags, runs the loop and returns the exit status.
func realMain(ctx context.Context, args []string, lookupEnv func(string) (string, bool), stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("orchestrator-go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("url", DefaultURL, "compactguard serve's base `URL`")
	tokenEnv := fs.String("token-env", DefaultTokenEnv, "environment `VARIABLE` holding the tenant's bearer token")
	session := fs.String("session", "", "session `ID` to create (default: the server makes one)")
	threshold := fs.Int("threshold", DefaultThreshold, "compact when the estimated context passes this many `TOKENS`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "orchestrator-go: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	token, _ := lookupEnv(*tokenEnv)
	if token == "" {
		fmt.Fprintf(stderr, "orchestrator-go: set %s to the tenant's bearer token\n", *tokenEnv)
		return 2
	}
	if *threshold <= 0 {
		fmt.Fprintln(stderr, "orchestrator-go: -threshold must be positive")
		return 2
	}
	if _, err := Run(ctx, Options{URL: *url, Token: token, Session: *session, Threshold: *threshold}, stdout); err != nil {
		fmt.Fprintf(stderr, "orchestrator-go: %v\n", err)
		return 1
	}
	return 0
}

// step is one scripted span and what the model remembers of it.
type step struct {
	client.Span
	// Note is the model's one-sentence account of the span for a summary.
	Note string
	// Constraint marks a user instruction a faithful summary carries
	// verbatim.
	Constraint bool
	// Next is the plan from this point on.
	Next string
}

// Run creates a session and works the scripted task, printing progress
// lines to out. Any HTTP error ends the run with that error; refusals are
// decisions and never errors.
func Run(ctx context.Context, o Options, out io.Writer) (*Result, error) {
	if o.Threshold <= 0 {
		o.Threshold = DefaultThreshold
	}
	c := o.Client
	if c == nil {
		c = client.New(o.URL, o.Token)
	}
	a := &agent{c: c, threshold: o.Threshold, out: out}
	if err := a.run(ctx, o.Session); err != nil {
		return nil, err
	}
	return &a.res, nil
}

// agent is the loop's state: the live context as the agent sees it and
// the spans not yet pinned.
type agent struct {
	c         *client.Client
	threshold int
	out       io.Writer
	sid       string
	context   []step
	pending   []step
	res       Result
}

func (a *agent) say(format string, args ...any) {
	fmt.Fprintf(a.out, format+"\n", args...)
}

// estimate is the agent's own token estimate: about four bytes a token.
// The host counts exactly; the agent only needs to know when to compact.
func estimate(text string) int { return (len(text) + 3) / 4 }

func (a *agent) tokens() int {
	n := 0
	for _, s := range a.context {
		n += estimate(s.Text)
	}
	return n
}

func (a *agent) run(ctx context.Context, session string) error {
	st, err := a.c.CreateSession(ctx, session)
	if err != nil {
		return err
	}
	a.sid, a.res.Session = st.ID, st.ID
	a.say("session %s: budget %d tokens, policy %s, compaction threshold ~%d tokens", st.ID, st.Budget, st.Policy, a.threshold)
	for _, s := range work {
		if err := a.step(ctx, s); err != nil {
			return err
		}
	}
	if err := a.cleanup(ctx); err != nil {
		return err
	}
	if err := a.flush(ctx); err != nil {
		return err
	}
	return a.report(ctx)
}

// step adds one span to the context, pins the batch when it is full and
// compacts when the context passes the threshold.
func (a *agent) step(ctx context.Context, s step) error {
	a.context = append(a.context, s)
	a.pending = append(a.pending, s)
	if len(a.pending) >= batchSize {
		if err := a.flush(ctx); err != nil {
			return err
		}
	}
	if a.tokens() > a.threshold {
		return a.compact(ctx)
	}
	return nil
}

// flush pins the pending spans.
func (a *agent) flush(ctx context.Context) error {
	if len(a.pending) == 0 {
		return nil
	}
	spans := make([]client.Span, len(a.pending))
	ids := make([]string, len(a.pending))
	for i, s := range a.pending {
		spans[i], ids[i] = s.Span, s.ID
	}
	res, err := a.c.Append(ctx, a.sid, spans)
	if err != nil {
		return err
	}
	a.say("  pinned %s (%s): context ~%d tokens (host counts %d), %d items found",
		plural(len(spans), "span"), strings.Join(ids, ","), a.tokens(), res.LiveTokens, res.Items)
	a.pending = nil
	return nil
}

// summarize is the scripted model's summary of everything in context. A
// faithful summary carries every user constraint verbatim (and the
// constraint lines of earlier summaries); the careless one, like the
// incident's, tells the story of the work and keeps none of them.
func (a *agent) summarize(careless bool) string {
	var notes, constraints []string
	next := ""
	for _, s := range a.context {
		if s.Kind == "summary" {
			for _, line := range strings.Split(s.Text, "\n") {
				if rest, ok := strings.CutPrefix(line, "Work so far: "); ok {
					notes = append(notes, rest)
				} else if rest, ok := strings.CutPrefix(line, "Next: "); ok {
					next = rest
				} else if strings.HasPrefix(line, "- [") {
					constraints = append(constraints, line)
				}
			}
			continue
		}
		if s.Note != "" {
			notes = append(notes, s.Note)
		}
		if s.Constraint {
			constraints = append(constraints, fmt.Sprintf("- [%s] %s", s.ID, s.Text))
		}
		if s.Next != "" {
			next = s.Next
		}
	}
	text := "Work so far: " + strings.Join(notes, " ") + "\nNext: " + next
	if !careless && len(constraints) > 0 {
		text += "\nConstraints carried forward (verbatim):\n" + strings.Join(constraints, "\n")
	}
	return text
}

// compact pins what is pending, writes a summary of the context and
// proposes it. Allowed: the context becomes the system prompt and the
// summary. Refused: print why and what was lost, append the repair block
// and propose again; without a repair, keep the full context.
func (a *agent) compact(ctx context.Context) error {
	if err := a.flush(ctx); err != nil {
		return err
	}
	a.res.Compactions++
	n := a.res.Compactions
	// The system prompt stays; everything else is covered.
	var covers []string
	for _, s := range a.context {
		if s.Kind != "system" {
			covers = append(covers, s.ID)
		}
	}
	careless := n == 1
	summary := a.summarize(careless)
	selfScore := 0.9
	kind := "faithful"
	if careless {
		selfScore, kind = 0.91, "careless"
	}
	a.say("context ~%d tokens > %d: compaction %d of %d spans (%s summary, self score %.2f)",
		a.tokens(), a.threshold, n, len(covers), kind, selfScore)
	for try := 1; try <= maxTries; try++ {
		d, err := a.c.Compact(ctx, a.sid, client.CompactionRequest{
			ID: fmt.Sprintf("sum-%d", n), Covers: covers, Summary: summary, SelfScore: &selfScore,
			RequestID: fmt.Sprintf("%s-compaction-%d-try-%d", a.sid, n, try),
		})
		if err != nil {
			return err
		}
		if d.Allowed != nil && *d.Allowed {
			id := d.Summary
			if id == "" {
				id = fmt.Sprintf("sum-%d", n)
			}
			var keep []step
			for _, s := range a.context {
				if s.Kind == "system" {
					keep = append(keep, s)
				}
			}
			a.context = append(keep, step{Span: client.Span{ID: id, Kind: "summary", Text: summary}})
			host := "?"
			if d.LiveTokens != nil {
				host = fmt.Sprint(*d.LiveTokens)
			}
			a.say("  ALLOWED %s: anchored %s; context replaced by %s (~%d tokens, host counts %s)",
				d.Reason, num(d.AnchoredScore), id, a.tokens(), host)
			return nil
		}
		a.res.Refusals++
		for _, w := range d.Warnings {
			a.say("  warning: %s", w)
		}
		lost := 0
		for _, it := range d.Items {
			if it.Preserved != nil && !*it.Preserved {
				lost++
			}
		}
		a.say("  REFUSED %s: anchored %s vs self %s (gap %s); %d items lost",
			d.Reason, num(d.AnchoredScore), num(d.SelfScore), num(d.Gap), lost)
		for _, it := range d.Items {
			if it.Preserved != nil && !*it.Preserved {
				a.say("    lost %s [%s] %s", it.Category, it.Span, it.Text)
			}
		}
		if d.Repair == "" || try == maxTries {
			a.say("  keeping the full context: compactguard gave no repair that passes (%s)", d.Message)
			return nil
		}
		summary = strings.TrimRight(summary, "\n") + "\n\n" + d.Repair
		a.say("  repairing: appending the repair block (%d lines) and asking again", len(strings.Split(strings.TrimRight(d.Repair, "\n"), "\n")))
	}
	return nil
}

// cleanup is the step of the incident: with the prohibition still in
// context the agent revokes writes; without it, it would drop the table.
func (a *agent) cleanup(ctx context.Context) error {
	var text strings.Builder
	for _, s := range a.context {
		text.WriteString(s.Text)
		text.WriteByte('\n')
	}
	if !strings.Contains(text.String(), Prohibition) {
		a.say("cleanup: the context no longer forbids it; this agent would now run DROP TABLE legacy_orders")
		return nil
	}
	a.res.KeptProhibition = true
	a.say("cleanup: the context still says %q: revoking writes instead of dropping", Prohibition)
	for _, s := range cleanupKept {
		if err := a.step(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// report prints the audit trail and the constraints the agent must keep.
func (a *agent) report(ctx context.Context) error {
	trail, err := a.c.Decisions(ctx, a.sid)
	if err != nil {
		return err
	}
	a.res.Trail = trail
	chain := fmt.Sprintf("chain_ok=%t", trail.ChainOK)
	if trail.ChainError != "" {
		chain += " (" + trail.ChainError + ")"
	}
	a.say("audit trail: %d decisions, %s", len(trail.Decisions), chain)
	for _, rec := range trail.Decisions {
		var d client.Decision
		if err := json.Unmarshal(rec.Body, &d); err != nil {
			return fmt.Errorf("decoding decision %d of the audit trail: %w", rec.Seq, err)
		}
		verdict := ""
		switch {
		case d.Allowed != nil:
			verdict = map[bool]string{true: "allowed", false: "refused"}[*d.Allowed]
		case d.Accepted != nil:
			verdict = map[bool]string{true: "accepted", false: "rejected"}[*d.Accepted]
		}
		a.say("  #%d %s %s %s anchored %s self %s hash %.12s",
			rec.Seq, rec.Type, verdict, d.Reason, num(d.AnchoredScore), num(d.SelfScore), rec.Hash)
	}
	items, err := a.c.Items(ctx, a.sid)
	if err != nil {
		return err
	}
	// One line per sentence, with every category found in it.
	type sentence struct{ span, text string }
	var order []sentence
	cats := map[sentence][]string{}
	must := 0
	for _, it := range items.Items {
		if !it.MustKeep {
			continue
		}
		must++
		k := sentence{it.Span, it.Text}
		if _, ok := cats[k]; !ok {
			order = append(order, k)
		}
		if !contains(cats[k], it.Category) {
			cats[k] = append(cats[k], it.Category)
		}
	}
	a.say("constraints to keep: %s (%d must-keep items)", plural(len(order), "sentence"), must)
	for _, k := range order {
		a.say("  [%s] %s: %s", k.span, strings.Join(cats[k], "+"), k.text)
	}
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// num formats a score, or "-" when the decision has none.
func num(x *float64) string {
	if x == nil {
		return "-"
	}
	return fmt.Sprintf("%.2f", *x)
}
