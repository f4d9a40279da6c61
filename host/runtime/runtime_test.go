package runtime

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func writeExe(t *testing.T, path string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPluginDirsComeAfterTheConfigsOwnFolders: a bare plugin name is
// looked for beside the executable only when the config's folder and its
// bin/ do not hold it, and a path the config spells out is left alone.
func TestPluginDirsComeAfterTheConfigsOwnFolders(t *testing.T) {
	root := t.TempDir()
	cfgDir := filepath.Join(root, "cfg")
	exeDir := filepath.Join(root, "exe")
	other := filepath.Join(root, "other")
	writeExe(t, filepath.Join(cfgDir, "in-cfg"))
	writeExe(t, filepath.Join(cfgDir, "bin", "in-cfg-bin"))
	writeExe(t, filepath.Join(exeDir, "in-cfg")) // shadowed by the config's own
	besideExe := writeExe(t, filepath.Join(exeDir, "beside-exe"))
	inOther := writeExe(t, filepath.Join(other, "in-other"))
	if err := os.WriteFile(filepath.Join(exeDir, "not-exec"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, command, want string
	}{
		{"the config's folder wins", "in-cfg", "in-cfg"},
		{"the config's bin wins", "in-cfg-bin", "in-cfg-bin"},
		{"found beside the executable", "beside-exe", besideExe},
		{"found in a later folder", "in-other", inOther},
		{"not executable: left for the loader to report", "not-exec", "not-exec"},
		{"found nowhere: left for ./bin and $PATH", "nowhere", "nowhere"},
		{"a relative path is the config's to resolve", "sub/beside-exe", "sub/beside-exe"},
		{"an absolute path is kept", "/abs/beside-exe", "/abs/beside-exe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			specs := []plugins.Spec{{Name: "x", Command: tt.command, Dir: cfgDir}}
			got := withPluginDirs(specs, []string{exeDir, other})
			if got[0].Command != tt.want {
				t.Errorf("command %q resolved to %q, want %q", tt.command, got[0].Command, tt.want)
			}
			if specs[0].Command != tt.command {
				t.Errorf("the caller's spec was changed to %q", specs[0].Command)
			}
		})
	}
}

// TestOpenFromSourceFindsPluginsBesideTheExecutable runs what `hook
// claude-code` does with its built-in config: the config exists only in
// memory, names its plugins by bare name, and the process runs from a
// folder with no bin/ and a PATH without the plugins.
func TestOpenFromSourceFindsPluginsBesideTheExecutable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts test plugins")
	}
	dir := plugintest.Build(t, plugintest.GoodExtractor, plugintest.ScorerOnly)
	t.Chdir(t.TempDir())
	t.Setenv("PATH", "/nonexistent")
	src := `
authority "admin" { credential_env = "CG_RUNTIME_TEST_UNSET" }
budget {
  tokens    = 1000
  authority = "admin"
}
plugin "extractor" "good" { command = "extractor-good" }
plugin "scorer" "only" { command = "scorer-only" }
phase "p" { policy = "p" }
policy "p" {
  top_k = 1
  category "all" {
    match = true
    cap   = 100
    score = 1
  }
}
`
	virtual := filepath.Join(t.TempDir(), "no-such-folder", "builtin.hcl")
	if _, err := Open(context.Background(), virtual, Options{Source: []byte(src), Store: ledger.NewMemory()}); err == nil || !strings.Contains(err.Error(), "extractor-good") {
		t.Fatalf("without PluginDirs: got %v, want extractor-good not found", err)
	}
	rt, err := Open(context.Background(), virtual, Options{Source: []byte(src), Store: ledger.NewMemory(), PluginDirs: []string{dir}})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer rt.Close()
	if rt.Config.Filename != virtual || rt.Config.Dir != filepath.Dir(virtual) {
		t.Errorf("config read as %q in %q, want %q", rt.Config.Filename, rt.Config.Dir, virtual)
	}
	for _, in := range rt.Plugins.Infos() {
		if filepath.Dir(in.Path) != dir {
			t.Errorf("plugin %s started from %s, want %s", in.Name, in.Path, dir)
		}
	}
}

// TestBudgetBoundsAgree: the config's bound on budget.tokens and the
// guard's bound on a budget change are one number, kept in two packages
// that do not import each other.
func TestBudgetBoundsAgree(t *testing.T) {
	if config.MaxBudgetTokens != guard.MaxBudgetTokens {
		t.Errorf("config.MaxBudgetTokens = %d, guard.MaxBudgetTokens = %d: they must be equal", config.MaxBudgetTokens, guard.MaxBudgetTokens)
	}
}
