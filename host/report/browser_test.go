package report

import (
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/internal/browsertest"
)

// UpdateScreenshotsEnv names the variable that makes TestBrowserIncidents
// write its screenshots to docs/screenshots/ instead of a temporary
// directory: COMPACTGUARD_UPDATE_SCREENSHOTS=1 go test ./host/report -run Browser
const UpdateScreenshotsEnv = "COMPACTGUARD_UPDATE_SCREENSHOTS"

var titleRe = regexp.MustCompile(`(?s)<title>(.*?)</title>`)

// writePage renders rs to a file in a temporary directory and returns its
// file:// URL.
func writePage(t *testing.T, name string, rs ...replayed) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".html")
	if err := os.WriteFile(path, []byte(render(t, HTMLOptions{Source: "compactguard replay " + name}, rs...)), 0o644); err != nil {
		t.Fatal(err)
	}
	return browsertest.FileURL(t, path)
}

// TestBrowserIncidents loads both incidents' reports in headless Chromium:
// the DOM after load holds the key elements, and a screenshot of each is
// taken (committed under docs/screenshots/).
func TestBrowserIncidents(t *testing.T) {
	browsertest.Chromium(t)
	tests := []struct {
		example, shot string
		want          []string
	}{
		{"migration-drop-table", "migration-report.png", []string{
			`<article class="card refusal" id="session-1-d3">`,
			`Compaction #3 was refused: it inverted the prohibition “Important: do not run DROP TABLE on legacy_orders.”`,
			`<span class="fate fate-lost">lost</span>`,
			`anchored {{anchored}}`, `+{{gap}}`, `⚠ gap_rising gap_high`,
		}},
		{"synthesis-overflow", "synthesis-report.png", []string{
			`<div class="edit edit-bad" id="session-1-d3">`,
			`worst case 61,114 (+13,114 over)`, `budget 48,000`, `class="bar-over"`,
			`held: not → synthesis`,
		}},
	}
	shots := t.TempDir()
	if os.Getenv(UpdateScreenshotsEnv) == "1" {
		shots = filepath.Join(moduleRoot, "docs", "screenshots")
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range tests {
		t.Run(tc.example, func(t *testing.T) {
			r := replayExample(t, tc.example)
			fill := incidentFigures(t, r)
			url := writePage(t, tc.example, r)
			dom := browsertest.DumpDOM(t, url)
			for _, w := range tc.want {
				w = fill.Replace(w)
				if !strings.Contains(dom, w) {
					t.Errorf("the loaded page lacks %q", w)
				}
			}
			if m := titleRe.FindStringSubmatch(dom); m == nil || m[1] != "compactguard decision report" {
				t.Errorf("title after load = %v", m)
			}
			out := filepath.Join(shots, tc.shot)
			browsertest.Screenshot(t, url, out)
			checkPNG(t, out)
		})
	}
}

// TestBrowserDoesNotRunInjectedScript loads the report of a session whose
// context carries a script that would retitle the page: after load the
// title is unchanged and the script shows as text.
func TestBrowserDoesNotRunInjectedScript(t *testing.T) {
	browsertest.Chromium(t)
	realPlugins(t)
	r := replayNative(t, filepath.Join(moduleRoot, "examples", "migration-drop-table", "policies.hcl"), xssSession(t))
	dom := browsertest.DumpDOM(t, writePage(t, "xss", r))
	m := titleRe.FindStringSubmatch(dom)
	if m == nil || m[1] != "compactguard decision report" {
		t.Errorf("title after load = %v: the injected script ran", m)
	}
	if strings.Contains(dom, "<script") {
		t.Error("the loaded DOM holds a <script> element")
	}
	if !strings.Contains(dom, `&lt;script&gt;document.title='pwned'&lt;/script&gt;`) {
		t.Error("the injected script does not show as text")
	}
}

// checkPNG checks that path is a PNG of the screenshot window's size.
func checkPNG(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if cfg.Width != browsertest.WindowWidth || cfg.Height != browsertest.WindowHeight {
		t.Errorf("%s is %dx%d, want %dx%d", path, cfg.Width, cfg.Height, browsertest.WindowWidth, browsertest.WindowHeight)
	}
}
