package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/replay"
	"github.com/compactguard/compactguard/host/report"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
)

func runReplay(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "replay", "replay [-config FILE] [--json | --brief] [--format native|claude-code|codex|openai|auto] SESSION...")
	cfgPath := configFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON decision per line instead of the report")
	brief := fs.Bool("brief", false, "a short report: one line per decision; a refusal adds its message, its first lost items and its warnings")
	format := fs.String("format", formatNative, "input `FORMAT`:\n"+
		"  native       compactguard session JSONL (DESIGN.md \"Session JSONL\")\n"+
		"  claude-code  a Claude Code transcript (~/.claude/projects/*/*.jsonl); each\n"+
		"               compact_boundary + isCompactSummary record is one compaction\n"+
		"  codex        a Codex CLI rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl); each\n"+
		"               compacted record is one compaction (one whose summary is encrypted,\n"+
		"               server-side with the OpenAI provider, is counted and not judged)\n"+
		"  openai       chat-completions messages: a JSON array, {\"messages\": [...]} or JSONL;\n"+
		"               a system message \"[compaction] SUMMARY\" (or \"[compaction self_score=X] SUMMARY\")\n"+
		"               is a compaction that replaced every earlier message\n"+
		"  auto         pick one of the above per file from its first record")
	persist := fs.Bool("persist", false, "record the sessions in the store policies.hcl configures (default: in memory)")
	htmlOut := fs.String("html", "", "also write a self-contained HTML report of every decision to `FILE`")
	// --keep-meta was the opt-in to judge isMeta records; they are now
	// imported by default, as harness or command_template spans. The flag
	// is accepted so that old scripts keep working.
	_ = fs.Bool("keep-meta", true, "accepted for old scripts: isMeta records (slash-command bodies, caveats) are now\nalways imported, as command_template or harness spans")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return &usageError{"no session file given"}
	}
	if !validFormat(*format) {
		return &usageError{fmt.Sprintf("unknown --format %q (native, claude-code, codex, openai, auto)", *format)}
	}
	// Read every file before starting anything: a bad file is refused
	// whole and nothing runs.
	type loaded struct {
		file     string
		events   []session.Event
		imported bool
	}
	var inputs []loaded
	for _, f := range files {
		events, imported, err := readSession(env, f, *format, session.ClaudeCodeOptions{})
		if err != nil {
			return err
		}
		inputs = append(inputs, loaded{f, events, imported})
	}
	// A replay is a rehearsal: it runs in memory unless asked to record
	// into the configured store (where a second replay of the same file
	// would find its session already there).
	opts := runtime.Options{Logger: env.reportLog()}
	if !*persist {
		opts.Store = ledger.NewMemory()
	}
	rt, err := runtime.Open(ctx, *cfgPath, opts)
	if err != nil {
		return err
	}
	defer rt.Close()
	enc := json.NewEncoder(env.stdout)
	used := map[string]int{}
	var results []*replay.Result
	for _, in := range inputs {
		id := strings.TrimSuffix(filepath.Base(in.file), filepath.Ext(in.file))
		if used[id]++; used[id] > 1 {
			id = fmt.Sprintf("%s-%d", id, used[id])
		}
		// An imported chain of compactions covers the previous summary;
		// when the guard refuses one, later ones cover its spans instead.
		// A native session says what it covers and is run as written.
		follow := func(*guard.Decision) {}
		if in.imported {
			follow = session.FollowRefusals(in.events)
		}
		onDecision := func(d *guard.Decision) {
			follow(d)
			if *asJSON {
				_ = enc.Encode(d)
			}
		}
		res, err := replay.Run(ctx, rt.Guard, "replay", id, in.events, onDecision)
		if err != nil {
			return err
		}
		res.File = in.file
		switch {
		case *asJSON:
		case *brief:
			report.WriteReplayBrief(env.stdout, res)
		default:
			report.WriteReplay(env.stdout, res)
		}
		results = append(results, res)
	}
	if *htmlOut != "" {
		return writeHTMLReport(*htmlOut, results, rt.Config.Gate.GapWarning, strings.Join(files, " "))
	}
	return nil
}

