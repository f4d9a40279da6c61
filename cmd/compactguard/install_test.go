package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A project settings file as people write them: other hooks (one of them
// on SessionStart too), other settings, four-space indentation.
const projectSettings = `{
    "permissions": {
        "allow": ["Bash(go test:*)", "Read(**)"],
        "deny": ["Bash(rm -rf:*)"]
    },
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{"type": "command", "command": "~/.claude/guard-bash.sh && echo ok"}]
            }
        ],
        "SessionStart": [
            {"matcher": "startup", "hooks": [{"type": "command", "command": "cat .claude/welcome.md"}]}
        ]
    },
    "model": "opus"
}
`

// settingsHooks reads the hook commands of a settings file by event.
func settingsHooks(t *testing.T, path string) map[string][]struct{ matcher, command string } {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s is not valid JSON after install: %v\n%s", path, err, b)
	}
	out := map[string][]struct{ matcher, command string }{}
	for ev, groups := range s.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				out[ev] = append(out[ev], struct{ matcher, command string }{g.Matcher, h.Command})
			}
		}
	}
	return out
}

// ourHooks returns the commands compactguard installed, by event, and
// checks each event has exactly one, with the right matcher.
func ourHooks(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for ev, hs := range settingsHooks(t, path) {
		for _, h := range hs {
			if !ourCommand.MatchString(h.command) {
				continue
			}
			if _, dup := out[ev]; dup {
				t.Errorf("%s: two compactguard hooks", ev)
			}
			want := map[string]string{"SessionStart": "compact"}[ev]
			if h.matcher != want {
				t.Errorf("%s: matcher %q, want %q", ev, h.matcher, want)
			}
			out[ev] = h.command
		}
	}
	return out
}

func TestInstallUninstallRoundTrip(t *testing.T) {
	bin := hookBinary(t)
	tests := []struct {
		name     string
		scope    string // "--project" (or "" for the default) or "--user"
		original string // "" for no settings file
	}{
		{"project settings with other hooks", "", projectSettings},
		{"project settings, --project given", "--project", projectSettings},
		{"no settings file yet", "", ""},
		{"user settings", "--user", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			path := filepath.Join(h.cwd, ".claude", "settings.json")
			if tt.scope == "--user" {
				path = filepath.Join(h.home, ".claude", "settings.json")
			}
			if tt.original != "" {
				writeFile(t, mkdir(t, filepath.Dir(path)), "settings.json", tt.original)
			}
			args := []string{bin, "install", "claude-code"}
			if tt.scope != "" {
				args = append(args, tt.scope)
			}

			dry := h.run(t, nil, append(args, "--dry-run")...)
			if dry.code != 0 || !strings.Contains(dry.stdout, "dry run") {
				t.Fatalf("dry run: exit %d\n%s%s", dry.code, dry.stdout, dry.stderr)
			}
			if got := readOrEmpty(t, path); got != tt.original {
				t.Fatalf("--dry-run changed the file:\n%s", got)
			}

			r := h.run(t, nil, args...)
			if r.code != 0 {
				t.Fatalf("install: exit %d\n%s", r.code, r.stderr)
			}
			for _, ev := range []string{"PreCompact", "PostCompact", "SessionStart"} {
				if !strings.Contains(r.stdout, "added a "+ev) {
					t.Errorf("install does not say it added %s:\n%s", ev, r.stdout)
				}
			}
			ours := ourHooks(t, path)
			if len(ours) != 3 {
				t.Fatalf("installed %v, want PreCompact, PostCompact, SessionStart", ours)
			}
			for ev, cmd := range ours {
				if !strings.HasPrefix(cmd, bin+" hook claude-code") {
					t.Errorf("%s runs %q, want the absolute path of this binary", ev, cmd)
				}
			}
			if tt.original != "" {
				if got := readOrEmpty(t, path+backupSuffix); got != tt.original {
					t.Errorf("the backup is not the original:\n%s", got)
				}
				before := settingsHooks(t, writeFile(t, t.TempDir(), "orig.json", tt.original))
				after := settingsHooks(t, path)
				for ev, hs := range before {
					for _, hk := range hs {
						if !containsHook(after[ev], hk.matcher, hk.command) {
							t.Errorf("install lost the %s hook %q", ev, hk.command)
						}
					}
				}
				if tt.original == projectSettings && (!strings.Contains(readOrEmpty(t, path), "\n    \"permissions\": {") || !strings.Contains(readOrEmpty(t, path), `"model": "opus"`)) {
					t.Errorf("install lost a setting or the file's indentation:\n%s", readOrEmpty(t, path))
				}
			}

			installed := readOrEmpty(t, path)
			again := h.run(t, nil, args...)
			if again.code != 0 || !strings.Contains(again.stdout, "already installed") || readOrEmpty(t, path) != installed {
				t.Errorf("a second install changed something: %s", again.stdout)
			}

			// The hooks, run as written, over a transcript whose summary
			// drops a prohibition.
			const sid = "0b7f5e1c-installed"
			pending := writeTranscript(t, h.root, sid, "")
			pre := h.run(t, event("PreCompact", sid, pending, nil), "sh", "-c", ours["PreCompact"])
			if pre.code != 0 || !strings.Contains(pre.stdout, droppedRule) {
				t.Errorf("PreCompact as installed: exit %d, %q\n%s", pre.code, pre.stdout, pre.stderr)
			}
			post := h.run(t, event("PostCompact", sid, pending, map[string]any{"compact_summary": summaryKept}), "sh", "-c", ours["PostCompact"])
			if post.code != 0 || !strings.Contains(systemMessage(t, post.stdout), "lost 1 must-keep constraint") {
				t.Errorf("PostCompact as installed: exit %d, %q\n%s", post.code, post.stdout, post.stderr)
			}
			compacted := writeTranscript(t, h.root, sid, summaryKept)
			start := h.run(t, event("SessionStart", sid, compacted, nil), "sh", "-c", ours["SessionStart"])
			if start.code != 0 || !strings.Contains(restored(t, start.stdout), droppedRule) {
				t.Errorf("SessionStart as installed: exit %d, %q\n%s", start.code, start.stdout, start.stderr)
			}

			un := []string{bin, "uninstall", "claude-code"}
			if tt.scope != "" {
				un = append(un, tt.scope)
			}
			u := h.run(t, nil, un...)
			if u.code != 0 {
				t.Fatalf("uninstall: exit %d\n%s", u.code, u.stderr)
			}
			if tt.original == "" {
				if _, err := os.Stat(path); !os.IsNotExist(err) {
					t.Errorf("install created %s; uninstall should remove it (%v)\n%s", path, err, u.stdout)
				}
			} else if got := readOrEmpty(t, path); got != tt.original {
				t.Errorf("after uninstall the file is not byte for byte the original:\n%s\n--- want\n%s", got, tt.original)
			}
			if _, err := os.Stat(path + backupSuffix); !os.IsNotExist(err) {
				t.Errorf("the backup is left behind after a clean restore")
			}
			if u2 := h.run(t, nil, un...); u2.code != 0 || !strings.Contains(u2.stdout, "nothing") {
				t.Errorf("a second uninstall: exit %d, %s", u2.code, u2.stdout)
			}
		})
	}
}

