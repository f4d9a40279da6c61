package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/session"
)

// The Codex hook tests run the real binary the way Codex runs a command
// hook (codex-rs/hooks): one JSON event on stdin, shaped as the schemas
// in codex-rs/hooks/schema/generated say, over a rollout built in the
// test from the documented format (no real Codex rollout is available
// here: ../shared/eval/real holds Claude Code sessions only).

// codexEvent is a hook input shaped as Codex sends it: PreCompact and
// PostCompact carry turn_id, model and trigger; SessionStart carries
// model, permission_mode and source. transcript_path may be null.
func codexEvent(name, sessionID string, transcript any, extra map[string]any) []byte {
	ev := map[string]any{"session_id": sessionID, "transcript_path": transcript, "cwd": "/work/orders", "hook_event_name": name, "model": "gpt-5.3-codex"}
	switch name {
	case "PreCompact", "PostCompact":
		ev["turn_id"], ev["trigger"] = "019d2b7e-turn-7", "auto"
	case "SessionStart":
		ev["permission_mode"], ev["source"] = "default", "compact"
	}
	for k, v := range extra {
		ev[k] = v
	}
	b, _ := json.Marshal(ev)
	return b
}

const codexSID = "019d2b7e-4c1a-7d30-9f62-3e8a1c0b5d47"

// Compactions writeRollout can end a rollout with.
const (
	cxNone      = ""
	cxDrop      = "drop"      // a local compaction whose summary drops the prohibition
	cxKeep      = "keep"      // a local compaction that keeps everything
	cxEncrypted = "encrypted" // a remote compaction: the summary is an encrypted item
)

