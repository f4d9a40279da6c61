package plugintest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMain(m *testing.M) { Main(m) }

func TestBuildOncePerPackageList(t *testing.T) {
	dir := Build(t, GoodExtractor, ScorerOnly)
	for _, pkg := range []string{GoodExtractor, ScorerOnly} {
		fi, err := os.Stat(filepath.Join(dir, BinaryName(pkg)))
		if err != nil {
			t.Fatalf("binary of %s: %v", pkg, err)
		}
		if fi.Mode()&0o111 == 0 {
			t.Errorf("%s is not executable", fi.Name())
		}
	}
	if again := Build(t, GoodExtractor, ScorerOnly); again != dir {
		t.Errorf("second Build of the same packages gave %s, want the cached %s", again, dir)
	}
}

func TestBuildFailureShowsCompilerOutput(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	broken, err := os.MkdirTemp(filepath.Join(root, "internal", "plugintest"), "broken-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(broken) })
	src := "package main\n\nfunc main() { undefinedThing() }\n"
	if err := os.WriteFile(filepath.Join(broken, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(root, broken)
	_, err = goBuild([]string{"./" + rel})
	if err == nil || !strings.Contains(err.Error(), "undefined: undefinedThing") {
		t.Fatalf("got %v, want the compiler's complaint", err)
	}
}

func TestBinaryName(t *testing.T) {
	tests := map[string]string{
		GoodExtractor: "extractor-good",
		"github.com/compactguard/compactguard/plugins/extractor-regex": "extractor-regex",
		"./x/y/": "y",
	}
	for pkg, want := range tests {
		if got := BinaryName(pkg); got != want {
			t.Errorf("BinaryName(%q) = %q, want %q", pkg, got, want)
		}
	}
}
