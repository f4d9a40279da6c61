package guard

import (
	"errors"
	"testing"
)

// A request id names one request. Reusing it for another request must not
// answer with the first request's decision: an orchestrator that proposed
// a careless summary under the id of an allowed faithful one would read
// "allowed" and apply the careless one.
func TestRequestIDReusedForAnotherRequest(t *testing.T) {
	first := CompactionRequest{Covers: ids(migration), Summary: faithful, RequestID: "r1"}
	tests := []struct {
		name    string
		second  func(f *fixture) (*Decision, error)
		wantErr bool
	}{
		{"same request is a retry", func(f *fixture) (*Decision, error) {
			return f.g.Compact(f.ctx, tenant, "s", first)
		}, false},
		{"other summary", func(f *fixture) (*Decision, error) {
			return f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: careless, RequestID: "r1"})
		}, true},
		{"other covers", func(f *fixture) (*Decision, error) {
			return f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration[:2]), Summary: faithful, RequestID: "r1"})
		}, true},
		{"other type", func(f *fixture) (*Decision, error) {
			return f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{Policy: "wide", RequestID: "r1"})
		}, true},
		{"budget with the id", func(f *fixture) (*Decision, error) {
			return f.g.ChangeBudget(f.ctx, tenant, "s", BudgetRequest{Tokens: 5, Authority: "admin", Credential: "s3cret", RequestID: "r1"})
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s", migration...)
			d1, err := f.g.Compact(f.ctx, tenant, "s", first)
			if err != nil {
				t.Fatal(err)
			}
			if !*d1.Allowed {
				t.Fatalf("first compaction refused: %s", d1.Message)
			}
			d2, err := tt.second(f)
			if !tt.wantErr {
				if err != nil || d2.Seq != d1.Seq {
					t.Fatalf("retry: %v, %+v", err, d2)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != "request_id" {
				t.Fatalf("got decision %+v, err %v; want an input error on request_id", d2, err)
			}
			if n := len(f.decisions(t, "s")); n != 1 {
				t.Fatalf("%d decisions recorded", n)
			}
		})
	}
}
