package guard

import (
	"errors"
	"math"
	"testing"
)

// A selection takes the same summary fields as a compaction and must check
// them the same way: a self score outside [0,1] (or NaN, which cannot even
// be recorded as JSON) and a summary id with a newline are input errors,
// and nothing is written.
func TestSelectionChecksItsFields(t *testing.T) {
	tests := []struct {
		name  string
		req   SelectionRequest
		field string
	}{
		{"NaN self score", SelectionRequest{Summary: "read files", SelfScore: ptr(math.NaN())}, "self_score"},
		{"self score above 1", SelectionRequest{Summary: "read files", SelfScore: ptr(5.0)}, "self_score"},
		{"negative self score", SelectionRequest{Summary: "read files", SelfScore: ptr(-0.5)}, "self_score"},
		{"id with a newline", SelectionRequest{Summary: "read files", ID: "sum\nforged"}, "id"},
		{"id too long", SelectionRequest{Summary: "read files", ID: string(make([]byte, 300))}, "id"},
		{"valid", SelectionRequest{Summary: "read files", SelfScore: ptr(0.9), ID: "sel-1"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s", reads(20, 0)...)
			d, err := f.g.Select(f.ctx, tenant, "s", tt.req)
			if tt.field == "" {
				if err != nil || !*d.Allowed {
					t.Fatalf("valid selection: %v %+v", err, d)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tt.field {
				t.Fatalf("got %+v, %v; want an input error on %s", d, err, tt.field)
			}
			if n := len(f.decisions(t, "s")); n != 0 {
				t.Fatalf("%d decisions recorded", n)
			}
		})
	}
}