// writeRollout writes a Codex rollout of the migration the Claude Code
// hook tests use: AGENTS.md and the environment injected, the person's
// prohibition and limit on line 4, a shell command whose output prints
// rule-shaped text, then the compaction kind asks for.
func writeRollout(t *testing.T, dir, sessionID, kind string) string {
	t.Helper()
	rec := func(typ string, payload any) map[string]any {
		return map[string]any{"timestamp": "2026-05-12T09:14:03.118Z", "type": typ, "payload": payload}
	}
	msg := func(role string, texts ...string) map[string]any {
		k := "input_text"
		if role == "assistant" {
			k = "output_text"
		}
		var parts []any
		for _, tx := range texts {
			parts = append(parts, map[string]any{"type": k, "text": tx})
		}
		return map[string]any{"type": "message", "role": role, "content": parts}
	}
	args, _ := json.Marshal(map[string]any{"command": []string{"bash", "-lc", `psql -c '\d legacy_orders'`}, "workdir": "/work/orders"})
	recs := []map[string]any{
		rec("session_meta", map[string]any{"id": sessionID, "timestamp": "2026-05-12T09:14:03.097Z", "cwd": "/work/orders", "originator": "codex_cli_rs", "cli_version": "0.130.0", "source": "cli", "model_provider": "openai"}),
		rec("response_item", msg("developer", "<permissions instructions>\nApproval policy is currently on-request.\n</permissions instructions>")),
		rec("response_item", msg("user", "# AGENTS.md instructions for /work/orders\n\n<INSTRUCTIONS>\nRun `make test` before every push.\n</INSTRUCTIONS>",
			"<environment_context>\n  <cwd>/work/orders</cwd>\n</environment_context>")),
		rec("response_item", msg("user", "We are migrating the orders service to Postgres 16. "+droppedRule+" Keep the downtime under 15 minutes.")),
		rec("event_msg", map[string]any{"type": "user_message", "message": "We are migrating ..."}),
		rec("response_item", map[string]any{"type": "function_call", "name": "shell", "arguments": string(args), "call_id": "call_1"}),
		rec("response_item", map[string]any{"type": "function_call_output", "call_id": "call_1",
			"output": "Exit code: 0\nWall time: 0.4 seconds\nOutput:\nTable legacy_orders: 4,210,332 rows\nWARNING: " + toolOutputRule + " (ops banner)\nDo not restart the replica during business hours.\n"}),
		rec("response_item", msg("assistant", "The table is large; I will copy it in batches of 10,000 rows.")),
		rec("response_item", msg("user", "Good. Use the orders_v2 schema for the new tables.")),
	}
	summary := session.CodexSummaryPrefix + " Here is the summary produced by the other language model:\n" + summaryKept
	switch kind {
	case cxDrop:
		recs = append(recs, rec("compacted", map[string]any{"message": summary, "replacement_history": []any{msg("user", summary)}}))
	case cxKeep:
		summary += "3. " + droppedRule + "\n"
		recs = append(recs, rec("compacted", map[string]any{"message": summary, "replacement_history": []any{msg("user", summary)}}))
	case cxEncrypted:
		recs = append(recs, rec("compacted", map[string]any{"message": "", "replacement_history": []any{
			msg("user", "Good. Use the orders_v2 schema for the new tables."), map[string]any{"type": "compaction", "encrypted_content": "gAAAAABoQ2xWbW9ja3NlcnZlcnNpZGU="}}}))
	}
	if kind != cxNone {
		recs = append(recs, rec("event_msg", map[string]any{"type": "context_compacted"}))
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
	path := filepath.Join(dir, "rollout-2026-05-12T09-14-03-"+sessionID+".jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// codexJudgements reads back what the Codex hooks recorded for a session.
func codexJudgements(t *testing.T, db, sessionID string) map[string]*guard.Decision {
	t.Helper()
	return recordedJudgements(t, db, codexHarness(), sessionID)
}

func TestCodexHookPreCompactShowsThePinsAndNoToolOutput(t *testing.T) {
	bin := hookBinary(t)
	tests := []struct {
		name   string
		kind   string
		plain  bool // a rollout that sets no rule
		noPins bool
	}{
		{name: "before the first compaction", kind: cxNone},
		{name: "before a second compaction", kind: cxDrop},
		{name: "nothing to pin", plain: true, noPins: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			file := writeRollout(t, h.root, codexSID, tt.kind)
			if tt.plain {
				file = writeFile(t, h.root, "plain.jsonl", `{"timestamp":"2026-05-12T09:14:03.118Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Hello, what does this repository do?"}]}}`+"\n")
			}
			r := h.run(t, codexEvent("PreCompact", codexSID, file, nil), bin, "hook", "codex")
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			if tt.noPins {
				if r.stdout != "" {
					t.Fatalf("nothing to pin, yet PreCompact printed %q", r.stdout)
				}
				return
			}
			// Codex ignores plain stdout on PreCompact: the pins go to the
			// person as the one field it shows.
			msg := systemMessage(t, r.stdout)
			header, _, _ := strings.Cut(msg, "\n")
			if !strings.HasPrefix(header, "compactguard pinned 3 constraints") || !strings.Contains(header, "restores what it lost") {
				t.Errorf("the first line does not say what is pinned and what happens: %q", header)
			}
			for _, want := range []string{droppedRule, "Keep the downtime under 15 minutes.", "Use the orders_v2 schema for the new tables."} {
				if !strings.Contains(msg, want) {
					t.Errorf("pins lack %q:\n%s", want, msg)
				}
			}
			if strings.Contains(msg, toolOutputRule) || strings.Contains(msg, "restart the replica") {
				t.Errorf("pins hold tool output:\n%s", msg)
			}
			if lines := pinLines(msg); len(lines) != strings.Count(msg, "\n") {
				t.Errorf("besides the first line, every line must be a pin:\n%s", msg)
			}
			if !strings.Contains(msg, "[prohibition, "+filepath.Base(file)+":4] "+droppedRule) {
				t.Errorf("the prohibition is not cited by its rollout line:\n%s", msg)
			}
		})
	}
}

func TestCodexHookPostCompactRecordsTheJudgement(t *testing.T) {
	bin := hookBinary(t)
	tests := []struct {
		kind     string
		refused  bool
		recorded bool
		msg      []string
	}{
		{cxDrop, true, true, []string{"lost 1 must-keep constraint (prohibition 1)"}},
		{cxKeep, false, true, []string{"kept every must-keep constraint"}},
		{cxEncrypted, false, false, []string{"could not check this compaction", "encrypted", "The 3 must-keep constraints pinned from this session", "re-injected verbatim"}},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			file := writeRollout(t, h.root, codexSID, tt.kind)
			r := h.run(t, codexEvent("PostCompact", codexSID, file, nil), bin, "hook", "codex")
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			msg := systemMessage(t, r.stdout)
			for _, want := range tt.msg {
				if !strings.Contains(msg, want) {
					t.Errorf("verdict %q lacks %q", msg, want)
				}
			}
			js := codexJudgements(t, h.storePath(), codexSID)
			if !tt.recorded {
				if len(js) != 0 {
					t.Fatalf("an encrypted summary was judged: %v", js)
				}
			} else {
				if len(js) != 1 {
					t.Fatalf("%d judgements recorded, want 1 (%s)", len(js), msg)
				}
				for _, d := range js {
					if got := d.Allowed != nil && !*d.Allowed; got != tt.refused {
						t.Errorf("recorded %s, want refused=%v", d.Reason, tt.refused)
					}
					if tt.refused && d.Reason != guard.ReasonMustKeepItemMissing {
						t.Errorf("reason %s, want must_keep_item_missing", d.Reason)
					}
				}
			}
			again := h.run(t, codexEvent("PostCompact", codexSID, file, nil), bin, "hook", "codex")
			if again.stdout != r.stdout || len(codexJudgements(t, h.storePath(), codexSID)) != len(js) {
				t.Errorf("a second PostCompact changed something:\n%s\n%s", r.stdout, again.stdout)
			}
		})
	}
}

