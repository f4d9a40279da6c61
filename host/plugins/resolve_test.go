package plugins

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

func TestResolveCommand(t *testing.T) {
	root := t.TempDir()
	cfgDir := filepath.Join(root, "cfg")
	cwd := filepath.Join(root, "cwd")
	pathDir := filepath.Join(root, "path")
	exe := func(p string) string {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inDir := exe(filepath.Join(cfgDir, "in-dir"))
	inDirBin := exe(filepath.Join(cfgDir, "bin", "in-dir-bin"))
	exe(filepath.Join(cfgDir, "bin", "in-dir")) // shadowed by cfg/in-dir
	inCwdBin := exe(filepath.Join(cwd, "bin", "in-cwd-bin"))
	inPath := exe(filepath.Join(pathDir, "in-path"))
	nested := exe(filepath.Join(cfgDir, "plugins", "nested"))
	if err := os.WriteFile(filepath.Join(cfgDir, "not-exec"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(cwd)
	t.Setenv("PATH", pathDir)

	tests := []struct {
		command string
		want    string
		errHas  string
	}{
		{inDir, inDir, ""},
		{"in-dir", inDir, ""},
		{"in-dir-bin", inDirBin, ""},
		{"in-cwd-bin", inCwdBin, ""},
		{"in-path", inPath, ""},
		{"plugins/nested", nested, ""},
		{"missing", "", `command "missing" not found (looked in ` + filepath.Join(cfgDir, "missing") + ", " + filepath.Join(cfgDir, "bin", "missing") + ", " + filepath.Join(cwd, "bin", "missing") + ", $PATH)"},
		{"not-exec", "", "not executable"},
		{"/abs/missing", "", `command "/abs/missing" not found`},
		{"", "", "no command given"},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			got, err := resolveCommand(Spec{Kind: sdk.KindScorer, Name: "x", Command: tt.command, Dir: cfgDir})
			if tt.errHas != "" {
				if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("got %q, %v; want ErrNotFound containing %q", got, err, tt.errHas)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	s := &Supervisor{backoffInitial: 100 * time.Millisecond, backoffMax: 5 * time.Second}
	want := []time.Duration{100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000}
	for i, w := range want {
		if got := s.backoff(i + 1); got != w*time.Millisecond {
			t.Errorf("backoff(%d) = %s, want %s", i+1, got, w*time.Millisecond)
		}
	}
	if got := s.backoff(1000); got != 5*time.Second {
		t.Errorf("backoff(1000) = %s, want the 5s cap", got)
	}
}

func TestPluginEnv(t *testing.T) {
	t.Setenv("PATH", "/usr/bin")
	t.Setenv("HOME", "/home/x")
	t.Setenv("CG_EXTRA", "1")
	t.Setenv("CG_SECRET", "2")
	t.Setenv("TZ", "") // registers the restore of TZ
	os.Unsetenv("TZ")
	got := strings.Join(pluginEnv([]string{"CG_EXTRA", "CG_UNSET", "PATH"}), " ")
	for _, w := range []string{"PATH=/usr/bin", "HOME=/home/x", "CG_EXTRA=1"} {
		if !strings.Contains(got, w) {
			t.Errorf("env %q lacks %s", got, w)
		}
	}
	for _, bad := range []string{"CG_SECRET", "CG_UNSET", "TZ="} {
		if strings.Contains(got, bad) {
			t.Errorf("env %q has %s", got, bad)
		}
	}
	if strings.Count(got, "PATH=") != 1 {
		t.Errorf("PATH listed twice: %q", got)
	}
}

func TestCallErrorText(t *testing.T) {
	tests := []struct {
		err  error
		is   error
		want string
	}{
		{errors.New("model missing"), nil, `plugin "scorer" "emb": Score failed: model missing; the host fails closed`},
		{ErrTimeout, ErrTimeout, `plugin "scorer" "emb": Score: plugin call timed out; the host fails closed, and a hung plugin is killed`},
		{ErrUnavailable, ErrUnavailable, `plugin "scorer" "emb": Score: plugin unavailable; the host fails closed and restarts the plugin`},
	}
	for _, tt := range tests {
		err := error(&CallError{Plugin: "emb", Kind: sdk.KindScorer, Op: "Score", Err: tt.err})
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("got %q, want prefix %q", err, tt.want)
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("errors.Is(%v, %v) = false", err, tt.is)
		}
	}
}
