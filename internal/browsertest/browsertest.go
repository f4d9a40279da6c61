package browsertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// DefaultPath is where Debian's chromium package installs the browser.
const DefaultPath = "/usr/bin/chromium"

// RequireEnv names the variable that turns a missing browser from a skip
// into a failure when set to "1".
const RequireEnv = "COMPACTGUARD_REQUIRE_BROWSER"

// Timeout bounds one browser run; a page that never finishes loading
// fails the test instead of hanging it.
const Timeout = 90 * time.Second

// WindowWidth and WindowHeight are the size of Screenshot's window, in CSS
// pixels: a laptop-wide page, tall enough to show a report's summary and
// first sections in one image.
const (
	WindowWidth  = 1280
	WindowHeight = 2400
)

// Chromium returns the browser's path. When it is missing, it skips t, or
// fails it when COMPACTGUARD_REQUIRE_BROWSER=1.
func Chromium(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(DefaultPath); err == nil {
		return DefaultPath
	}
	msg := fmt.Sprintf("headless Chromium not found at %s (install it with `apt-get install -y chromium`)", DefaultPath)
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("%s; %s=1 requires it", msg, RequireEnv)
	}
	t.Skipf("%s; skipping (set %s=1 to make this a failure)", msg, RequireEnv)
	return ""
}

// Screenshot loads url in headless Chromium with a WindowWidth ×
// WindowHeight window and writes a PNG of it to out.
func Screenshot(t testing.TB, url, out string) {
	t.Helper()
	ScreenshotSize(t, url, out, WindowWidth, WindowHeight)
}

// ScreenshotSize is Screenshot with another window size, in CSS pixels.
func ScreenshotSize(t testing.TB, url, out string, width, height int) {
	t.Helper()
	abs, err := filepath.Abs(out)
	if err != nil {
		t.Fatal(err)
	}
	// Chromium writes the file itself; remove a stale one so a silent
	// failure cannot pass for success.
	if err := os.Remove(abs); err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	run(t, "--screenshot="+abs, fmt.Sprintf("--window-size=%d,%d", width, height), "--hide-scrollbars", url)
	fi, err := os.Stat(abs)
	if err != nil || fi.Size() == 0 {
		t.Fatalf("chromium wrote no screenshot of %s to %s (%v)", url, abs, err)
	}
}

// DumpDOM loads url in headless Chromium and returns the document's HTML
// as serialised after load, once the page's scripts (if any) have run.
func DumpDOM(t testing.TB, url string) string {
	t.Helper()
	out := run(t, "--dump-dom", url)
	if !strings.Contains(out, "<html") {
		t.Fatalf("chromium --dump-dom %s printed no document:\n%s", url, clip(out, 2000))
	}
	return out
}

// FileURL is the file:// URL of a local path.
func FileURL(t testing.TB, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return "file://" + filepath.ToSlash(abs)
}

// run starts Chromium headless with flags that keep it off the network
// and away from the user's profile, and returns its stdout.
func run(t testing.TB, args ...string) string {
	t.Helper()
	bin := Chromium(t)
	profile, err := os.MkdirTemp("", "cg-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(profile)
	base := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--user-data-dir=" + profile,
	}
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = append(os.Environ(), "HOME="+profile)
	killGroup(cmd)
	// Chromium's helper processes can keep the output pipes open after
	// the browser exits; do not wait for them forever.
	cmd.WaitDelay = 5 * time.Second
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("chromium %s: no result within %s\nstderr:\n%s", strings.Join(args, " "), Timeout, clip(stderr.String(), 4000))
	}
	if err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		t.Fatalf("chromium %s: %v\nstderr:\n%s", strings.Join(args, " "), err, clip(stderr.String(), 4000))
	}
	return stdout.String()
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