func TestCodexHookSessionStartRestoresWhatWasLost(t *testing.T) {
	bin := hookBinary(t)
	tests := []struct {
		kind    string
		restore []string // texts additionalContext must hold verbatim; none: print nothing
		absent  []string
		opener  string
	}{
		{cxDrop, []string{droppedRule}, []string{"Keep the downtime", "orders_v2"}, "compactguard checked the summary"},
		{cxKeep, nil, nil, ""},
		{cxEncrypted, []string{droppedRule, "Keep the downtime under 15 minutes.", "Use the orders_v2 schema for the new tables."}, []string{toolOutputRule},
			"compactguard could not check the summary this conversation was just compacted into: Codex compacted this session on the server"},
	}
	for _, tt := range tests {
		for _, postCompactRan := range []bool{true, false} {
			name := tt.kind + ", after PostCompact"
			if !postCompactRan {
				name = tt.kind + ", PostCompact never ran"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				h := newHookHome(t)
				file := writeRollout(t, h.root, codexSID, tt.kind)
				if postCompactRan {
					if r := h.run(t, codexEvent("PostCompact", codexSID, file, nil), bin, "hook", "codex"); r.code != 0 {
						t.Fatalf("PostCompact exit %d\n%s", r.code, r.stderr)
					}
				}
				r := h.run(t, codexEvent("SessionStart", codexSID, file, nil), bin, "hook", "codex")
				if r.code != 0 {
					t.Fatalf("exit %d\n%s", r.code, r.stderr)
				}
				ctxText := restored(t, r.stdout)
				if len(tt.restore) == 0 {
					if ctxText != "" {
						t.Fatalf("nothing was lost, yet SessionStart injected:\n%s", ctxText)
					}
					return
				}
				if !strings.HasPrefix(ctxText, tt.opener) {
					t.Errorf("additionalContext opens %.120q, want %q", ctxText, tt.opener)
				}
				for _, want := range tt.restore {
					if !strings.Contains(ctxText, want) {
						t.Errorf("additionalContext lacks %q verbatim:\n%s", want, ctxText)
					}
				}
				for _, not := range tt.absent {
					if strings.Contains(ctxText, not) {
						t.Errorf("additionalContext holds %q:\n%s", not, ctxText)
					}
				}
				if !strings.Contains(ctxText, "[prohibition, "+filepath.Base(file)+":4] "+droppedRule) {
					t.Errorf("the prohibition is not restored with its rollout line:\n%s", ctxText)
				}
				if len(ctxText) > codexContextLimit {
					t.Errorf("additionalContext is %d bytes; Codex spills hook text past 2,500 tokens", len(ctxText))
				}
				var out struct {
					SystemMessage string `json:"systemMessage"`
				}
				if json.Unmarshal([]byte(r.stdout), &out) != nil || out.SystemMessage == "" {
					t.Errorf("the person is not told what was restored: %s", r.stdout)
				}
				again := h.run(t, codexEvent("SessionStart", codexSID, file, nil), bin, "hook", "codex")
				if again.stdout != r.stdout {
					t.Errorf("SessionStart is not idempotent per summary:\n%s\n%s", r.stdout, again.stdout)
				}
			})
		}
	}
}

