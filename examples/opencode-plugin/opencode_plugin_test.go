// Package opencodeplugin holds the test of the opencode plugin
// (opencode-compactguard, plain JavaScript with JSDoc types): it runs the
// plugin's node:test suite against a real `compactguard serve`, and checks
// what `npm pack` would publish.
package opencodeplugin

import (
	"context"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/examples/internal/adaptertest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// TestPluginAgainstServe: the pin list goes into the compaction prompt; a
// careless summary is reported (repair off) or repaired (the prohibition
// appended to the summary the model sees, again on later calls and after
// a restart); a faithful one is left as it is.
func TestPluginAgainstServe(t *testing.T) {
	node := adaptertest.Node(t)
	out, srv := adaptertest.Run(t, ".", nil, node, "--test", "--test-reporter=tap", "test/plugin.test.js")
	if !strings.Contains(out, "# fail 0") || strings.Contains(out, "# SKIP") {
		t.Errorf("node --test: want no failure and nothing skipped:\n%s", out)
	}
	adaptertest.CheckTrails(t, srv)
}

// TestPackageFiles checks the files `npm pack` puts in the package
// (offline; skipped when npm is not installed).
func TestPackageFiles(t *testing.T) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not on PATH: the package's file list is not checked")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	raw, err := exec.CommandContext(ctx, npm, "pack", "--dry-run", "--json", "--offline").Output()
	if err != nil {
		t.Fatalf("npm pack --dry-run: %v", err)
	}
	var packs []struct {
		Name  string `json:"name"`
		Files []struct {
			Path string `json:"path"`
		} `json:"files"`
	}
	if err := json.Unmarshal(raw, &packs); err != nil || len(packs) != 1 {
		t.Fatalf("npm pack --json: %v\n%s", err, raw)
	}
	var got []string
	for _, f := range packs[0].Files {
		got = append(got, f.Path)
	}
	slices.Sort(got)
	want := []string{"README.md", "index.d.ts", "index.js", "lib.d.ts", "lib.js", "package.json"}
	if packs[0].Name != "opencode-compactguard" || !slices.Equal(got, want) {
		t.Errorf("npm pack: %s with %v, want opencode-compactguard with %v", packs[0].Name, got, want)
	}
}