// TestUninstallAfterTheFileWasEdited: a setting added since install is
// kept; only compactguard's entries go, and uninstall says so.
func TestUninstallAfterTheFileWasEdited(t *testing.T) {
	bin := hookBinary(t)
	h := newHookHome(t)
	path := writeFile(t, mkdir(t, filepath.Join(h.cwd, ".claude")), "settings.json", projectSettings)
	if r := h.run(t, nil, bin, "install", "claude-code"); r.code != 0 {
		t.Fatalf("install: %s", r.stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(readOrEmpty(t, path)), &doc); err != nil {
		t.Fatal(err)
	}
	doc["includeCoAuthoredBy"] = false
	edited, _ := json.MarshalIndent(doc, "", "  ")
	writeFile(t, filepath.Dir(path), "settings.json", string(edited))

	u := h.run(t, nil, bin, "uninstall", "claude-code")
	if u.code != 0 || !strings.Contains(u.stdout, "edited since install") {
		t.Fatalf("uninstall: exit %d\n%s%s", u.code, u.stdout, u.stderr)
	}
	if len(ourHooks(t, path)) != 0 {
		t.Errorf("compactguard's hooks are still there:\n%s", readOrEmpty(t, path))
	}
	after := readOrEmpty(t, path)
	if !strings.Contains(after, `"includeCoAuthoredBy": false`) || !strings.Contains(after, "guard-bash.sh") || !strings.Contains(after, "welcome.md") {
		t.Errorf("uninstall dropped something that was not its own:\n%s", after)
	}
}

func TestInstallRefusesWhatItCannotMerge(t *testing.T) {
	bin := hookBinary(t)
	tests := []struct{ name, settings, args, want string }{
		{"not JSON", "{\"hooks\": ", "", "not valid JSON"},
		{"hooks is not an object", `{"hooks": []}`, "", `"hooks"`},
		{"both scopes", "", "--user --project", "exclude each other"},
		{"a config that does not exist", "", "-config /no/such/policies.hcl", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHookHome(t)
			if tt.settings != "" {
				writeFile(t, mkdir(t, filepath.Join(h.cwd, ".claude")), "settings.json", tt.settings)
			}
			r := h.run(t, nil, append([]string{bin, "install", "claude-code"}, strings.Fields(tt.args)...)...)
			if r.code == 0 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want a failure naming %q", r.code, r.stderr, tt.want)
			}
			if got := readOrEmpty(t, filepath.Join(h.cwd, ".claude", "settings.json")); got != tt.settings {
				t.Errorf("the file was changed:\n%s", got)
			}
		})
	}
}

func containsHook(hs []struct{ matcher, command string }, matcher, command string) bool {
	for _, h := range hs {
		if h.matcher == matcher && h.command == command {
			return true
		}
	}
	return false
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func readOrEmpty(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}
