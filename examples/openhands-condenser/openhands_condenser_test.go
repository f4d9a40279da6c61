// Package openhandscondenser holds the test of compactguard_openhands.py,
// the OpenHands V1 condenser wrapper: it runs the Python tests (unittest,
// standard library only) against a real `compactguard serve`.
package openhandscondenser

import (
	"testing"

	"github.com/compactguard/compactguard/examples/internal/adaptertest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// TestCondenserAgainstServe: a careless Condensation is vetoed (the view
// returned unchanged) or repaired (the prohibition appended to its
// summary), a faithful one goes through unchanged, a later one covers the
// summary by the Condensation's id, and an unreachable guard vetoes
// unless fail_open.
func TestCondenserAgainstServe(t *testing.T) {
	adaptertest.RunPython(t, "test_compactguard_openhands")
}
