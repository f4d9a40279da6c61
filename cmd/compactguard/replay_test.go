package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDetectFormat(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"native span", `{"type":"span","id":"s1","kind":"user","text":"hi"}`, formatNative},
		{"claude code snapshot", `{"type":"file-history-snapshot","messageId":"m"}`, formatClaudeCode},
		{"claude code record", `{"parentUuid":null,"sessionId":"s","type":"system","subtype":"x"}`, formatClaudeCode},
		{"openai array", "\n[{\"role\":\"user\",\"content\":\"hi\"}]", formatOpenAI},
		{"openai jsonl", `{"role":"user","content":"hi"}`, formatOpenAI},
		{"openai request, pretty", "{\n  \"model\": \"m\",\n  \"messages\": []\n}", formatOpenAI},
		{"garbage", "not json", formatNative},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := detectFormat([]byte(tt.input)); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestReplayImported replays the importers' fixtures with the reference
// plugins: every compaction of the transcript gets a decision, whatever
// the guard decides about the earlier ones.
func TestReplayImported(t *testing.T) {
	withPlugins(t)
	tests := []struct {
		name      string
		args      []string
		decisions int
		stderr    string
	}{
		{"claude code", []string{"--format", "claude-code", "host/session/testdata/claudecode-two-boundaries.jsonl"}, 2,
			"claude-code import: 21 records -> 13 spans (agent 5, human 3, command_output 1, command_template 1, harness 1, reasoning 1, tool_result 1), 2 compactions"},
		{"claude code, auto", []string{"--format", "auto", "host/session/testdata/claudecode-two-boundaries.jsonl"}, 2,
			"claude-code import"},
		{"claude code counts what it skipped, and why", []string{"--format", "claude-code", "host/session/testdata/claudecode-two-boundaries.jsonl"}, 2,
			"skipped: block/image 1, duplicate_uuid 1, file-history-snapshot 1, progress 1, sidechain 1, summary 1, system/turn_duration 1"},
		{"claude code, --keep-meta still accepted", []string{"--format", "claude-code", "--keep-meta", "host/session/testdata/claudecode-two-boundaries.jsonl"}, 2,
			"21 records -> 13 spans"},
		{"truncated", []string{"--format", "claude-code", "host/session/testdata/claudecode-truncated.jsonl"}, 0,
			"the last line is cut off"},
		{"openai", []string{"--format", "openai", "host/session/testdata/openai-compactions.jsonl"}, 2,
			"openai import: 8 records -> 6 spans (agent 2, human 2, system 2), 2 compactions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"replay", "-config", repoPath(t, "policies.hcl"), "--json"}
			for _, a := range tt.args {
				if strings.HasPrefix(a, "host/") {
					a = repoPath(t, a)
				}
				args = append(args, a)
			}
			code, out, errs := cli(t, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if ds := decisionsOf(t, out); len(ds) != tt.decisions {
				t.Errorf("%d decisions, want %d:\n%s", len(ds), tt.decisions, out)
			}
			if !strings.Contains(errs, tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, errs)
			}
		})
	}
}

func TestReplayFormatErrors(t *testing.T) {
	dir := t.TempDir()
	cc := filepath.Join(dir, "cc.jsonl")
	if err := os.WriteFile(cc, []byte(`{"type":"user","uuid":"u1","sessionId":"s","message":{"role":"user","content":"hi"}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown format", []string{"--format", "yaml", cc}, 2, `unknown --format "yaml"`},
		{"native on a transcript", []string{cc}, 1, "looks like a claude-code transcript: use --format claude-code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := cli(t, append([]string{"replay", "-config", repoPath(t, "policies.hcl")}, tt.args...)...)
			if code != tt.code || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d with %q", code, errs, tt.code, tt.want)
			}
		})
	}
}
