package ledgertest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// testIDsPerTenant checks that session ids are scoped per tenant: two
// tenants each hold a session "s1", each writes the same span id, request
// id and text hash in it, and each reads back only its own, through every
// read a Tx has (inside an Update too, where a store may serve reads from
// a cache), with both chains verifying from their own genesis.
func testIDsPerTenant(t *testing.T, open Opener, _ options) {
	ctx := context.Background()
	s := open(t)
	tenants := []string{Tenant, "tenant-b"}
	for i, tenant := range tenants {
		if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s1", Tenant: tenant}, ledger.State{Budget: 1000 * (i + 1)}); err != nil {
			t.Fatalf("CreateSession(%s/s1): %v", tenant, err)
		}
	}
	for _, tenant := range tenants {
		if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s1", Tenant: tenant}, ledger.State{}); !errors.Is(err, ledger.ErrExists) {
			t.Errorf("CreateSession(%s/s1) again = %v, want ErrExists", tenant, err)
		}
	}
	signer := ledger.NewSigner(TestKey())
	// Interleaved writes: each tenant's session in turn, twice.
	for round := 0; round < 2; round++ {
		for _, tenant := range tenants {
			err := s.Update(ctx, tenant, "s1", func(tx ledger.Tx) error {
				if round == 0 {
					if err := tx.Append(ledger.Record{Span: span("u1", "text of "+tenant), Tokens: 3}); err != nil {
						return err
					}
					if _, err := tx.AppendDecision(ledger.DecisionRecord{Type: "append", RequestID: "r1", Body: []byte(fmt.Sprintf(`{"tenant":%q}`, tenant))}); err != nil {
						return err
					}
					if err := tx.CacheItems("h", []sdk.Item{{Text: "item of " + tenant}}); err != nil {
						return err
					}
					if tenant != Tenant {
						return tx.Cover([]string{"u1"}, "summary of "+tenant)
					}
					return nil
				}
				// Round two reads what round one wrote, inside an Update.
				checkTenantTx(t, tx, tenant)
				h, err := tx.Heads()
				if err != nil {
					return err
				}
				cp := ledger.NewCheckpoint(tx.Info(), h, time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
				signer.Sign(&cp)
				return tx.AddCheckpoint(cp)
			})
			if err != nil {
				t.Fatalf("Update(%s/s1), round %d: %v", tenant, round+1, err)
			}
		}
	}
	for i, tenant := range tenants {
		err := s.View(ctx, tenant, "s1", func(tx ledger.Tx) error {
			checkTenantTx(t, tx, tenant)
			if st := mustState(t, tx); st.Budget != 1000*(i+1) {
				t.Errorf("%s/s1: budget %d, want %d", tenant, st.Budget, 1000*(i+1))
			}
			cps, err := tx.Checkpoints()
			if err != nil {
				return err
			}
			if len(cps) != 1 || cps[0].Tenant != tenant || cps[0].Session != "s1" {
				t.Errorf("%s/s1: checkpoints %+v, want one of this session", tenant, cps)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("View(%s/s1): %v", tenant, err)
		}
		rep, err := ledger.AuditSession(ctx, s, tenant, "s1", ledger.AuditOptions{Keys: ledger.NewKeyRing(signer.Public())})
		if err != nil || rep.Records != 1 || rep.Decisions != 1 || rep.Checkpoint.Checkpoints != 1 {
			t.Errorf("AuditSession(%s/s1) = %+v, %v; want 1 record, 1 decision, 1 checkpoint", tenant, rep, err)
		}
		list, err := s.Sessions(ctx, tenant)
		if err != nil || len(list) != 1 || list[0].ID != "s1" || list[0].Tenant != tenant {
			t.Errorf("Sessions(%s) = %+v, %v; want its s1 alone", tenant, list, err)
		}
	}
	if tl, ok := s.(ledger.TenantLister); ok {
		got, err := tl.Tenants(ctx)
		if err != nil || len(got) != 2 || got[0] != Tenant || got[1] != "tenant-b" {
			t.Errorf("Tenants = %v, %v; want [%s tenant-b]", got, err, Tenant)
		}
	}
	if err := s.View(ctx, "tenant-c", "s1", func(ledger.Tx) error { return nil }); !errors.Is(err, ledger.ErrNotFound) {
		t.Errorf("View(tenant-c/s1) = %v, want ErrNotFound: two tenants' s1 is not a third's", err)
	}
}

// checkTenantTx checks that tx holds what testIDsPerTenant wrote into
// tenant's s1 and nothing of the other tenant's.
func checkTenantTx(t *testing.T, tx ledger.Tx, tenant string) {
	t.Helper()
	info := tx.Info()
	if info.Tenant != tenant || info.ID != "s1" {
		t.Errorf("Info() = %+v, want %s/s1", info, tenant)
	}
	want := "text of " + tenant
	if r := mustRecord(t, tx, "u1"); r == nil || r.Span.Text != want {
		t.Errorf("%s/s1: Record(u1) = %+v, want text %q", tenant, r, want)
	}
	byID, err := tx.RecordsByID([]string{"u1"})
	if err != nil || byID["u1"].Span.Text != want {
		t.Errorf("%s/s1: RecordsByID(u1) = %+v, %v; want text %q", tenant, byID, err, want)
	}
	recs := mustRecords(t, tx)
	if len(recs) != 1 || recs[0].Span.Text != want {
		t.Errorf("%s/s1: Records = %+v, want one with text %q", tenant, recs, want)
	}
	d, err := tx.DecisionByRequest("r1")
	if err != nil || d == nil || string(d.Body) != fmt.Sprintf(`{"tenant":%q}`, tenant) {
		t.Errorf("%s/s1: DecisionByRequest(r1) = %+v, %v; want this tenant's", tenant, d, err)
	}
	items, ok, err := tx.CachedItems("h")
	if err != nil || !ok || len(items) != 1 || items[0].Text != "item of "+tenant {
		t.Errorf("%s/s1: CachedItems(h) = %+v, %v, %v; want this tenant's", tenant, items, ok, err)
	}
	many, err := tx.CachedItemsMany([]string{"h"})
	if err != nil || len(many["h"]) != 1 || many["h"][0].Text != "item of "+tenant {
		t.Errorf("%s/s1: CachedItemsMany(h) = %+v, %v; want this tenant's", tenant, many, err)
	}
	live := mustLive(t, tx)
	covered, err := tx.CoveredBy([]string{"u1"})
	if err != nil {
		t.Errorf("%s/s1: CoveredBy: %v", tenant, err)
	}
	if tenant == Tenant {
		if len(live) != 1 || len(covered) != 0 {
			t.Errorf("%s/s1: live %d records, covered %v; want u1 live (only the other tenant covered its u1)", tenant, len(live), covered)
		}
	} else if len(live) != 0 || covered["u1"] != "summary of "+tenant {
		t.Errorf("%s/s1: live %d records, covered %v; want u1 covered by this tenant's summary", tenant, len(live), covered)
	}
	if err := ledger.VerifySession(info, recs, mustDecisions(t, tx)); err != nil {
		t.Errorf("%s/s1: chains: %v", tenant, err)
	}
}
