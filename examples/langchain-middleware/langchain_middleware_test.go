// Package langchainmiddleware holds the test of compactguard_langchain.py,
// the LangChain v1 summarization middleware: it runs the Python tests
// (unittest, standard library only) against a real `compactguard serve`.
package langchainmiddleware

import (
	"path/filepath"
	"strings"
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
	py := adaptertest.Python(t)
	guard, err := filepath.Abs("../python-guard")
	if err != nil {
		t.Fatal(err)
	}
	out, srv := adaptertest.Run(t, ".", []string{"PYTHONPATH=" + guard, "PYTHONDONTWRITEBYTECODE=1"},
		py, "-m", "unittest", "-v", "test_compactguard_langchain")
	if strings.Contains(out, "needs a compactguard serve") {
		t.Errorf("the tests against the server were skipped:\n%s", out)
	}
	adaptertest.CheckTrails(t, srv)
}
