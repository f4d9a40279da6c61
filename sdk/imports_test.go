package sdk_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The SDK, its conformance kit included, links nothing of the host: a
// plugin author's test must not pull in the whole host, and a rule both
// share (the evidence rule, the config schema) lives in the SDK.
func TestSDKImportsNothingOfTheHost(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the SDK's imports: %v", err)
	}
	cmd := exec.Command(goBin, "list", "-deps", "./...")
	cmd.Dir = "." // this package's folder, sdk/
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./sdk/...: %v", err)
	}
	const host = "github.com/compactguard/compactguard/host/"
	var sdkPkgs int
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, host) {
			t.Errorf("package %s is a dependency of the SDK; move what the SDK needs into sdk/, or hand it in from the host (see sdktest.Config.ParsePolicy)", pkg)
		}
		if strings.HasPrefix(pkg, "github.com/compactguard/compactguard/sdk") {
			sdkPkgs++
		}
	}
	if sdkPkgs < 2 {
		t.Fatalf("go list named %d SDK packages, want the sdk and its sub-packages:\n%s", sdkPkgs, out)
	}
}
