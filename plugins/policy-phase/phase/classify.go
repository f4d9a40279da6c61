package phase

import (
	"math"
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

// The four phases the classifier knows, by their canonical names. A phase
// table in policies.hcl names its phases with these (or an alias accepted by
// Canonical).
const (
	Exploration  = "exploration"
	Synthesis    = "synthesis"
	Verification = "verification"
	Repair       = "repair"
)

// Names lists the canonical phase names in a fixed order; every loop over
// phases uses it so that no result depends on map iteration order.
func Names() []string {
	return []string{Exploration, Synthesis, Verification, Repair}
}

// DefaultWindow is the number of most recent spans the classifier reads when
// none is configured.
const DefaultWindow = 30

// Canonical maps a phase name from a phase table to the classifier's
// canonical name. It accepts the canonical names and a few common aliases
// (case-insensitive); ok is false for a name the classifier cannot score.
func Canonical(name string) (canonical string, ok bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "exploration", "explore", "exploring", "research":
		return Exploration, true
	case "synthesis", "synthesize", "implementation", "implement":
		return Synthesis, true
	case "verification", "verify", "testing", "test":
		return Verification, true
	case "repair", "fix", "fixing", "debug", "debugging":
		return Repair, true
	}
	return "", false
}

// Weights are the coefficients that turn Features into per-phase evidence.
// They are fixed (not configurable) so that a frozen signal can be explained
// from the view alone; DefaultWeights documents the values in use.
type Weights struct {
	// Read weighs each read or search span (tool_call or tool_result) toward
	// exploration.
	Read float64
	// Edit weighs each edit span toward synthesis, or toward repair in
	// proportion to the failure pressure of the window.
	Edit float64
	// InformedEdit adds synthesis evidence for an edit of a path the view
	// read earlier: editing after reading is the mark of synthesis.
	InformedEdit float64
	// TestRun weighs each test command toward verification (or repair,
	// split by failure pressure).
	TestRun float64
	// TestPass weighs each passing test result toward verification.
	TestPass float64
	// TestFail weighs each failing test result toward repair.
	TestFail float64
	// Check weighs build, vet and lint results: passing toward
	// verification, failing toward repair.
	Check float64
	// Cue weighs each span whose prose carries a phase cue ("let me look",
	// "now I'll implement", "all tests pass", "fix") toward that phase.
	Cue float64
	// Prior is evidence for exploration every view starts with, so an empty
	// view (a session that has just begun) is exploration.
	Prior float64
}

// DefaultWeights returns the weights the reference plugin uses.
func DefaultWeights() Weights {
	return Weights{
		Read:         1.0,
		Edit:         1.0,
		InformedEdit: 0.5,
		TestRun:      0.5,
		TestPass:     1.0,
		TestFail:     1.5,
		Check:        0.5,
		Cue:          0.6,
		Prior:        0.05,
	}
}

// Features are the recency-weighted counts read from a view's window. Each
// field is a sum of span weights 0.5^(age/halfLife), so a span at the end
// of the view counts 1 and older spans count less.
type Features struct {
	// Spans is the number of spans in the window.
	Spans int
	// Reads counts read and search spans, and bash calls of read-only
	// commands (cat, grep, ls, find, git log...).
	Reads float64
	// Edits counts edit and write spans.
	Edits float64
	// InformedEdits counts edit spans whose path was read earlier in the
	// view (anywhere in the view, not only the window).
	InformedEdits float64
	// TestRuns counts tool calls that run a test command.
	TestRuns float64
	// TestPasses counts results of test commands that passed.
	TestPasses float64
	// TestFailures counts results of test commands that failed: exit_code
	// other than "0", or, without an exit code, output with "FAIL",
	// "--- FAIL", "failed" or "panic:".
	TestFailures float64
	// ChecksPassed and ChecksFailed count results of build, vet and lint
	// commands.
	ChecksPassed float64
	ChecksFailed float64
	// Cues counts spans of prose (user, assistant, reasoning, summary)
	// carrying a cue of each phase, indexed like Names().
	Cues [4]float64
}

// FailurePressure is the weighted share of failing test results among all
// test results in the window, 0 when the window ran no tests. It splits edit
// and test-run evidence between synthesis/verification and repair.
func (f Features) FailurePressure() float64 {
	total := f.TestFailures + f.TestPasses
	if total == 0 {
		return 0
	}
	return f.TestFailures / total
}

// Scores is a phase signal: a score in [0,1] per canonical phase. The four
// scores sum to 1 (they are shares of the weighted evidence).
type Scores struct {
	Exploration  float64 `json:"exploration"`
	Synthesis    float64 `json:"synthesis"`
	Verification float64 `json:"verification"`
	Repair       float64 `json:"repair"`
}

