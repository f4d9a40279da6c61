package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

// The hook tests run the real compactguard binary, built with the
// reference plugins beside it, the way Claude Code runs a command hook:
// one JSON event on stdin, from a working directory that is not the
// repository, with a PATH that does not hold the plugins.

// hookBinary builds compactguard and the reference plugins into one
// folder (once per test process) and returns the compactguard binary.
func hookBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the real binary and plugins")
	}
	dir := plugintest.Build(t, append([]string{"./cmd/compactguard"}, referencePlugins...)...)
	return filepath.Join(dir, "compactguard")
}

// hookHome is the per-user world one hook test runs in: its own state,
// config and home folders, and a working directory of its own.
type hookHome struct {
	root, state, config, home, cwd string
}

func newHookHome(t *testing.T) *hookHome {
	t.Helper()
	root := t.TempDir()
	h := &hookHome{root: root, state: filepath.Join(root, "state"), config: filepath.Join(root, "config"),
		home: filepath.Join(root, "home"), cwd: filepath.Join(root, "project")}
	for _, d := range []string{h.home, h.cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func (h *hookHome) env() []string {
	return []string{"PATH=/usr/bin:/bin", "HOME=" + h.home, "XDG_STATE_HOME=" + h.state, "XDG_CONFIG_HOME=" + h.config, "TMPDIR=" + os.TempDir()}
}

// storePath is where the built-in configuration records judgements.
func (h *hookHome) storePath() string { return filepath.Join(h.state, "compactguard", "hooks.db") }

type hookResult struct {
	code           int
	stdout, stderr string
}

// run runs argv (a binary and its arguments, or "sh", "-c", CMD) with the
// event on stdin.
func (h *hookHome) run(t *testing.T, stdin []byte, argv ...string) hookResult {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir, cmd.Env, cmd.Stdin = h.cwd, h.env(), bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("running %v: %v", argv, err)
	}
	return hookResult{code, out.String(), errb.String()}
}

// event is a hook input shaped as Claude Code sends it.
func event(name, sessionID, transcript string, extra map[string]any) []byte {
	ev := map[string]any{"session_id": sessionID, "transcript_path": transcript, "cwd": "/work/project", "hook_event_name": name}
	switch name {
	case "PreCompact":
		ev["trigger"], ev["custom_instructions"] = "auto", nil
	case "PostCompact":
		ev["trigger"] = "auto"
	case "SessionStart":
		ev["source"], ev["model"] = "compact", "claude-opus-4-6"
	}
	for k, v := range extra {
		ev[k] = v
	}
	b, _ := json.Marshal(ev)
	return b
}

// The transcript built by the tests: a migration where the person sets a
// prohibition, a downtime limit and a schema, and a tool prints
// rule-shaped text that is nobody's rule.
const (
	droppedRule    = "Do not run DROP TABLE on legacy_orders: finance still reads it."
	toolOutputRule = "never deploy on Fridays"
	summaryPrefix  = "This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n"
	summaryKept    = "Summary:\n1. The user is migrating the orders service to Postgres 16 and wants the downtime under 15 minutes.\n" +
		"2. The agent inspected legacy_orders (4.2M rows) and copies it in batches of 10,000 rows into the orders_v2 schema.\n"
)

// ccRecords are the records before the compaction.
func ccRecords(sessionID string) []map[string]any {
	rec := func(uuid, typ string, fields map[string]any) map[string]any {
		r := map[string]any{"parentUuid": nil, "isSidechain": false, "userType": "external", "cwd": "/work/project",
			"sessionId": sessionID, "version": "2.1.80", "type": typ, "uuid": uuid, "timestamp": "2026-03-01T10:00:00.000Z"}
		for k, v := range fields {
			r[k] = v
		}
		return r
	}
	msg := func(role string, content any) map[string]any {
		return map[string]any{"message": map[string]any{"role": role, "content": content}}
	}
	return []map[string]any{
		rec("u1", "user", msg("user", "We are migrating the orders service to Postgres 16. "+droppedRule+" Keep the downtime under 15 minutes.")),
		rec("a1", "assistant", msg("assistant", []any{
			map[string]any{"type": "text", "text": "Understood. I will inspect the schema first."},
			map[string]any{"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": map[string]any{"command": `psql -c '\d legacy_orders'`}},
		})),
		rec("u2", "user", msg("user", []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "is_error": false,
			"content": "Table legacy_orders: 4,210,332 rows\nWARNING: " + toolOutputRule + " (ops banner)\nDo not restart the replica during business hours."}})),
		rec("a2", "assistant", msg("assistant", "The table is large; I will copy it in batches of 10,000 rows.")),
		rec("u3", "user", msg("user", "Good. Use the orders_v2 schema for the new tables.")),
	}
}

