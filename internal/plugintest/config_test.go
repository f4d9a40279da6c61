package plugintest

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteConfigWritesPoliciesHCL(t *testing.T) {
	tests := []struct {
		name string
		dir  func(t *testing.T) string
	}{
		{"a fresh temporary directory", func(*testing.T) string { return "" }},
		{"a directory that does not exist yet", func(t *testing.T) string { return filepath.Join(t.TempDir(), "a", "b") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir(t)
			path := WriteConfig(t, dir, "budget { tokens = 1 }\n")
			if filepath.Base(path) != ConfigName || (dir != "" && filepath.Dir(path) != dir) {
				t.Errorf("path %s, want %s in %q", path, ConfigName, dir)
			}
			b, err := os.ReadFile(path)
			if err != nil || string(b) != "budget { tokens = 1 }\n" {
				t.Fatalf("read back %q, %v", b, err)
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600", fi.Mode().Perm())
			}
		})
	}
}
