package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPluginsTestCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
	}{
		{"no path", []string{"plugins", "test", "--kind", "scorer"}, exitUsage, "need the plugin's PATH"},
		{"unknown kind", []string{"plugins", "test", "--kind", "summariser", "/bin/echo"}, exitUsage, "not extractor, scorer or policy"},
		{"not a plugin", []string{"plugins", "test", "--kind", "scorer", "/bin/echo", "hello"}, exitInput, "FAIL handshake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) {
				t.Errorf("exit %d, want %d with %q in:\n%s", code, tt.wantCode, tt.wantOut, out)
			}
		})
	}
}