// writeTranscript writes a Claude Code transcript: the records above and,
// when summary is not empty, a compact_boundary and the isCompactSummary
// record holding it, as Claude Code writes them.
func writeTranscript(t *testing.T, dir, sessionID, summary string) string {
	t.Helper()
	recs := ccRecords(sessionID)
	if summary != "" {
		recs = append(recs,
			map[string]any{"parentUuid": nil, "isSidechain": false, "type": "system", "subtype": "compact_boundary", "uuid": "b1",
				"sessionId": sessionID, "content": "Conversation compacted", "compactMetadata": map[string]any{"trigger": "auto", "preTokens": 150000}},
			map[string]any{"parentUuid": "b1", "isSidechain": false, "type": "user", "uuid": "s1", "sessionId": sessionID,
				"isCompactSummary": true, "isVisibleInTranscriptOnly": true,
				"message": map[string]any{"role": "user", "content": summaryPrefix + summary +
					"\nIf you need specific details from before compaction, read the full transcript at: /home/x/.claude/projects/p/" + sessionID + ".jsonl"}})
	}
	var b bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	path := filepath.Join(dir, sessionID+".jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// transcriptCase is one transcript the hook tests run over.
type transcriptCase struct {
	name string
	// path returns the transcript (and its session id), skipping the test
	// when it is not there.
	path func(t *testing.T, dir string) (file, sessionID string)
	// summary is the compact_summary PostCompact gets ("" for none).
	summary string
	// pins are texts the PreCompact list must hold; noPins: it must be empty.
	pins   []string
	noPins bool
	// lost are texts SessionStart must restore; none: it must print nothing.
	lost []string
	// refused: PostCompact must record a refusal.
	refused bool
	// noCompaction: the transcript was never compacted (PreCompact only).
	noCompaction bool
}

const sharedReal = "../shared/eval/real/raw/"

func sharedTranscript(rel, sessionID string) func(t *testing.T, dir string) (string, string) {
	return func(t *testing.T, dir string) (string, string) {
		p := repoPath(t, filepath.Join(sharedReal, rel))
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not found (../shared is not checked out beside the repository): skipped", p)
		}
		return p, sessionID
	}
}

func builtTranscript(sessionID, summary string) func(t *testing.T, dir string) (string, string) {
	return func(t *testing.T, dir string) (string, string) {
		return writeTranscript(t, dir, sessionID, summary), sessionID
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// lastSummary is the text of a transcript's last isCompactSummary record.
func lastSummary(t *testing.T, path string) string {
	t.Helper()
	events, _, err := session.ImportClaudeCode(mustOpen(t, path), path)
	if err != nil {
		t.Fatal(err)
	}
	k := lastCompaction(events)
	if k < 0 {
		t.Fatalf("%s holds no compaction", path)
	}
	return events[k].Compaction.Summary
}

func mustOpen(t *testing.T, path string) *bytes.Reader {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b)
}

func transcriptCases() []transcriptCase {
	return []transcriptCase{
		{name: "built: the summary drops a prohibition", path: builtTranscript("0b7f5e1c-drop", summaryKept),
			summary: summaryKept, pins: []string{droppedRule, "Keep the downtime under 15 minutes.", "Use the orders_v2 schema for the new tables."},
			lost: []string{droppedRule}, refused: true},
		{name: "built: the summary keeps everything", path: builtTranscript("0b7f5e1c-keep", summaryKept+"3. "+droppedRule+"\n"),
			summary: summaryKept + "3. " + droppedRule + "\n", pins: []string{droppedRule}},
		{name: "real: oh-my-posh, the summary drops a prohibition", path: sharedTranscript("JanDeDobbeleer+oh-my-posh/28/0a344253d3/0/full.jsonl", "6c0a282a-886f-458d-a426-93d95104b4a6"),
			pins: []string{"Do NOT run `npm run build`"}, lost: []string{"Do NOT run `npm run build`"}, refused: true},
		// The person says the new code "should then reuse the one from
		// today and not yesterday"; the summary says "reuse oldest date
		// prefix". The shared labels count it a loss (cli d7/c8f8341919,
		// line 150, altered), though no harm followed and the label's
		// verdict for the compaction is allow: what is pinned here is the
		// lost item the labels name, which the guard restores.
		{name: "real: entire cli, the summary turns today's file into the oldest", path: sharedTranscript("entireio+cli/d7/c8f8341919/0/full.jsonl", "08940314-0000-0000-0000-000000000000"),
			pins: []string{"reuse the one from today and not yesterday"}, lost: []string{"reuse the one from today and not yesterday"}, refused: true},
		// The person asks "using your skill?" (a queued message) and the
		// agent takes it on: "Good point - I should use the
		// systematic-debugging skill". The second compaction keeps only
		// the bare question, and after it the person had to say it again
		// ("let's continue the debug (use skill)"); the shared labels
		// count it a loss (cli 44/785715c3f5, line 181).
		{name: "real: repository snippet, the second compaction weakens a duty the agent took on", path: func(t *testing.T, dir string) (string, string) {
			return repoPath(t, "host/session/testdata/claudecode-real-compactions.jsonl"), "0cf3db51-1c73-43bb-8d05-dc02739514a5"
		}, pins: []string{"I should use the systematic-debugging skill"}, lost: []string{"I should use the systematic-debugging skill"}, refused: true},
		{name: "built: nothing to pin", path: func(t *testing.T, dir string) (string, string) {
			return writeFile(t, dir, "plain.jsonl", `{"type":"user","uuid":"u1","sessionId":"p","message":{"role":"user","content":"Hello, what does this repository do?"}}`+"\n"), "0b7f5e1c-plain"
		}, noPins: true, noCompaction: true},
	}
}

// spanTexts maps each span text of a transcript (whitespace collapsed)
// to its source, to tell where a printed pin came from.
func transcriptSpans(t *testing.T, path string) map[string][]string {
	t.Helper()
	events, _, err := session.ImportClaudeCode(mustOpen(t, path), path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, e := range events {
		if e.Span != nil {
			text := strings.Join(strings.Fields(e.Span.Text), " ")
			out[text] = append(out[text], sdk.SpanSource(*e.Span))
		}
	}
	return out
}

// pinLines returns the "- [category, file:line] text" lines of a pin
// list or a restore, as text only.
func pinLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if rest, ok := strings.CutPrefix(l, "- ["); ok {
			if _, text, ok := strings.Cut(rest, "] "); ok {
				out = append(out, text)
			}
		}
	}
	return out
}

func TestHookPreCompactPrintsThePinsAndNoToolOutput(t *testing.T) {
	bin := hookBinary(t)
	toolSources := map[string]bool{sdk.SourceCommandOutput: true, sdk.SourceToolResult: true, sdk.SourceSubagentReport: true}
	for _, tc := range transcriptCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			file, sid := tc.path(t, h.root)
			r := h.run(t, event("PreCompact", sid, file, nil), bin, "hook", "claude-code")
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			if tc.noPins {
				if r.stdout != "" {
					t.Fatalf("no must-keep item in the transcript, yet PreCompact printed:\n%s", r.stdout)
				}
				return
			}
			header, _, _ := strings.Cut(r.stdout, "\n")
			if !strings.Contains(header, `"Constraints still in force"`) || !strings.Contains(header, "verbatim") {
				t.Errorf("the first line is not the one instruction to carry the pins verbatim:\n%s", header)
			}
			for _, want := range tc.pins {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("pin list lacks %q:\n%s", want, r.stdout)
				}
			}
			if strings.Contains(r.stdout, toolOutputRule) || strings.Contains(r.stdout, "restart the replica") {
				t.Errorf("pin list holds tool output:\n%s", r.stdout)
			}
			spans := transcriptSpans(t, file)
			lines := pinLines(r.stdout)
			if len(lines) != strings.Count(r.stdout, "\n")-1 {
				t.Errorf("besides the instruction, every line must be a pin:\n%s", r.stdout)
			}
			for _, pin := range lines {
				var sources []string
				for text, srcs := range spans {
					if strings.Contains(text, pin) {
						sources = append(sources, srcs...)
					}
				}
				fromRule := false
				for _, s := range sources {
					fromRule = fromRule || !toolSources[s]
				}
				if !fromRule {
					t.Errorf("pin %q is not verbatim text of a span that can set rules (sources %v)", pin, sources)
				}
			}
		})
	}
}

