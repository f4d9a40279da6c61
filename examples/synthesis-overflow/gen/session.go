package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/tiktoken-go/tokenizer"

	"github.com/compactguard/compactguard/plugins/policy-phase/phase"
	"github.com/compactguard/compactguard/sdk"
)

// The fixed PCG seed of the session.
const (
	seed1 = 0x5160d801770708b9
	seed2 = 0x0000000000000002
)

// DemoCredential is the budget authority's credential in this example; its
// sha256 is in policies.hcl. It is a demo value, printed in the README.
const DemoCredential = "demo-budget-admin-7f3a"

// classifierWindow is the policy-phase plugin's default window, used to
// check that every phase signal of the session says what the README says.
const classifierWindow = phase.DefaultWindow

// synthesizeMoreHCL is the naive controller's "retain more" retry.
const synthesizeMoreHCL = `policy "synthesize_more" {
  top_k = 60
  category "file_reads" {
    match = span.kind == "tool_result" && (span.meta.tool == "read" || span.meta.tool == "grep")
    cap   = 30000
    score = span.recency
  }
  category "test_output" {
    match = span.kind == "tool_result" && span.meta.tool == "bash"
    cap   = 30000
    score = max(span.recency, 0.5)
  }
  category "edits" {
    match = span.meta.tool == "edit"
    cap   = 30000
    score = span.recency
  }
  category "notes" {
    match = span.kind == "assistant" || span.kind == "reasoning" || span.kind == "user"
    cap   = 30000
    score = span.recency
  }
}
`

// synthesizeRoomyHCL is a policy plugin's attempt to raise its own budget.
const synthesizeRoomyHCL = `policy "synthesize_roomy" {
  top_k  = 40
  budget = 64000
  category "file_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 20000
    score = span.recency
  }
  category "test_failures" {
    match = span.kind == "tool_result" && span.meta.tool == "bash" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 20000
    score = max(span.recency, 0.5)
  }
  category "edits" {
    match = span.kind == "tool_call" && span.meta.tool == "edit"
    cap   = 20000
    score = span.recency
  }
  category "plan_notes" {
    match = span.kind == "assistant" || span.kind == "reasoning"
    cap   = 20000
    score = span.recency
  }
}
`

// event is one line of session.jsonl (DESIGN.md "Session JSONL"). Field
// order is the JSON order; meta keys are sorted by encoding/json.
type event struct {
	Type       string            `json:"type"`
	ID         string            `json:"id,omitempty"`
	Kind       string            `json:"kind,omitempty"`
	Text       string            `json:"text,omitempty"`
	Meta       map[string]string `json:"meta,omitempty"`
	Covers     []string          `json:"covers,omitempty"`
	Summary    *string           `json:"summary,omitempty"`
	Policy     string            `json:"policy,omitempty"`
	PolicyHCL  string            `json:"policy_hcl,omitempty"`
	Signal     string            `json:"signal,omitempty"`
	Tokens     int               `json:"tokens,omitempty"`
	Authority  string            `json:"authority,omitempty"`
	Credential string            `json:"credential,omitempty"`
}

// checkpoint is the state of the session at a non-span event: what the
// README says about it is checked against this.
type checkpoint struct {
	Line     int // 1-based line in session.jsonl
	Event    event
	Turn     int
	Spans    int // spans in the live view
	Live     int // live tokens
	Scores   phase.Scores
	Worst    map[string]int
	Figures  map[string][]catFigure
	Expected string // the decision the README expects
}

// session is the generated session.
type session struct {
	jsonl       []byte
	checkpoints []checkpoint
	turns       int
	spans       int
}

// builder appends events and tracks the live view.
type builder struct {
	w       *writer
	lines   [][]byte
	spans   []span
	covered map[string]bool
	turn    int
	nextID  int
	files   map[string]string
	signals int
	checks  []checkpoint
	err     error
}

func generate() (*session, error) {
	codec, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		return nil, fmt.Errorf("loading o200k_base: %w", err)
	}
	count := func(s string) int {
		n, err := codec.Count(s)
		if err != nil {
			panic(err) // o200k_base encodes any UTF-8 text
		}
		return n
	}
	b := &builder{
		w:       &writer{rng: rand.New(rand.NewPCG(seed1, seed2)), tok: count},
		covered: map[string]bool{},
		files:   map[string]string{},
	}
	b.script()
	if b.err != nil {
		return nil, b.err
	}
	return &session{jsonl: bytes.Join(append(b.lines, nil), []byte("\n")), checkpoints: b.checks, turns: b.turn, spans: len(b.spans)}, nil
}

