package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// reasonHome says in which files each reason code may be given: an
// invariant's own refusals and verdicts only in its file. The reasons
// every kind of decision shares when a plugin fails, and the two a
// selection gives as well as a policy edit (it applies the active policy
// under the same budget), are exempt: they stand in every file that gives
// them.
var reasonHome = map[string][]string{
	// Invariant 1.
	"ReasonNoDecisionRelevantItems": {"compaction.go"},
	"ReasonLosslessDedup":           {"compaction.go"},
	"ReasonAnchoredScorePassed":     {"compaction.go"},
	"ReasonUnpinnedReference":       {"compaction.go"},
	"ReasonBelowThreshold":          {"compaction.go"},
	"ReasonMustKeepItemMissing":     {"compaction.go"},
	// Invariant 2.
	"ReasonScoreOnlyEdit": {"edit.go"},
	"ReasonBoundVerified": {"edit.go"},
	"ReasonInvalidPolicy": {"edit.go"},
	// Invariant 3.
	"ReasonFrozen":               {"phase.go"},
	"ReasonStalePhaseSignal":     {"phase.go"},
	"ReasonSignalFromCompaction": {"phase.go"},
	// Invariant 4.
	"ReasonBudgetChanged":           {"budget.go"},
	"ReasonUnauthorized":            {"budget.go"},
	"ReasonBudgetRequiresAuthority": {"budget.go"},
}

// exemptReasons may be given anywhere.
var exemptReasons = []string{"ReasonPluginFailure", "ReasonInvalidPluginOutput", "ReasonOverBudget", "ReasonUnboundedScores"}

// TestReasonsGivenOnlyInTheirInvariantsFile reads the package's
// production code (go/parser, no type checking: the reason constants are
// package-level names no local may shadow here) and checks every use of a
// Reason constant, declarations aside, against reasonHome. It also fails
// on a Reason constant that is in neither table, so a new reason has to be
// given a home.
func TestReasonsGivenOnlyInTheirInvariantsFile(t *testing.T) {
	declared, uses := reasonSites(t, ".")
	for _, name := range declared {
		if _, ok := reasonHome[name]; !ok && !slices.Contains(exemptReasons, name) {
			t.Errorf("%s is declared but has no home in reasonHome (nor is it exempt): say which invariant's file gives it", name)
		}
	}
	for name, homes := range reasonHome {
		if !slices.Contains(declared, name) {
			t.Errorf("reasonHome names %s, which the package does not declare", name)
			continue
		}
		// Each reason is given somewhere, so the check below cannot pass
		// on a scan that found nothing.
		if len(uses[name]) == 0 {
			t.Errorf("%s is never given in the production code", name)
		}
		for _, at := range uses[name] {
			if !slices.Contains(homes, filepath.Base(at.Filename)) {
				t.Errorf("%s is given at %s; it belongs to %s only", name, at, strings.Join(homes, ", "))
			}
		}
	}
}

// TestReasonSitesSeesEveryUse pins the scanner the test above relies on,
// on a package written for it: a use in a function literal, in a
// composite literal and in a call is found, the declaration is not.
func TestReasonSitesSeesEveryUse(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.go": "package p\n\nconst (\n\tReasonA = \"a\"\n\tReasonB = \"b\"\n)\n\nfunc f() string { return ReasonA }\n",
		"b.go": "package p\n\ntype d struct{ r string }\n\nvar _ = d{r: ReasonB}\nvar _ = func() []string { return []string{ReasonA} }\n",
		// Test files are not production code.
		"c_test.go": "package p\n\nvar _ = ReasonB\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	declared, uses := reasonSites(t, dir)
	if !slices.Equal(declared, []string{"ReasonA", "ReasonB"}) {
		t.Errorf("declared = %v, want [ReasonA ReasonB]", declared)
	}
	got := map[string][]string{}
	for name, ps := range uses {
		for _, p := range ps {
			got[name] = append(got[name], filepath.Base(p.Filename))
		}
		sort.Strings(got[name])
	}
	want := map[string][]string{"ReasonA": {"a.go", "b.go"}, "ReasonB": {"b.go"}}
	for name, files := range want {
		if !slices.Equal(got[name], files) {
			t.Errorf("uses of %s in %v, want %v", name, got[name], files)
		}
	}
}

// reasonSites parses the non-test Go files of dir and returns the Reason
// constants declared at package level (sorted) and where each is used.
func reasonSites(t *testing.T, dir string) (declared []string, uses map[string][]token.Position) {
	t.Helper()
	fset := token.NewFileSet()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	uses = map[string][]token.Position{}
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		decl := map[*ast.Ident]bool{}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				for _, n := range spec.(*ast.ValueSpec).Names {
					if strings.HasPrefix(n.Name, "Reason") {
						decl[n] = true
						declared = append(declared, n.Name)
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if ok && strings.HasPrefix(id.Name, "Reason") && !decl[id] {
				uses[id.Name] = append(uses[id.Name], fset.Position(id.Pos()))
			}
			return true
		})
	}
	sort.Strings(declared)
	return declared, uses
}
