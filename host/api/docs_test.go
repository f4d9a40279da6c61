package api_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/sdk"
)

const decisionsDoc = "../../docs/decisions.md"

// reasonVocabulary is DESIGN.md's closed vocabulary of reason codes
// ("Decision JSON"), by the decision types each appears in.
var reasonVocabulary = map[string][]string{
	guard.ReasonNoDecisionRelevantItems: {guard.TypeCompaction},
	guard.ReasonLosslessDedup:           {guard.TypeCompaction},
	guard.ReasonAnchoredScorePassed:     {guard.TypeCompaction},
	guard.ReasonUnpinnedReference:       {guard.TypeCompaction},
	guard.ReasonBelowThreshold:          {guard.TypeCompaction},
	guard.ReasonMustKeepItemMissing:     {guard.TypeCompaction},
	guard.ReasonPluginFailure:           {guard.TypeCompaction, guard.TypePolicyEdit, guard.TypePhaseSignal},
	guard.ReasonInvalidPluginOutput:     {guard.TypeCompaction, guard.TypePhaseSignal},
	guard.ReasonScoreOnlyEdit:           {guard.TypePolicyEdit},
	guard.ReasonBoundVerified:           {guard.TypePolicyEdit},
	guard.ReasonOverBudget:              {guard.TypePolicyEdit, guard.TypeCompaction},
	guard.ReasonUnboundedScores:         {guard.TypePolicyEdit, guard.TypeCompaction},
	guard.ReasonStalePhaseSignal:        {guard.TypePolicyEdit},
	guard.ReasonSignalFromCompaction:    {guard.TypePolicyEdit, guard.TypePhaseSignal},
	guard.ReasonBudgetRequiresAuthority: {guard.TypePolicyEdit},
	guard.ReasonInvalidPolicy:           {guard.TypePolicyEdit},
	guard.ReasonFrozen:                  {guard.TypePhaseSignal},
	guard.ReasonBudgetChanged:           {guard.TypeBudget},
	guard.ReasonUnauthorized:            {guard.TypeBudget},
}

// jsonFields lists the JSON names of t's exported fields.
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// docTableFields lists the first-column names of the markdown table
// under the heading that starts with heading.
func docTableFields(t *testing.T, doc, heading string) map[string]bool {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/decisions.md has no %q", heading)
	}
	if i := strings.Index(rest, "\n#"); i >= 0 {
		rest = rest[:i]
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|").FindAllStringSubmatch(rest, -1) {
		out[m[1]] = true
	}
	return out
}

// TestDecisionsDocMatchesTheCode: docs/decisions.md lists every JSON
// field of a decision and of its items (and no field the code lacks),
// has a section for every reason code of DESIGN.md's vocabulary, and
// every example in it decodes as a decision, with no unknown field, of a
// type the reason applies to, under the section of its own reason.
func TestDecisionsDocMatchesTheCode(t *testing.T) {
	raw, err := os.ReadFile(decisionsDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)

	fields := docTableFields(t, doc, "## Fields")
	items := docTableFields(t, doc, "### Item fields")
	check := func(what string, documented map[string]bool, code []string) {
		inCode := map[string]bool{}
		for _, f := range code {
			inCode[f] = true
			if !documented[f] {
				t.Errorf("%s field %q is not in docs/decisions.md", what, f)
			}
		}
		for f := range documented {
			if !inCode[f] {
				t.Errorf("docs/decisions.md lists the %s field %q, which the code does not have", what, f)
			}
		}
	}
	check("decision", fields, jsonFields(reflect.TypeOf(guard.Decision{})))
	check("item", items, jsonFields(reflect.TypeOf(guard.DecisionItem{})))
	// The small nested objects are named in the meaning column.
	for _, f := range append(append(jsonFields(reflect.TypeOf(guard.ScorerVerdict{})), jsonFields(reflect.TypeOf(guard.Origin{}))...), jsonFields(reflect.TypeOf(sdk.Usage{}))...) {
		if !strings.Contains(doc, "`"+f+"`") {
			t.Errorf("nested field %q is not in docs/decisions.md", f)
		}
	}

	// Each "#### `code`" section: the code is in the vocabulary, and its
	// examples are decisions with that reason.
	sections := regexp.MustCompile("(?m)^#### `([a-z_]+)`").FindAllStringSubmatchIndex(doc, -1)
	seen := map[string]bool{}
	for i, m := range sections {
		code := doc[m[2]:m[3]]
		end := len(doc)
		if i+1 < len(sections) {
			end = sections[i+1][0]
		}
		body := doc[m[1]:end]
		if j := strings.Index(body, "\n### "); j >= 0 {
			body = body[:j]
		}
		types, ok := reasonVocabulary[code]
		if !ok {
			t.Errorf("docs/decisions.md has a section for %q, which is not a reason code", code)
			continue
		}
		seen[code] = true
		examples := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(body, -1)
		if len(examples) == 0 {
			t.Errorf("%s: no example", code)
		}
		for _, ex := range examples {
			dec := json.NewDecoder(bytes.NewReader([]byte(ex[1])))
			dec.DisallowUnknownFields()
			var d guard.Decision
			if err := dec.Decode(&d); err != nil {
				t.Errorf("%s: the example does not decode as a decision: %v\n%s", code, err, ex[1])
				continue
			}
			if d.Reason != code {
				t.Errorf("the example under %s has reason %q", code, d.Reason)
			}
			ok := false
			for _, ty := range types {
				ok = ok || d.Type == ty
			}
			if !ok {
				t.Errorf("%s: the example is a %s decision; the reason applies to %v", code, d.Type, types)
			}
			if (d.Allowed == nil) == (d.Accepted == nil) {
				t.Errorf("%s: the example must carry exactly one of allowed and accepted", code)
			}
		}
	}
	for code := range reasonVocabulary {
		if !seen[code] {
			t.Errorf("reason code %q has no section in docs/decisions.md", code)
		}
	}
}
