package plugintest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// Packages of the test plugins, relative to the module root. The binary
// Build makes from each is named after the last path element.
const (
	// GoodExtractor emits one "prohibition" item per span containing
	// "do not", and logs each call (hclog and raw stderr).
	GoodExtractor = "./internal/plugintest/testplugins/extractor-good"
	// ScorerOnly serves only the scorer kind.
	ScorerOnly = "./internal/plugintest/testplugins/scorer-only"
	// HangExtractor blocks forever on a span whose text is "HANG".
	HangExtractor = "./internal/plugintest/testplugins/extractor-hang"
	// CrashExtractor exits with status 3 on a span whose text is "CRASH".
	CrashExtractor = "./internal/plugintest/testplugins/extractor-crash"
	// EnvExtractor emits the value of the env var named by each span.
	EnvExtractor = "./internal/plugintest/testplugins/extractor-env"
	// NoisyExtractor prints to stdout before the handshake.
	NoisyExtractor = "./internal/plugintest/testplugins/extractor-noisy"
	// SchemaExtractor declares a config schema with a required number
	// attribute "threshold" that must lie in [0,1].
	SchemaExtractor = "./internal/plugintest/testplugins/extractor-schema"
)

// AllPlugins lists every test plugin package, for a test that wants them
// built in one go (one `go build` links them in parallel).
func AllPlugins() []string {
	return []string{GoodExtractor, ScorerOnly, HangExtractor, CrashExtractor, EnvExtractor, NoisyExtractor, SchemaExtractor}
}

// BinaryName is the file name Build gives the binary of pkg.
func BinaryName(pkg string) string {
	return path.Base(strings.TrimSuffix(pkg, "/"))
}

// build is one `go build` of a package list, run at most once.
type build struct {
	once sync.Once
	dir  string
	err  error
}

// registry caches builds for the life of the test process. It is the one
// piece of package-level state in this package, on purpose: a test binary
// must not link the same plugins once per test.
type registry struct {
	mu     sync.Mutex
	builds map[string]*build
}

var builds = &registry{builds: map[string]*build{}}

// Build compiles the given main packages (import paths, or paths starting
// with ./ relative to the module root) into one directory and returns it;
// each binary is named after its package's last path element (see
// BinaryName). The same package list is built once per test process, the
// first time it is asked for; later calls, from any test, get the same
// directory. The directory lives in TMPDIR until Cleanup runs (Main runs it
// after the tests). A build failure fails t with the compiler's output.
func Build(t testing.TB, pkgs ...string) string {
	t.Helper()
	dir, err := Built(pkgs...)
	if err != nil {
		t.Fatalf("plugintest.Build: %v", err)
	}
	return dir
}

// Built is Build for code that has no testing.TB: a TestMain that must
// put the plugins on PATH before any test or Example runs (an Example
// takes no *testing.T). It shares Build's cache, and returns the build's
// error instead of failing a test.
func Built(pkgs ...string) (string, error) {
	if len(pkgs) == 0 {
		return "", errors.New("no packages given")
	}
	key := strings.Join(pkgs, "\x00")
	builds.mu.Lock()
	b, ok := builds.builds[key]
	if !ok {
		b = &build{}
		builds.builds[key] = b
	}
	builds.mu.Unlock()

	b.once.Do(func() { b.dir, b.err = goBuild(pkgs) })
	return b.dir, b.err
}

// Cleanup removes every directory Build made. Call it once, after all
// tests (Main does).
func Cleanup() {
	builds.mu.Lock()
	defer builds.mu.Unlock()
	for key, b := range builds.builds {
		if b.dir != "" {
			_ = os.RemoveAll(b.dir)
		}
		delete(builds.builds, key)
	}
}

// Main runs the tests, removes the built plugins and exits; call it from
// TestMain.
func Main(m *testing.M) {
	code := m.Run()
	Cleanup()
	os.Exit(code)
}

func goBuild(pkgs []string) (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "cg-plugintest-")
	if err != nil {
		return "", fmt.Errorf("making the build directory: %w", err)
	}
	// -s -w: test binaries need no symbol tables, and skipping them
	// roughly halves the link time.
	args := append([]string{"build", "-ldflags=-s -w", "-o", dir + string(filepath.Separator)}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		_ = os.RemoveAll(dir)
		return "", fmt.Errorf("go %s (in %s): %v\n%s", strings.Join(args, " "), root, err, out)
	}
	return dir, nil
}

// ModuleRoot finds the directory holding compactguard's go.mod, walking
// up from the working directory (a test runs in its package's directory)
// past any nested module's go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the module root: %w", err)
	}
	for {
		mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && moduleLine.Match(mod) {
			return dir, nil
		} else if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("finding the module root: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("finding the module root: no go.mod of " + modulePath + " above the working directory")
		}
		dir = parent
	}
}

// modulePath is the module whose root ModuleRoot finds. The examples that
// pin a framework in a nested module (examples/eino-finalize) have a go.mod
// of their own; their tests still build the plugins from this one.
const modulePath = "github.com/compactguard/compactguard"

var moduleLine = regexp.MustCompile(`(?m)^module\s+` + regexp.QuoteMeta(modulePath) + `\s*$`)
