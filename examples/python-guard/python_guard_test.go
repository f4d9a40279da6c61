// Package pythonguard holds the test of compactguard_guard.py, the shared
// half of the Python adapters: it runs the Python tests (unittest,
// standard library only) against a real `compactguard serve`.
package pythonguard

import (
	"testing"

	"github.com/compactguard/compactguard/examples/internal/adaptertest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// TestGuardAgainstServe: check answers allow, repair and refuse (with and
// without repair, and with no repair allowed), pins each span once,
// adopts an existing session, and follows fail_open on API errors.
func TestGuardAgainstServe(t *testing.T) {
	adaptertest.RunPython(t, "test_compactguard_guard")
}
