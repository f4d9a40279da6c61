package inproc_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/compactguard/compactguard/internal/plugintest"
)

// referencePlugins are the plugins the configurations of these tests (the
// migration example's and the built-in one) start.
var referencePlugins = []string{"./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase"}

// TestMain builds the reference plugins once and puts them first on PATH,
// where the configurations' bare plugin names are looked up: an Example
// takes no *testing.T, so it cannot ask plugintest.Build itself.
func TestMain(m *testing.M) {
	dir, err := plugintest.Built(referencePlugins...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "building the reference plugins:", err)
		os.Exit(1)
	}
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	plugintest.Main(m)
}
