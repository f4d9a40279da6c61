package api_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
)

// TestSessionIDsPerTenant: two tenants each create s1 and use it, with
// the same span ids and request ids, over HTTP; each sees only its own,
// and the authority must name the tenant of an s1 two tenants hold.
func TestSessionIDsPerTenant(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s1")
	if _, err := e.globex.CreateSession(ctx, "s1"); err != nil {
		t.Fatalf("globex creating s1, which acme holds: %v", err)
	}
	if _, err := e.globex.Append(ctx, "s1", []client.Span{{ID: "s1", Kind: "user", Text: "Globex's own first span."}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client.Client{e.acme, e.globex} {
		if _, err := c.CreateSession(ctx, "s1"); client.StatusOf(err) != http.StatusConflict {
			t.Errorf("creating s1 a second time in one tenant: %v, want 409", err)
		}
	}
	acmeD, err := e.acme.Compact(ctx, "s1", client.CompactionRequest{Covers: []string{"s3", "s4"}, Summary: "schema read twice", RequestID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	globexD, err := e.globex.Compact(ctx, "s1", client.CompactionRequest{Covers: []string{"s1"}, Summary: "Globex's own first span.", RequestID: "c1"})
	if err != nil {
		t.Fatalf("globex using request id c1, which acme used in its s1: %v", err)
	}
	if slices.Equal(acmeD.Covers, globexD.Covers) {
		t.Errorf("both tenants' c1 cover %v: one answered the other's decision", acmeD.Covers)
	}
	for name, c := range map[string]*client.Client{"acme": e.acme, "globex": e.globex} {
		st, err := c.Session(ctx, "s1")
		if err != nil || st.Tenant != name {
			t.Fatalf("%s GET s1: %+v, %v", name, st, err)
		}
		tr, err := c.Decisions(ctx, "s1")
		if err != nil || !tr.ChainOK || len(tr.Decisions) != 1 {
			t.Fatalf("%s trail of s1: %+v, %v; want its one decision, chain ok", name, tr, err)
		}
		list, err := c.Sessions(ctx)
		if err != nil || len(list.Sessions) != 1 || list.Sessions[0].ID != "s1" || list.Sessions[0].Tenant != name {
			t.Errorf("%s list: %+v, %v", name, list, err)
		}
		body, status := getRecords(t, e.url, map[string]string{"acme": tokenAcme, "globex": tokenGlobex}[name], "s1")
		if status != http.StatusOK {
			t.Errorf("%s records of s1: %d %s", name, status, body)
		}
	}

	// The authority cannot guess which tenant's s1 it means.
	if _, err := e.auth.ChangeBudget(ctx, "s1", client.BudgetRequest{Tokens: 9000}); client.StatusOf(err) != http.StatusBadRequest {
		t.Errorf("authority on an s1 two tenants hold, no tenant header: %v, want 400", err)
	}
	globexAuth := e.auth.WithToken(authSecret, client.WithHeader(api.TenantHeader, "globex"))
	if d, err := globexAuth.ChangeBudget(ctx, "s1", client.BudgetRequest{Tokens: 9000}); err != nil || !*d.Accepted {
		t.Fatalf("authority naming globex: %+v, %v", d, err)
	}
	a, _ := e.acme.Session(ctx, "s1")
	g, _ := e.globex.Session(ctx, "s1")
	if g.Budget != 9000 || a.Budget == 9000 {
		t.Errorf("budgets after the authority changed globex's s1: acme %d, globex %d", a.Budget, g.Budget)
	}
}

// TestAuthorityRequestIDs: the authority's request ids live apart from a
// tenant's. A tenant using an id first takes nothing from the authority,
// a tenant's budget attempt under the same id takes nothing either, and
// each repeat answers its own decision.
func TestAuthorityRequestIDs(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s")
	compaction := client.CompactionRequest{Covers: []string{"s3", "s4"}, Summary: "schema read twice", RequestID: "x1"}
	c1, err := e.acme.Compact(ctx, "s", compaction)
	if err != nil {
		t.Fatal(err)
	}
	b1, err := e.auth.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 60000, RequestID: "x1"})
	if err != nil || !*b1.Accepted {
		t.Fatalf("authority using an id the tenant used first: %+v, %v; want its change accepted", b1, err)
	}
	_, err = e.acme.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 99000, RequestID: "x1"})
	if ae := apiErr(t, err); ae.Status != http.StatusForbidden || ae.Decision == nil {
		t.Fatalf("tenant budget attempt under x1: %+v", ae)
	}
	before := e.snap(t, "s")
	if again, err := e.acme.Compact(ctx, "s", compaction); err != nil || again.Seq != c1.Seq {
		t.Errorf("tenant repeating its compaction x1: %+v, %v; want decision %d", again, err, c1.Seq)
	}
	if again, err := e.auth.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 60000, RequestID: "x1"}); err != nil || again.Seq != b1.Seq {
		t.Errorf("authority repeating x1: %+v, %v; want decision %d", again, err, b1.Seq)
	}
	if after := e.snap(t, "s"); after != before {
		t.Errorf("repeats wrote: %+v -> %+v", before, after)
	}
	tr, err := e.acme.Decisions(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range tr.Decisions {
		ids = append(ids, d.RequestID)
	}
	if want := []string{"x1", "authority:x1", "tenant:x1"}; !slices.Equal(ids, want) {
		t.Errorf("request ids in the trail: %q, want %q", ids, want)
	}
	if st, _ := e.acme.Session(ctx, "s"); st.Budget != 60000 {
		t.Errorf("budget %d, want the authority's 60000", st.Budget)
	}
}
