// Package browsertest drives headless Chromium from tests: a screenshot of
// a page and its DOM after load. The HTML report's tests use it, and so can
// any later page (the live dashboard) without copying the plumbing.
//
// Chromium is Debian's `chromium` package at /usr/bin/chromium. When it is
// missing the calling test is skipped with a message, unless the
// environment sets COMPACTGUARD_REQUIRE_BROWSER=1 (CI does), in which case
// the test fails: a CI run must never pass by skipping its browser checks.
//
//	func TestPage(t *testing.T) {
//		dom := browsertest.DumpDOM(t, "file:///tmp/report.html")
//		browsertest.Screenshot(t, "file:///tmp/report.html", filepath.Join(t.TempDir(), "page.png"))
//	}
package browsertest