// storedJudgements reads back what the Claude Code hooks recorded for a
// session: the decision on each summary, by store session.
func storedJudgements(t *testing.T, db, sessionID string) map[string]*guard.Decision {
	t.Helper()
	return recordedJudgements(t, db, claudeCodeHarness(), sessionID)
}

// recordedJudgements reads back what a harness's hooks recorded for a
// session (nil when the store was never created).
func recordedJudgements(t *testing.T, db string, hs *harness, sessionID string) map[string]*guard.Decision {
	t.Helper()
	if _, err := os.Stat(db); os.IsNotExist(err) {
		return nil // nothing was ever recorded
	}
	ctx := context.Background()
	st, err := sqlstore.OpenSQLite(ctx, db)
	if err != nil {
		t.Fatalf("opening the hooks' store: %v", err)
	}
	defer st.Close()
	infos, err := st.Sessions(ctx, hs.name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*guard.Decision{}
	for _, info := range infos {
		if !strings.HasPrefix(info.ID, hs.sessionPrefix(sessionID)) {
			continue
		}
		err := st.View(ctx, hs.name, info.ID, func(tx ledger.Tx) error {
			ds, err := tx.Decisions()
			if err != nil {
				return err
			}
			for _, rec := range ds {
				if strings.HasPrefix(rec.RequestID, hs.name+":") {
					var d guard.Decision
					if err := json.Unmarshal(rec.Body, &d); err != nil {
						return err
					}
					out[info.ID] = &d
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func systemMessage(t *testing.T, stdout string) string {
	t.Helper()
	var out struct {
		SystemMessage string `json:"systemMessage"`
	}
	if strings.Count(strings.TrimSpace(stdout), "\n") != 0 || json.Unmarshal([]byte(stdout), &out) != nil || out.SystemMessage == "" {
		t.Fatalf("want one JSON line with a systemMessage, got %q", stdout)
	}
	return out.SystemMessage
}

func TestHookPostCompactRecordsTheJudgement(t *testing.T) {
	bin := hookBinary(t)
	for _, tc := range transcriptCases() {
		for _, inFile := range []bool{true, false} {
			if tc.noCompaction {
				continue
			}
			name := tc.name + ", summary already in the transcript"
			if !inFile {
				name = tc.name + ", summary not written yet"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				h := newHookHome(t)
				file, sid := tc.path(t, h.root)
				summary := tc.summary
				if summary == "" {
					summary = strings.TrimPrefix(lastSummary(t, file), summaryPrefix)
				}
				if !inFile {
					if !strings.HasPrefix(filepath.Base(file), sid) {
						t.Skip("only the built transcript can be written without its summary")
					}
					file = writeTranscript(t, h.root, sid, "")
				}
				r := h.run(t, event("PostCompact", sid, file, map[string]any{"compact_summary": summary}), bin, "hook", "claude-code")
				if r.code != 0 {
					t.Fatalf("exit %d\n%s", r.code, r.stderr)
				}
				msg := systemMessage(t, r.stdout)
				js := storedJudgements(t, h.storePath(), sid)
				if len(js) != 1 {
					t.Fatalf("%d judgements recorded for the session, want 1 (%s)", len(js), msg)
				}
				for id, d := range js {
					if !strings.HasPrefix(id, "cc-"+sid+"-"+summaryFingerprint(summary)) {
						t.Errorf("judgement %s is not keyed by the session and the summary", id)
					}
					if got := d.Allowed != nil && !*d.Allowed; got != tc.refused {
						t.Fatalf("recorded %s (allowed %v), want refused=%v; verdict %q", d.Reason, *d.Allowed, tc.refused, msg)
					}
					if !tc.refused {
						if strings.Contains(msg, "lost") {
							t.Errorf("verdict on a faithful summary: %q", msg)
						}
						continue
					}
					if d.Reason != guard.ReasonMustKeepItemMissing || !strings.Contains(msg, "lost") {
						t.Errorf("reason %s, verdict %q; want must_keep_item_missing and a verdict saying what was lost", d.Reason, msg)
					}
					for _, want := range tc.lost {
						found := false
						for _, it := range d.Items {
							found = found || (strings.Contains(it.Text, want) && it.Preserved != nil && !*it.Preserved)
						}
						if !found {
							t.Errorf("the recorded decision does not have %q lost", want)
						}
					}
				}
				// Idempotent per summary: the same event again records nothing new.
				again := h.run(t, event("PostCompact", sid, file, map[string]any{"compact_summary": summary}), bin, "hook", "claude-code")
				if again.stdout != r.stdout || len(storedJudgements(t, h.storePath(), sid)) != 1 {
					t.Errorf("a second PostCompact changed something:\n%s\n%s", r.stdout, again.stdout)
				}
			})
		}
	}
}

// restored decodes SessionStart's output; "" when it printed nothing.
func restored(t *testing.T, stdout string) string {
	t.Helper()
	if stdout == "" {
		return ""
	}
	var out struct {
		HookSpecificOutput struct {
			HookEventName     string `json:"hookEventName"`
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("SessionStart output is not JSON: %v\n%s", err, stdout)
	}
	if out.HookSpecificOutput.HookEventName != "SessionStart" || out.HookSpecificOutput.AdditionalContext == "" {
		t.Fatalf("want hookSpecificOutput for SessionStart with additionalContext, got %s", stdout)
	}
	if n := len([]rune(out.HookSpecificOutput.AdditionalContext)); n >= 50000 {
		t.Errorf("additionalContext is %d characters; Claude Code injects only a preview past 50,000", n)
	}
	return out.HookSpecificOutput.AdditionalContext
}

func TestHookSessionStartRestoresWhatWasLost(t *testing.T) {
	bin := hookBinary(t)
	for _, tc := range transcriptCases() {
		for _, postCompactRan := range []bool{true, false} {
			if tc.noCompaction {
				continue
			}
			name := tc.name + ", after PostCompact"
			if !postCompactRan {
				name = tc.name + ", PostCompact never ran"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				h := newHookHome(t)
				file, sid := tc.path(t, h.root)
				if postCompactRan {
					summary := tc.summary
					if summary == "" {
						summary = lastSummary(t, file)
					}
					if r := h.run(t, event("PostCompact", sid, file, map[string]any{"compact_summary": summary}), bin, "hook", "claude-code"); r.code != 0 {
						t.Fatalf("PostCompact exit %d\n%s", r.code, r.stderr)
					}
				}
				r := h.run(t, event("SessionStart", sid, file, nil), bin, "hook", "claude-code")
				if r.code != 0 {
					t.Fatalf("exit %d\n%s", r.code, r.stderr)
				}
				ctxText := restored(t, r.stdout)
				if len(tc.lost) == 0 {
					if ctxText != "" {
						t.Fatalf("nothing was lost, yet SessionStart injected:\n%s", ctxText)
					}
					return
				}
				for _, want := range tc.lost {
					if !strings.Contains(ctxText, want) {
						t.Errorf("additionalContext lacks %q verbatim:\n%s", want, ctxText)
					}
				}
				if strings.HasPrefix(filepath.Base(file), sid) && !strings.Contains(ctxText, "[prohibition, "+filepath.Base(file)+":1] "+droppedRule) {
					t.Errorf("the dropped rule is not restored with its line:\n%s", ctxText)
				}
				for _, line := range pinLines(ctxText) {
					if !strings.Contains(strings.Join(tc.lost, "\n"), line) && tc.name == transcriptCases()[0].name {
						t.Errorf("restored %q, which the summary kept", line)
					}
				}
				if js := storedJudgements(t, h.storePath(), sid); len(js) != 1 {
					t.Errorf("%d judgements recorded, want 1", len(js))
				}
				again := h.run(t, event("SessionStart", sid, file, nil), bin, "hook", "claude-code")
				if again.stdout != r.stdout || len(storedJudgements(t, h.storePath(), sid)) != 1 {
					t.Errorf("SessionStart is not idempotent per summary:\n%s\n%s", r.stdout, again.stdout)
				}
			})
		}
	}
}

// TestHookNeverStrandsASession: whatever goes wrong, the hook exits 0
// with a warning, and each event fails the way that keeps the session
// going.
func TestHookNeverStrandsASession(t *testing.T) {
	bin := hookBinary(t)
	dir := t.TempDir()
	good := writeTranscript(t, dir, "0b7f5e1c-strand", summaryKept)
	missing := filepath.Join(dir, "no-such-transcript.jsonl")
	notADir := filepath.Join(dir, "a-file")
	if err := os.WriteFile(notADir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		stdin     []byte
		unwritabl bool
		// stdout: "" nothing; "note": additionalContext with the note;
		// "tell": a systemMessage telling the person.
		stdout string
		warn   string
	}{
		{"malformed stdin", []byte(`{"hook_event_name": "SessionStart", "source": `), false, "", "reading the hook event"},
		{"empty stdin", nil, false, "", "reading the hook event"},
		{"PreCompact, missing transcript", event("PreCompact", "s", missing, nil), false, "", "no-such-transcript"},
		{"PostCompact, missing transcript", event("PostCompact", "s", missing, map[string]any{"compact_summary": "x"}), false, "tell", "no-such-transcript"},
		{"SessionStart, missing transcript", event("SessionStart", "s", missing, nil), false, "note", "no-such-transcript"},
		{"SessionStart, no session id", event("SessionStart", "", good, nil), false, "note", "session_id"},
		{"PostCompact, unwritable store", event("PostCompact", "0b7f5e1c-strand", good, map[string]any{"compact_summary": summaryKept}), true, "tell", "store"},
		{"SessionStart, unwritable store", event("SessionStart", "0b7f5e1c-strand", good, nil), true, "note", "store"},
		{"PreCompact needs no store", event("PreCompact", "0b7f5e1c-strand", good, nil), true, "pins", ""},
		{"an event it does not answer", event("Stop", "s", good, nil), false, "", "not one compactguard answers"},
		{"SessionStart after a /clear", event("SessionStart", "s", good, map[string]any{"source": "clear"}), false, "", ""},
		{"a mistyped flag", event("PreCompact", "s", good, nil), false, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			if tt.unwritabl {
				h.state = notADir
			}
			argv := []string{bin, "hook", "claude-code"}
			if tt.name == "a mistyped flag" {
				argv = append(argv, "-bogus")
			}
			r := h.run(t, tt.stdin, argv...)
			if r.code != 0 {
				t.Fatalf("exit %d, want 0\n%s", r.code, r.stderr)
			}
			if tt.warn != "" && (!strings.Contains(r.stderr, "warning") || !strings.Contains(r.stderr, tt.warn)) {
				t.Errorf("stderr has no warning mentioning %q:\n%s", tt.warn, r.stderr)
			}
			switch tt.stdout {
			case "":
				if r.stdout != "" {
					t.Errorf("stdout should be empty, got %q", r.stdout)
				}
			case "pins":
				if !strings.Contains(r.stdout, droppedRule) {
					t.Errorf("PreCompact should pin without a store, got %q\n%s", r.stdout, r.stderr)
				}
			case "tell":
				if msg := systemMessage(t, r.stdout); !strings.HasPrefix(msg, "compactguard could not check this compaction: ") {
					t.Errorf("the person is not told: %q", msg)
				}
			case "note":
				note := restored(t, r.stdout)
				if !strings.HasPrefix(note, "compactguard could not check this compaction: ") || strings.Contains(note, "\n") {
					t.Errorf("want a one-line note, got %q", note)
				}
			}
		})
	}
}

// blockingConfig is the built-in configuration asking to refuse manual
// compactions.
func blockingConfig(t *testing.T, path string) string {
	t.Helper()
	src := strings.Replace(string(builtinHookConfig()), "block_manual_compaction = false", "block_manual_compaction = true", 1)
	if src == string(builtinHookConfig()) {
		t.Fatal("the built-in configuration has no block_manual_compaction = false line")
	}
	if filepath.Base(path) != plugintest.ConfigName {
		t.Fatalf("blockingConfig writes a %s, not %s", plugintest.ConfigName, path)
	}
	return plugintest.WriteConfig(t, filepath.Dir(path), src)
}

func TestHookBlocksOnlyAManualCompactionTheConfigRefuses(t *testing.T) {
	bin := hookBinary(t)
	dir := t.TempDir()
	withRules := writeTranscript(t, dir, "0b7f5e1c-block", "")
	noRules := writeFile(t, dir, "plain.jsonl", `{"type":"user","uuid":"u1","sessionId":"p","message":{"role":"user","content":"Hello, what does this repository do?"}}`+"\n")
	tests := []struct {
		name       string
		config     string // "flag", "user" (XDG_CONFIG_HOME) or "" (built-in)
		trigger    string
		transcript string
		wantCode   int
	}{
		{"manual, the config asks (-config)", "flag", "manual", withRules, 2},
		{"manual, the config asks (per-user config)", "user", "manual", withRules, 2},
		{"auto is never blocked", "flag", "auto", withRules, 0},
		{"manual, nothing pinned", "flag", "manual", noRules, 0},
		{"manual, the built-in config does not ask", "", "manual", withRules, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			argv := []string{bin, "hook", "claude-code"}
			switch tt.config {
			case "flag":
				argv = append(argv, "-config", blockingConfig(t, filepath.Join(h.root, "elsewhere", "policies.hcl")))
			case "user":
				blockingConfig(t, filepath.Join(h.config, "compactguard", "policies.hcl"))
			}
			r := h.run(t, event("PreCompact", "0b7f5e1c-block", tt.transcript, map[string]any{"trigger": tt.trigger}), argv...)
			if r.code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout %s\nstderr %s", r.code, tt.wantCode, r.stdout, r.stderr)
			}
			if tt.wantCode == 2 && (!strings.Contains(r.stderr, "block_manual_compaction") || !strings.Contains(r.stderr, "constraints are pinned")) {
				t.Errorf("the reason on stderr does not say why: %s", r.stderr)
			}
			if tt.wantCode == 0 && tt.transcript == withRules && !strings.Contains(r.stdout, droppedRule) {
				t.Errorf("not blocked, so the pins are printed; got %q\n%s", r.stdout, r.stderr)
			}
		})
	}
}

// TestRestoreFitsClaudeCodesLimitByPriority: however much was lost, the
// restore stays under 50,000 characters and keeps prohibitions first,
// then numeric commitments, then entities.
func TestRestoreFitsClaudeCodesLimitByPriority(t *testing.T) {
	var items []guard.DecisionItem
	cats := []string{sdk.CategoryEntity, sdk.CategoryNumericCommitment, sdk.CategoryProhibition}
	for i := 0; i < 3000; i++ {
		c := cats[i%3]
		items = append(items, guard.DecisionItem{Category: c, Text: fmt.Sprintf("%s rule number %d, which is a long sentence of about eighty characters.", c, i),
			Span: fmt.Sprintf("s%d", i), MustKeep: true, Origin: &guard.Origin{File: "/x/t.jsonl", Line: i + 1}})
	}
	lost := rankItems(items, nil)
	out := renderRestore(lost, "/x/t.jsonl", claudeCodeHarness())
	if len(out) >= 50000 {
		t.Fatalf("restore is %d bytes", len(out))
	}
	lines := pinLines(out)
	if len(lines) < 100 || !strings.Contains(out, "more not shown") {
		t.Fatalf("%d lines restored, and no note of the rest", len(lines))
	}
	seenLower := false
	for _, l := range lines {
		if !strings.HasPrefix(l, sdk.CategoryProhibition) {
			seenLower = true
		} else if seenLower {
			t.Fatalf("a prohibition comes after a lower-priority item: %q", l)
		}
	}
	if !strings.Contains(out, "[prohibition, t.jsonl:3] prohibition rule number 2,") {
		t.Errorf("items are not cited by file:line:\n%.400s", out)
	}
}

// TestSummaryFingerprintMatchesBothForms: the summary PostCompact gets and
// the record SessionStart reads are one summary.
func TestSummaryFingerprintMatchesBothForms(t *testing.T) {
	core := "Summary:\n1. Primary request.\n   Details.\n"
	tests := []struct {
		name, record string
		same         bool
	}{
		{"wrapped as Claude Code writes it", summaryPrefix + core + "\nIf you need specific details from before compaction, read the full transcript at: /p.jsonl", true},
		{"older closing sentence", summaryPrefix + core + "\nPlease continue the conversation from where we left it off without asking the user any further questions.", true},
		{"re-wrapped whitespace", "  Summary: 1. Primary request. Details.  ", true},
		{"another summary", summaryPrefix + "Summary:\n1. Another request.\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := summaryFingerprint(tt.record) == summaryFingerprint(core); got != tt.same {
				t.Errorf("same fingerprint = %v, want %v", got, tt.same)
			}
		})
	}
}

// TestHookSessionStartFindsASummaryNotYetWritten: when SessionStart runs
// before Claude Code wrote the summary record, the judgement PostCompact
// recorded for that summary is the latest compaction's.
func TestHookSessionStartFindsASummaryNotYetWritten(t *testing.T) {
	bin := hookBinary(t)
	h := newHookHome(t)
	const sid = "0b7f5e1c-pending"
	file := writeTranscript(t, h.root, sid, "")
	if r := h.run(t, event("PostCompact", sid, file, map[string]any{"compact_summary": summaryKept}), bin, "hook", "claude-code"); r.code != 0 || !strings.Contains(r.stdout, "lost") {
		t.Fatalf("PostCompact: exit %d, %s\n%s", r.code, r.stdout, r.stderr)
	}
	r := h.run(t, event("SessionStart", sid, file, nil), bin, "hook", "claude-code")
	if ctxText := restored(t, r.stdout); !strings.Contains(ctxText, droppedRule) {
		t.Fatalf("the dropped rule is not restored: %q\n%s", r.stdout, r.stderr)
	}
}