func (b *builder) emit(e event) {
	line, err := json.Marshal(e)
	if err != nil && b.err == nil {
		b.err = err
	}
	b.lines = append(b.lines, line)
}

func (b *builder) add(kind, text string, meta map[string]string) string {
	if text == "" {
		// A span must carry text; a command that printed nothing says so.
		text = "(no output)"
	}
	b.nextID++
	id := fmt.Sprintf("s%d", b.nextID)
	b.spans = append(b.spans, span{ID: id, Kind: kind, Text: text, Meta: meta, Tokens: b.w.tok(text), Turn: b.turn})
	b.emit(event{Type: "span", ID: id, Kind: kind, Text: text, Meta: meta})
	return id
}

// view is the live view: ledger order, covered spans left out (the
// session's only compaction is summary-less, so no summary is added).
func (b *builder) view() []span {
	var v []span
	for _, s := range b.spans {
		if !b.covered[s.ID] {
			v = append(v, s)
		}
	}
	return v
}

func sdkView(v []span) []sdk.Span {
	out := make([]sdk.Span, len(v))
	for i, s := range v {
		out[i] = sdk.Span{ID: s.ID, Kind: s.Kind, Text: s.Text, Meta: s.Meta, Tokens: s.Tokens, Turn: s.Turn}
	}
	return out
}

// checkpoint records the view's scores and worst cases at a non-span event.
func (b *builder) checkpoint(e event, expected string) {
	v := b.view()
	c := checkpoint{Line: len(b.lines) + 1, Event: e, Turn: b.turn, Spans: len(v), Expected: expected,
		Worst: map[string]int{}, Figures: map[string][]catFigure{}}
	for _, s := range v {
		c.Live += s.Tokens
	}
	c.Scores = phase.New(classifierWindow).Classify(sdkView(v))
	for name, p := range policies() {
		c.Worst[name], c.Figures[name] = p.worstCase(v)
	}
	b.checks = append(b.checks, c)
	b.emit(e)
}

// --- agent actions ---------------------------------------------------------

func (b *builder) next()                 { b.turn++ }
func (b *builder) think(text string)     { b.add("reasoning", text, nil) }
func (b *builder) say(text string)       { b.add("assistant", text, nil) }
func (b *builder) user(text string)      { b.add("user", text, nil) }
func (b *builder) system(text string)    { b.add("system", text, nil) }
func (b *builder) hasFile(p string) bool { _, ok := b.files[p]; return ok }

func (b *builder) read(path string, target int) {
	if !b.hasFile(path) {
		b.files[path] = b.w.goFile(path, target)
	}
	meta := map[string]string{"tool": "read", "path": path}
	b.add("tool_call", "read "+path, meta)
	b.add("tool_result", b.files[path], meta)
}

func (b *builder) grep(pattern string, paths []string) {
	b.add("tool_call", fmt.Sprintf("grep -rn %q --include=*.go .", pattern), map[string]string{"tool": "grep"})
	var out strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&out, "./%s:%d:\t%s\n", p, 10+b.w.rng.IntN(200), grepLine(pattern, b.w))
	}
	b.add("tool_result", out.String(), map[string]string{"tool": "grep"})
}

func grepLine(pattern string, w *writer) string {
	return w.pick([]string{
		"st := " + pattern + "\n",
		"if err := " + pattern + ".SaveInvoice(ctx, tx, inv); err != nil {",
		"return " + pattern + ".Get(ctx, id)",
		"// " + pattern + " is set once by cmd/invoiced at start-up.",
		pattern + ".mu.Lock()",
	})
}

// edit rewrites whole functions of path (the file must have been read):
// the call carries the old and new text, the result a one-line receipt.
func (b *builder) edit(path string, funcs int) {
	content := b.files[path]
	blocks := strings.SplitAfter(content, "\n}\n\n")
	if len(blocks) < 3 {
		b.err = fmt.Errorf("edit %s: file too small", path)
		return
	}
	start := 1 + b.w.rng.IntN(max(1, len(blocks)-1-funcs))
	end := min(start+funcs, len(blocks)-1)
	old := strings.Join(blocks[start:end], "")
	repl := strings.NewReplacer(".db.QueryRowContext(", ".store.DB().QueryRowContext(",
		".db.QueryContext(", ".store.DB().QueryContext(", ".mu.Lock()", ".lock()",
		"defer rows.Close()", "defer closeRows(rows)", "return nil, ErrNotFound", "return nil, store.ErrNotFound",
		"if err := ", "if err := s.checkOpen(); err != nil {\n\t\treturn err\n\t}\n\tif err := ")
	neu := "// It works on the Service's own store; nothing here reaches for the package globals.\n" + repl.Replace(old)
	b.files[path] = strings.Replace(content, old, neu, 1)
	meta := map[string]string{"tool": "edit", "path": path}
	b.add("tool_call", fmt.Sprintf("edit %s\nold_string:\n%s\nnew_string:\n%s", path, old, neu), meta)
	b.add("tool_result", "The file "+path+" has been updated.", meta)
}

