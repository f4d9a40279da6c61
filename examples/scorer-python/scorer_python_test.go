package scorerpython_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/sdktest"
)

// python is Debian's interpreter: the one python3-grpcio, python3-protobuf
// and python3-cryptography install into, whatever python3 is first on
// PATH.
const python = "/usr/bin/python3"

// needPython skips the test when the interpreter or its modules are
// missing, unless COMPACTGUARD_REQUIRE_PYTHON=1 (CI sets it), where that
// is a failure.
func needPython(t *testing.T) {
	t.Helper()
	out, err := exec.Command(python, "-c", "import grpc, google.protobuf, cryptography").CombinedOutput()
	if err == nil {
		return
	}
	msg := "the Python scorer needs " + python + " with python3-grpcio, python3-protobuf and python3-cryptography " +
		"(apt-get install -y python3-grpcio python3-protobuf python3-cryptography): " + string(out)
	if os.Getenv("COMPACTGUARD_REQUIRE_PYTHON") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

func TestPythonScorerConforms(t *testing.T) {
	needPython(t)
	script, err := filepath.Abs("plugin.py")
	if err != nil {
		t.Fatal(err)
	}
	sdktest.Run(t, sdktest.Config{
		Path:      python,
		Args:      []string{script},
		Kind:      sdk.KindScorer,
		Config:    `min_term_share = 1`,
		BadConfig: `{"min_term_share": 7}`,
		// The large-input check (8 MiB of originals) is slower in Python; leave room for
		// a loaded CI machine.
		Timeout:      30 * time.Second,
		StartTimeout: 30 * time.Second,
	})
}

func TestPythonScorerUnitTests(t *testing.T) {
	needPython(t)
	out, err := exec.Command(python, "-m", "unittest", "-q", "test_scorer").CombinedOutput()
	if err != nil {
		t.Fatalf("python3 -m unittest test_scorer: %v\n%s", err, out)
	}
}
