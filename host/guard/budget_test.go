package guard

import "testing"

// A release before kept the authority's request ids bare; the API now
// stores them as "authority:ID" and passes the bare id as
// FormerRequestID. A retry that spans the upgrade is answered with the
// change the release accepted, never applied twice; anything else under
// the bare id (a tenant's refused attempt, a tenant's compaction, another
// request) is no answer, and the change is decided afresh.
func TestChangeBudgetFormerRequestID(t *testing.T) {
	retry := BudgetRequest{Tokens: 5000, Authority: "admin", Credential: "s3cret", RequestID: "authority:b1", FormerRequestID: "b1"}
	tests := []struct {
		name string
		// before records what the release left under the bare id b1.
		before     func(t *testing.T, f *fixture)
		retry      BudgetRequest
		wantFormer bool // answered with the release's decision (seq 1)
	}{
		{"accepted change, same request", func(t *testing.T, f *fixture) {
			mustBudget(t, f, BudgetRequest{Tokens: 5000, Authority: "admin", Credential: "s3cret", RequestID: "b1"})
		}, retry, true},
		{"accepted change, other tokens", func(t *testing.T, f *fixture) {
			mustBudget(t, f, BudgetRequest{Tokens: 6000, Authority: "admin", Credential: "s3cret", RequestID: "b1"})
		}, retry, false},
		{"a tenant's refused attempt", func(t *testing.T, f *fixture) {
			mustBudget(t, f, BudgetRequest{Tokens: 5000, Authority: "admin", RequestID: "b1"})
		}, retry, false},
		{"a tenant's compaction", func(t *testing.T, f *fixture) {
			if _, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful, RequestID: "b1"}); err != nil {
				t.Fatal(err)
			}
		}, retry, false},
		{"nothing", func(*testing.T, *fixture) {}, retry, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s", migration...)
			tt.before(t, f)
			n := len(f.decisions(t, "s"))
			d, err := f.g.ChangeBudget(f.ctx, tenant, "s", tt.retry)
			if err != nil {
				t.Fatal(err)
			}
			after := f.decisions(t, "s")
			if tt.wantFormer {
				if d.Seq != 1 || len(after) != n {
					t.Fatalf("retry answered decision %d and recorded %d more; want the release's decision 1 and nothing new", d.Seq, len(after)-n)
				}
				return
			}
			if !*d.Accepted || d.Seq != int64(n+1) || len(after) != n+1 || after[n].RequestID != "authority:b1" {
				t.Fatalf("retry: decision %+v, trail %d -> %d; want a new accepted change under authority:b1", d, n, len(after))
			}
			// And its own retry is answered from the new namespace.
			again, err := f.g.ChangeBudget(f.ctx, tenant, "s", tt.retry)
			if err != nil || again.Seq != d.Seq || len(f.decisions(t, "s")) != n+1 {
				t.Fatalf("second retry: %+v, %v", again, err)
			}
		})
	}
}

func mustBudget(t *testing.T, f *fixture, req BudgetRequest) {
	t.Helper()
	if _, err := f.g.ChangeBudget(f.ctx, tenant, "s", req); err != nil {
		t.Fatal(err)
	}
}

// The API says who sent a budget request; the guard keeps the two
// callers' request ids apart and never lets a tenant's request carry a
// credential.
func TestBearerScopesRequestIDs(t *testing.T) {
	tests := []struct {
		name string
		in   BudgetRequest
		want BudgetRequest
	}{
		{"in process: ids as given",
			BudgetRequest{Tokens: 1, RequestID: "b1", Credential: "c"},
			BudgetRequest{Tokens: 1, RequestID: "b1", Credential: "c"}},
		{"tenant: own namespace, no credential",
			BudgetRequest{Tokens: 1, RequestID: "b1", Credential: "c", Bearer: BearerTenant},
			BudgetRequest{Tokens: 1, RequestID: "tenant:b1", Bearer: BearerTenant}},
		{"authority: own namespace, the bare id as the former one",
			BudgetRequest{Tokens: 1, RequestID: "b1", Credential: "c", Bearer: BearerAuthority},
			BudgetRequest{Tokens: 1, RequestID: "authority:b1", FormerRequestID: "b1", Credential: "c", Bearer: BearerAuthority}},
		{"no request id: nothing to scope",
			BudgetRequest{Tokens: 1, Credential: "c", Bearer: BearerAuthority},
			BudgetRequest{Tokens: 1, Credential: "c", Bearer: BearerAuthority}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.in.scoped(); got != tt.want {
				t.Errorf("scoped() = %+v, want %+v", got, tt.want)
			}
		})
	}
}