// TestCodexHookNeverStrandsASession: whatever goes wrong, the hook exits 0
// with a warning, and each event fails the way that keeps the session
// going.
func TestCodexHookNeverStrandsASession(t *testing.T) {
	bin := hookBinary(t)
	dir := t.TempDir()
	good := writeRollout(t, dir, codexSID, cxDrop)
	missing := filepath.Join(dir, "no-such-rollout.jsonl")
	notADir := filepath.Join(dir, "a-file")
	if err := os.WriteFile(notADir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		stdin      []byte
		unwritable bool
		stdout     string // "": nothing; "note": a one-line note as context; "tell": a systemMessage; "pins": the pin notice
		warn       string
	}{
		{"malformed stdin", []byte(`{"hook_event_name": "PostCompact", "session_id": `), false, "", "reading the hook event"},
		{"empty stdin", nil, false, "", "reading the hook event"},
		{"PreCompact, transcript_path null", codexEvent("PreCompact", codexSID, nil, nil), false, "", "no transcript_path"},
		{"PreCompact, missing rollout", codexEvent("PreCompact", codexSID, missing, nil), false, "", "no-such-rollout"},
		{"PostCompact, missing rollout", codexEvent("PostCompact", codexSID, missing, nil), false, "tell", "no-such-rollout"},
		{"PostCompact, transcript_path null", codexEvent("PostCompact", codexSID, nil, nil), false, "tell", "no transcript_path"},
		{"SessionStart, missing rollout", codexEvent("SessionStart", codexSID, missing, nil), false, "note", "no-such-rollout"},
		{"PostCompact, unwritable store", codexEvent("PostCompact", codexSID, good, nil), true, "tell", "store"},
		{"SessionStart, unwritable store", codexEvent("SessionStart", codexSID, good, nil), true, "note", "store"},
		{"PreCompact needs no store", codexEvent("PreCompact", codexSID, good, nil), true, "pins", ""},
		{"an event it does not answer", codexEvent("PreToolUse", codexSID, good, nil), false, "", "not one compactguard answers"},
		{"SessionStart at startup", codexEvent("SessionStart", codexSID, good, map[string]any{"source": "startup"}), false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			if tt.unwritable {
				h.state = notADir
			}
			r := h.run(t, tt.stdin, bin, "hook", "codex")
			if r.code != 0 {
				t.Fatalf("exit %d, want 0\n%s", r.code, r.stderr)
			}
			if tt.warn != "" && (!strings.Contains(r.stderr, "compactguard hook codex: warning") || !strings.Contains(r.stderr, tt.warn)) {
				t.Errorf("stderr has no warning mentioning %q:\n%s", tt.warn, r.stderr)
			}
			switch tt.stdout {
			case "":
				if r.stdout != "" {
					t.Errorf("stdout should be empty, got %q", r.stdout)
				}
			case "pins":
				if !strings.Contains(systemMessage(t, r.stdout), droppedRule) {
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

// A Codex hooks.json as people write them: a SessionStart hook of their
// own, a PreToolUse guard, four-space indentation.
const codexHooksJSON = `{
    "hooks": {
        "SessionStart": [
            {
                "matcher": "startup|resume",
                "hooks": [{"type": "command", "command": "python3 ~/.codex/hooks/context.py", "statusMessage": "Loading context"}]
            }
        ],
        "PreToolUse": [
            {"matcher": "^Bash$", "hooks": [{"type": "command", "command": "~/.codex/hooks/guard.sh", "timeout": 30}]}
        ]
    }
}
`

func TestCodexInstallUninstallRoundTrip(t *testing.T) {
	bin := hookBinary(t)
	tests := []struct {
		name     string
		scope    string
		original string
	}{
		{"project hooks.json with other hooks", "", codexHooksJSON},
		{"no hooks.json yet", "", ""},
		{"user hooks.json", "--user", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			path := filepath.Join(h.cwd, ".codex", "hooks.json")
			if tt.scope == "--user" {
				path = filepath.Join(h.home, ".codex", "hooks.json")
			}
			if tt.original != "" {
				writeFile(t, mkdir(t, filepath.Dir(path)), "hooks.json", tt.original)
			}
			args := []string{bin, "install", "codex"}
			if tt.scope != "" {
				args = append(args, tt.scope)
			}
			r := h.run(t, nil, args...)
			if r.code != 0 {
				t.Fatalf("install: exit %d\n%s", r.code, r.stderr)
			}
			if !strings.Contains(r.stdout, "/hooks") || !strings.Contains(r.stdout, "trust") {
				t.Errorf("install does not say the hooks must be trusted in Codex:\n%s", r.stdout)
			}
			ours := map[string]string{}
			for ev, hs := range settingsHooks(t, path) {
				for _, hk := range hs {
					if ourCommandFor("codex").MatchString(hk.command) {
						if want := map[string]string{"SessionStart": "compact"}[ev]; hk.matcher != want {
							t.Errorf("%s: matcher %q, want %q", ev, hk.matcher, want)
						}
						ours[ev] = hk.command
					}
					if ourCommand.MatchString(hk.command) {
						t.Errorf("%s runs the Claude Code hook: %q", ev, hk.command)
					}
				}
			}
			if len(ours) != 3 {
				t.Fatalf("installed %v, want PreCompact, PostCompact, SessionStart", ours)
			}
			for ev, cmd := range ours {
				if !strings.HasPrefix(cmd, bin+" hook codex") {
					t.Errorf("%s runs %q, want the absolute path of this binary", ev, cmd)
				}
			}
			if tt.original != "" {
				before := settingsHooks(t, writeFile(t, t.TempDir(), "orig.json", tt.original))
				after := settingsHooks(t, path)
				for ev, hs := range before {
					for _, hk := range hs {
						if !containsHook(after[ev], hk.matcher, hk.command) {
							t.Errorf("install lost the %s hook %q", ev, hk.command)
						}
					}
				}
			}
			installed := readOrEmpty(t, path)
			if again := h.run(t, nil, args...); again.code != 0 || !strings.Contains(again.stdout, "already installed") || readOrEmpty(t, path) != installed {
				t.Errorf("a second install changed something: %s", again.stdout)
			}

			// The hooks, run as written, over a rollout whose summary drops
			// a prohibition.
			rollout := writeRollout(t, h.root, codexSID, cxDrop)
			pre := h.run(t, codexEvent("PreCompact", codexSID, rollout, nil), "sh", "-c", ours["PreCompact"])
			if pre.code != 0 || !strings.Contains(systemMessage(t, pre.stdout), droppedRule) {
				t.Errorf("PreCompact as installed: exit %d, %q\n%s", pre.code, pre.stdout, pre.stderr)
			}
			post := h.run(t, codexEvent("PostCompact", codexSID, rollout, nil), "sh", "-c", ours["PostCompact"])
			if post.code != 0 || !strings.Contains(systemMessage(t, post.stdout), "lost 1 must-keep constraint") {
				t.Errorf("PostCompact as installed: exit %d, %q\n%s", post.code, post.stdout, post.stderr)
			}
			start := h.run(t, codexEvent("SessionStart", codexSID, rollout, nil), "sh", "-c", ours["SessionStart"])
			if start.code != 0 || !strings.Contains(restored(t, start.stdout), droppedRule) {
				t.Errorf("SessionStart as installed: exit %d, %q\n%s", start.code, start.stdout, start.stderr)
			}

			un := []string{bin, "uninstall", "codex"}
			if tt.scope != "" {
				un = append(un, tt.scope)
			}
			if u := h.run(t, nil, un...); u.code != 0 {
				t.Fatalf("uninstall: exit %d\n%s", u.code, u.stderr)
			}
			if tt.original == "" {
				if _, err := os.Stat(path); !os.IsNotExist(err) {
					t.Errorf("install created %s; uninstall should remove it (%v)", path, err)
				}
			} else if got := readOrEmpty(t, path); got != tt.original {
				t.Errorf("after uninstall the file is not byte for byte the original:\n%s\n--- want\n%s", got, tt.original)
			}
			if _, err := os.Stat(path + backupSuffix); !os.IsNotExist(err) {
				t.Errorf("the backup is left behind after a clean restore")
			}
		})
	}
}

// TestInstallKeepsTheOtherHarnessApart: the Claude Code and Codex
// commands are told apart, so uninstalling one never takes the other.
func TestInstallKeepsTheOtherHarnessApart(t *testing.T) {
	for _, tt := range []struct {
		cmd             string
		claude, codexOK bool
	}{
		{"/opt/bin/compactguard hook claude-code", true, false},
		{"'/opt/my bin/compactguard' hook codex -config /x.hcl", false, true},
		{"compactguard hook codexx", false, false},
		{"echo compactguard hook codex", false, true},
	} {
		if got := ourCommand.MatchString(tt.cmd); got != tt.claude {
			t.Errorf("%q: Claude Code's = %v", tt.cmd, got)
		}
		if got := ourCommandFor("codex").MatchString(tt.cmd); got != tt.codexOK {
			t.Errorf("%q: Codex's = %v", tt.cmd, got)
		}
	}
}

func TestReplayCodex(t *testing.T) {
	withPlugins(t)
	for _, format := range []string{"codex", "auto"} {
		t.Run(format, func(t *testing.T) {
			code, out, errs := cli(t, "replay", "-config", repoPath(t, "policies.hcl"), "--json", "--format", format, repoPath(t, "host/session/testdata/codex-rollout.jsonl"))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			ds := decisionsOf(t, out)
			if len(ds) != 1 || ds[0].Allowed == nil || *ds[0].Allowed || ds[0].Reason != guard.ReasonMustKeepItemMissing {
				t.Fatalf("want the one plaintext compaction refused for a lost must-keep item, got:\n%s", out)
			}
			for _, want := range []string{"codex import: 25 records -> 16 spans", "compaction/encrypted 1", "codex-rollout.jsonl:23: this compaction's summary is encrypted"} {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr lacks %q:\n%s", want, errs)
				}
			}
		})
	}
}

func TestDetectFormatCodex(t *testing.T) {
	tests := []struct{ name, input string }{
		{"session_meta", `{"timestamp":"2026-05-12T09:14:03.118Z","type":"session_meta","payload":{"id":"s","cwd":"/w"}}`},
		{"a rollout that starts with a response item", `{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[]}}`},
		{"the older form's first line", `{"id":"5973b6c0","timestamp":"2025-07-30T14:02:11.905Z","instructions":null}`},
	}
	for _, tt := range tests {
		if got := detectFormat([]byte(tt.input)); got != formatCodex {
			t.Errorf("%s: got %s, want codex", tt.name, got)
		}
	}
	if got := detectFormat([]byte(`{"type":"span","id":"s1","kind":"user","text":"hi"}`)); got != formatNative {
		t.Errorf("a native span is detected as %s", got)
	}
}

// TestCodexHookPostCompactWaitsForTheRecord: Codex writes its rollout
// through an asynchronous writer, so PostCompact can run before the
// compacted record is on disk. The hook waits a little for a record no
// hook has judged, and judges that one, not an older compaction.
func TestCodexHookPostCompactWaitsForTheRecord(t *testing.T) {
	bin := hookBinary(t)
	summary := session.CodexSummaryPrefix + "\n" + summaryKept
	secondCompaction, _ := json.Marshal(map[string]any{"timestamp": "2026-05-12T10:02:00.000Z", "type": "compacted", "payload": map[string]any{
		"message": summary, "replacement_history": []any{map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": summary}}}}}})
	nextRequest, _ := json.Marshal(map[string]any{"timestamp": "2026-05-12T10:01:00.000Z", "type": "response_item", "payload": map[string]any{
		"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "Copy the next batch."}}}})
	for _, earlier := range []bool{false, true} {
		name := "the first compaction"
		if earlier {
			name = "a second compaction, the first one judged already"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			var before, after []byte
			if !earlier {
				file := writeRollout(t, h.root, codexSID, cxDrop)
				after, _ = os.ReadFile(file)
				before, _ = os.ReadFile(writeRollout(t, h.root, codexSID, cxNone))
			} else {
				// The first compaction kept everything and was judged; the
				// second one drops the rule, and its record comes late.
				file := writeRollout(t, h.root, codexSID, cxKeep)
				if r := h.run(t, codexEvent("PostCompact", codexSID, file, nil), bin, "hook", "codex"); !strings.Contains(r.stdout, "kept every") {
					t.Fatalf("first PostCompact: %s\n%s", r.stdout, r.stderr)
				}
				kept, _ := os.ReadFile(file)
				before = append(append([]byte(nil), kept...), append(nextRequest, '\n')...)
				after = append(append([]byte(nil), before...), append(secondCompaction, '\n')...)
			}
			file := filepath.Join(h.root, "rollout-2026-05-12T09-14-03-"+codexSID+".jsonl")
			if err := os.WriteFile(file, before, 0o644); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				time.Sleep(600 * time.Millisecond)
				done <- os.WriteFile(file, after, 0o644)
			}()
			r := h.run(t, codexEvent("PostCompact", codexSID, file, nil), bin, "hook", "codex")
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if msg := systemMessage(t, r.stdout); !strings.Contains(msg, "lost 1 must-keep constraint") {
				t.Errorf("PostCompact did not judge the record written late: %q\n%s", msg, r.stderr)
			}
		})
	}
}
