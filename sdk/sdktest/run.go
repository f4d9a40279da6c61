package sdktest

import (
	"testing"
)

// Run runs every check against the plugin cfg describes, one subtest per
// check (named as in AllChecks): a failed check fails its subtest with
// what the plugin did wrong and how to fix it; a skipped one is skipped.
// A Config the kit cannot use fails t at once.
func Run(t *testing.T, cfg Config) *Report {
	t.Helper()
	rep, err := Check(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	subtests(t, rep)
	return rep
}

// subtests reports each result of rep as a subtest of t.
func subtests(t *testing.T, rep *Report) {
	t.Helper()
	for _, res := range rep.Results {
		t.Run(res.Name, func(t *testing.T) {
			switch res.Status {
			case Fail:
				t.Error(res.Message)
			case Skip:
				t.Skip(res.Message)
			default:
				t.Log(res.Message)
			}
		})
	}
}