// Get returns the score of a phase named by its canonical name or an alias;
// ok is false for a name the classifier does not know.
func (s Scores) Get(name string) (score float64, ok bool) {
	c, ok := Canonical(name)
	if !ok {
		return 0, false
	}
	switch c {
	case Exploration:
		return s.Exploration, true
	case Synthesis:
		return s.Synthesis, true
	case Verification:
		return s.Verification, true
	default:
		return s.Repair, true
	}
}

// Top returns the canonical name of the highest-scoring phase; ties go to
// the phase earlier in Names().
func (s Scores) Top() string {
	best, bestScore := Exploration, -1.0
	for _, n := range Names() {
		v, _ := s.Get(n)
		if v > bestScore {
			best, bestScore = n, v
		}
	}
	return best
}

// Classifier computes phase signals. The zero value is not useful; use New.
// A Classifier is immutable and safe for concurrent use.
type Classifier struct {
	window   int
	halfLife float64
	weights  Weights
}

// New returns a classifier reading the last window spans of a view (window
// <= 0 means DefaultWindow), with a half-life of window/3 spans and
// DefaultWeights.
func New(window int) *Classifier {
	if window <= 0 {
		window = DefaultWindow
	}
	return &Classifier{window: window, halfLife: float64(window) / 3, weights: DefaultWeights()}
}

// Window returns the number of most recent spans the classifier reads.
func (c *Classifier) Window() int { return c.window }

// Classify returns the phase scores of view.
func (c *Classifier) Classify(view []sdk.Span) Scores {
	return c.Score(c.Features(view))
}

// Score turns features into scores. Each phase's evidence is
//
//	exploration  = Read·Reads + Cue·Cues[exploration] + Prior
//	synthesis    = Edit·Edits·(1-φ) + InformedEdit·InformedEdits + Cue·Cues[synthesis]
//	verification = TestPass·TestPasses + TestRun·TestRuns·(1-φ) + Check·ChecksPassed + Cue·Cues[verification]
//	repair       = TestFail·TestFailures + Edit·Edits·φ + TestRun·TestRuns·φ + Check·ChecksFailed + Cue·Cues[repair]
//
// with φ = FailurePressure(), and each score is that phase's share of the
// total evidence.
func (c *Classifier) Score(f Features) Scores {
	w := c.weights
	phi := f.FailurePressure()
	exp := w.Read*f.Reads + w.Cue*f.Cues[0] + w.Prior
	syn := w.Edit*f.Edits*(1-phi) + w.InformedEdit*f.InformedEdits + w.Cue*f.Cues[1]
	ver := w.TestPass*f.TestPasses + w.TestRun*f.TestRuns*(1-phi) + w.Check*f.ChecksPassed + w.Cue*f.Cues[2]
	rep := w.TestFail*f.TestFailures + w.Edit*f.Edits*phi + w.TestRun*f.TestRuns*phi + w.Check*f.ChecksFailed + w.Cue*f.Cues[3]
	total := exp + syn + ver + rep
	return Scores{
		Exploration:  clamp01(exp / total),
		Synthesis:    clamp01(syn / total),
		Verification: clamp01(ver / total),
		Repair:       clamp01(rep / total),
	}
}

// Features reads the window of view. Spans are visited in view order; the
// result depends only on the spans' kind, text and meta.
func (c *Classifier) Features(view []sdk.Span) Features {
	var f Features
	start := max(len(view)-c.window, 0)
	// Paths read and the last tool command are tracked over the whole view:
	// an edit at the start of the window may follow a read before it.
	read := make(map[string]bool)
	lastCall := commandOther
	for i, s := range view {
		inWindow := i >= start
		age := float64(len(view) - 1 - i)
		wt := math.Pow(0.5, age/c.halfLife)
		if inWindow {
			f.Spans++
		}
		tool := strings.ToLower(s.Meta["tool"])
		switch {
		case s.Kind == "tool_call" || s.Kind == "tool_result":
			cls := classifyTool(s, tool, lastCall)
			if s.Kind == "tool_call" {
				lastCall = cls
			}
			if inWindow {
				f.add(s, cls, wt, read)
			}
			if cls == commandRead {
				if p := s.Meta["path"]; p != "" {
					read[p] = true
				}
			}
		case isProse(s.Kind):
			if inWindow {
				text := strings.ToLower(s.Text)
				for p, cues := range cueTable() {
					if containsAny(text, cues) {
						f.Cues[p] += wt
					}
				}
			}
		}
	}
	return f
}

