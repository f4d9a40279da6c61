package plugintest

import (
	"os"
	"path/filepath"
	"testing"
)

// ConfigName is the file name the host reads its configuration from.
const ConfigName = "policies.hcl"

// WriteConfig writes src as the policies.hcl in dir (a new temporary
// directory when dir is ""), creating dir if needed, and returns the
// file's path. The file is private to the user (0600), as a config that
// names credentials must be. A failure fails t.
func WriteConfig(t testing.TB, dir, src string) string {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("making the config's directory: %v", err)
	}
	path := filepath.Join(dir, ConfigName)
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatalf("writing the test config: %v", err)
	}
	return path
}
