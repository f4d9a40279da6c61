// Package pythonguard holds the test of compactguard_guard.py, the shared
// half of the Python adapters: it runs the Python tests (unittest,
// standard library only) against a real `compactguard serve`.
package pythonguard

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/examples/internal/adaptertest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// TestGuardAgainstServe: check answers allow, repair and refuse (with and
// without repair, and with no repair allowed), pins each span once,
// adopts an existing session, and follows fail_open on API errors.
func TestGuardAgainstServe(t *testing.T) {
	py := adaptertest.Python(t)
	out, srv := adaptertest.Run(t, ".", []string{"PYTHONDONTWRITEBYTECODE=1"}, py, "-m", "unittest", "-v", "test_compactguard_guard")
	if strings.Contains(out, "needs a compactguard serve") {
		t.Errorf("the tests against the server were skipped:\n%s", out)
	}
	adaptertest.CheckTrails(t, srv)
}