// smallEdit changes one line of path (reading it first if the agent never
// has): the small follow-up edits of a refactor.
func (b *builder) smallEdit(path string) {
	if !b.hasFile(path) {
		b.read(path, 500)
	}
	content := b.files[path]
	lines := strings.Split(content, "\n")
	var candidates []int
	for i, l := range lines {
		if strings.HasPrefix(l, "\t") && !strings.Contains(l, "// edited") && len(l) > 12 {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) == 0 {
		b.err = fmt.Errorf("small edit %s: no line to change", path)
		return
	}
	i := candidates[b.w.rng.IntN(len(candidates))]
	old := lines[i]
	neu := old + " // edited: goes through the Service"
	lines[i] = neu
	b.files[path] = strings.Join(lines, "\n")
	meta := map[string]string{"tool": "edit", "path": path}
	b.add("tool_call", fmt.Sprintf("edit %s\nold_string:\n%s\nnew_string:\n%s", path, old, neu), meta)
	b.add("tool_result", "The file "+path+" has been updated.", meta)
}

func (b *builder) bash(cmd, out, exit string) {
	b.add("tool_call", cmd, map[string]string{"tool": "bash", "command": cmd})
	b.add("tool_result", out, map[string]string{"tool": "bash", "command": cmd, "exit_code": exit})
}

func (b *builder) phaseSignal(expected string) {
	b.signals++
	b.checkpoint(event{Type: "phase_signal"}, expected)
}

func (b *builder) policyEdit(name, hcl, signal, expected string) {
	b.checkpoint(event{Type: "policy_edit", Policy: name, PolicyHCL: hcl, Signal: signal}, expected)
}

func (b *builder) budget(tokens int, credential, expected string) {
	b.checkpoint(event{Type: "budget", Tokens: tokens, Authority: "budget-admin", Credential: credential}, expected)
}

func (b *builder) compact(covers []string, expected string) {
	empty := ""
	for _, id := range covers {
		b.covered[id] = true
	}
	// The checkpoint is taken after the compaction: it records the view the
	// next phase signal reads.
	b.checkpoint(event{Type: "compaction", Covers: covers, Summary: &empty}, expected)
}

// --- report ------------------------------------------------------------------

func (s *session) report() string {
	var out strings.Builder
	fmt.Fprintf(&out, "session: %d turns, %d spans, %d lines\n", s.turns, s.spans, bytes.Count(s.jsonl, []byte("\n")))
	for _, c := range s.checkpoints {
		fmt.Fprintf(&out, "\nline %d (turn %d) %s", c.Line, c.Turn, c.Event.Type)
		if c.Event.Policy != "" {
			fmt.Fprintf(&out, " policy=%s", c.Event.Policy)
		}
		if c.Event.PolicyHCL != "" {
			fmt.Fprintf(&out, " policy_hcl=%s", strings.Fields(c.Event.PolicyHCL)[1])
		}
		if c.Event.Signal != "" {
			fmt.Fprintf(&out, " signal=%s", c.Event.Signal)
		}
		if c.Event.Credential != "" {
			fmt.Fprintf(&out, " credential=%s", c.Event.Credential)
		}
		fmt.Fprintf(&out, " -> expected %s\n", c.Expected)
		fmt.Fprintf(&out, "  view: %d spans, %d live tokens; scores: exploration %.3f synthesis %.3f verification %.3f repair %.3f\n",
			c.Spans, c.Live, c.Scores.Exploration, c.Scores.Synthesis, c.Scores.Verification, c.Scores.Repair)
		names := make([]string, 0, len(c.Worst))
		for n := range c.Worst {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&out, "  %-17s worst %6d:", n, c.Worst[n])
			for _, f := range c.Figures[n] {
				fmt.Fprintf(&out, " %s=%d(%d spans, top_k %d, cap %d)", f.Name, f.Counts, f.Matched, f.TopK, f.Cap)
			}
			out.WriteString("\n")
		}
	}
	return out.String()
}