// writeHTMLReport writes replay's --html page.
func writeHTMLReport(path string, results []*replay.Result, gapWarning float64, source string) error {
	var buf bytes.Buffer
	if err := report.WriteHTML(&buf, results, report.HTMLOptions{Source: "compactguard replay " + source, GapWarning: gapWarning}); err != nil {
		return fmt.Errorf("rendering the HTML report: %w", err)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// Input formats of replay.
const (
	formatNative     = "native"
	formatClaudeCode = "claude-code"
	formatCodex      = "codex"
	formatOpenAI     = "openai"
	formatAuto       = "auto"
)

func validFormat(f string) bool {
	switch f {
	case formatNative, formatClaudeCode, formatCodex, formatOpenAI, formatAuto:
		return true
	}
	return false
}

// readSession reads one input file in format and says whether it was
// imported from another tool's transcript; an imported file gets a short
// summary on stderr saying what was kept and what was skipped.
func readSession(env *cliEnv, path, format string, cc session.ClaudeCodeOptions) (events []session.Event, imported bool, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	if format == formatAuto {
		format = detectFormat(data)
	}
	var stats session.ImportStats
	switch format {
	case formatClaudeCode:
		events, stats, err = session.ImportClaudeCodeWith(bytes.NewReader(data), path, cc)
	case formatCodex:
		events, stats, err = session.ImportCodex(bytes.NewReader(data), path)
	case formatOpenAI:
		events, stats, err = session.ImportOpenAI(bytes.NewReader(data), path)
	default:
		events, err = session.Parse(bytes.NewReader(data), path)
		if err != nil {
			if guess := detectFormat(data); guess != formatNative {
				err = fmt.Errorf("%w\n%s looks like a %s transcript: use --format %s (or --format auto)", err, path, guess, guess)
			}
		}
		return events, false, err
	}
	if err != nil {
		return nil, true, fmt.Errorf("importing %s as %s:\n%w", path, format, err)
	}
	fmt.Fprintf(env.stderr, "%s: %s import: %s\n", path, format, stats)
	for _, w := range stats.Warnings {
		fmt.Fprintf(env.stderr, "warning: %s\n", w)
	}
	if len(events) == 0 {
		return nil, true, fmt.Errorf("%s: nothing to replay: the %s import found no spans (is it the right --format?)", path, format)
	}
	return events, true, nil
}

// detectFormat guesses a file's format from its first JSON value.
func detectFormat(data []byte) string {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		return formatOpenAI
	}
	var first struct {
		Type       string          `json:"type"`
		Role       *string         `json:"role"`
		Messages   json.RawMessage `json:"messages"`
		SessionID  *string         `json:"sessionId"`
		ParentUUID json.RawMessage `json:"parentUuid"`
		Payload    json.RawMessage `json:"payload"`
		// The first line of an older Codex rollout: {"id", "timestamp", "instructions"}.
		ID        json.RawMessage `json:"id"`
		Timestamp json.RawMessage `json:"timestamp"`
	}
	// Decode the first value whole, whether it spans one line or many.
	if json.NewDecoder(bytes.NewReader(trimmed)).Decode(&first) != nil {
		return formatNative
	}
	switch {
	case first.SessionID != nil || first.ParentUUID != nil:
		return formatClaudeCode
	case first.Role != nil || first.Messages != nil:
		return formatOpenAI
	case first.Payload != nil:
		switch first.Type {
		case "session_meta", "response_item", "event_msg", "turn_context", "compacted":
			return formatCodex
		}
	case first.Type == "" && first.ID != nil && first.Timestamp != nil:
		return formatCodex
	}
	switch first.Type {
	case "user", "assistant", "summary", "file-history-snapshot", "progress", "queue-operation":
		return formatClaudeCode
	}
	return formatNative
}