// add counts one tool span of class cls with weight wt.
func (f *Features) add(s sdk.Span, cls command, wt float64, read map[string]bool) {
	switch cls {
	case commandRead:
		f.Reads += wt
	case commandEdit:
		f.Edits += wt
		if p := s.Meta["path"]; p != "" && read[p] {
			f.InformedEdits += wt
		}
	case commandTest:
		if s.Kind == "tool_call" {
			f.TestRuns += wt
		} else if failed(s) {
			f.TestFailures += wt
		} else {
			f.TestPasses += wt
		}
	case commandCheck:
		if s.Kind == "tool_result" {
			if failed(s) {
				f.ChecksFailed += wt
			} else {
				f.ChecksPassed += wt
			}
		}
	}
}

// command classifies a tool span.
type command int

const (
	commandOther command = iota
	commandRead
	commandEdit
	commandTest
	commandCheck
)

// classifyTool classifies a tool span from meta.tool and, for shell tools,
// the command line (meta.command, or the call's text). A tool_result of a
// shell tool without its own command inherits the class of the call before
// it (lastCall).
func classifyTool(s sdk.Span, tool string, lastCall command) command {
	switch tool {
	case "read", "view", "cat", "open", "read_file", "open_file",
		"grep", "search", "glob", "find", "ls", "rg", "list", "codesearch", "list_dir":
		return commandRead
	case "edit", "write", "patch", "apply_patch", "create", "multiedit", "str_replace",
		"write_file", "replace":
		return commandEdit
	case "bash", "shell", "sh", "exec", "run", "terminal", "":
		line := s.Meta["command"]
		if line == "" && s.Kind == "tool_call" {
			line = s.Text
		}
		if line == "" {
			if s.Kind == "tool_result" {
				return lastCall
			}
			return commandOther
		}
		return classifyCommand(strings.ToLower(line))
	}
	return commandOther
}

// classifyCommand classifies a lower-cased shell command line. Test runners
// win over checks, checks over read-only commands.
func classifyCommand(line string) command {
	switch {
	case containsAny(line, []string{"go test", "pytest", "npm test", "npm run test", "yarn test",
		"pnpm test", "cargo test", "make test", "tox", "jest", "mvn test", "gradle test",
		"unittest", "rspec", "ctest"}):
		return commandTest
	case containsAny(line, []string{"go build", "go vet", "golangci-lint", "staticcheck", "make",
		"tsc", "mypy", "ruff", "flake8", "cargo build", "cargo check", "gofmt", "eslint"}):
		return commandCheck
	case hasCommandPrefix(line, []string{"cat ", "grep ", "rg ", "ls", "find ", "head ", "tail ",
		"sed -n", "git log", "git show", "git grep", "git diff", "tree", "wc "}):
		return commandRead
	}
	return commandOther
}

// failed reports whether a test or check result failed: a non-zero exit
// code decides; without one, failure markers in the output do.
func failed(s sdk.Span) bool {
	if code, ok := s.Meta["exit_code"]; ok && code != "" {
		return strings.TrimSpace(code) != "0"
	}
	if strings.Contains(s.Text, "--- FAIL") || strings.Contains(s.Text, "FAIL") ||
		strings.Contains(s.Text, "panic:") {
		return true
	}
	return strings.Contains(strings.ToLower(s.Text), "failed")
}

// isProse reports whether a span kind carries the agent's or user's words.
func isProse(kind string) bool {
	switch kind {
	case "user", "assistant", "reasoning", "summary":
		return true
	}
	return false
}

// cueTable returns the prose cues of each phase, indexed like Names(). It is
// a function, not a package variable, so nothing can mutate it.
func cueTable() [4][]string {
	return [4][]string{
		{"let me look", "let me check", "let me find", "let me search", "let me read",
			"let me explore", "where is", "how does", "i need to understand", "looking at",
			"explore", "search for"},
		{"plan", "now i'll implement", "now i will implement", "i'll implement", "let me implement",
			"let me write", "i'll write", "refactor", "implement", "i'll add", "let me add",
			"let me update", "i'll update", "rename", "move "},
		{"all tests pass", "tests pass", "let me run the tests", "run the test", "verify",
			"double-check", "confirm", "passing", "green"},
		{"fix", "failing", "fails", "failure", "error", "broke", "regression", "bug", "panic"},
	}
}

// containsAny reports whether s contains any of subs.
func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// hasCommandPrefix reports whether line starts with any of prefixes, after
// leading whitespace and an optional "cd DIR &&".
func hasCommandPrefix(line string, prefixes []string) bool {
	line = strings.TrimSpace(line)
	if i := strings.Index(line, "&&"); strings.HasPrefix(line, "cd ") && i >= 0 {
		line = strings.TrimSpace(line[i+2:])
	}
	for _, p := range prefixes {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

func clamp01(v float64) float64 {
	switch {
	case math.IsNaN(v) || v < 0:
		return 0
	case v > 1:
		return 1
	}
	return v
}
