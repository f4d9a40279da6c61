// Package langchainmiddleware holds the test of compactguard_langchain.py,
// the LangChain v1 summarization middleware: it runs the Python tests
// (unittest, standard library only) against a real `compactguard serve`.
package langchainmiddleware

import (
	"testing"

	"github.com/compactguard/compactguard/examples/internal/adaptertest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// TestMiddlewareAgainstServe: a careless summary is refused (the original
// messages kept) or repaired (the prohibition appended), a faithful one
// allowed unchanged, a later compaction covers the allowed summary, and
// an unreachable guard keeps the originals unless fail_open.
func TestMiddlewareAgainstServe(t *testing.T) {
	adaptertest.RunPython(t, "test_compactguard_langchain")
}
