package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
)

func (s *Server) createSession(w http.ResponseWriter, r *http.Request, c caller) error {
	var req wire.CreateSessionRequest
	if err := s.decode(w, r, &req, "CreateSessionRequest", true); err != nil {
		return err
	}
	id := req.ID
	if id == "" {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return fmt.Errorf("making a session id: %w", err)
		}
		id = hex.EncodeToString(b[:])
	}
	if err := s.g.CreateSession(r.Context(), c.tenant, id); err != nil {
		return err
	}
	st, err := s.state(r, c.tenant, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, st)
	return nil
}

func (s *Server) listSessions(w http.ResponseWriter, r *http.Request, c caller) error {
	infos, err := s.store.Sessions(r.Context(), c.tenant)
	if err != nil {
		return fmt.Errorf("listing sessions: %w", err)
	}
	if infos == nil {
		infos = []ledger.SessionInfo{}
	}
	writeJSON(w, http.StatusOK, wire.SessionList{Sessions: infos})
	return nil
}

func (s *Server) state(r *http.Request, tenant, id string) (wire.SessionState, error) {
	var out wire.SessionState
	err := s.store.View(r.Context(), tenant, id, func(tx ledger.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		out = wire.StateOf(tx.Info(), st)
		return nil
	})
	return out, err
}

func (s *Server) getSession(w http.ResponseWriter, r *http.Request, c caller) error {
	st, err := s.state(r, c.tenant, sessionID(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

func (s *Server) appendSpans(w http.ResponseWriter, r *http.Request, c caller) error {
	var req wire.AppendRequest
	if err := s.decode(w, r, &req, "AppendRequest", false, func() error { return s.checkSpans("spans", len(req.Spans)) }); err != nil {
		return err
	}
	if len(req.Spans) == 0 {
		return errStatus(http.StatusBadRequest, "spans", "spans: send at least one span")
	}
	res, err := s.g.Append(r.Context(), c.tenant, sessionID(r), wire.SDKSpans(req.Spans))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func (s *Server) items(w http.ResponseWriter, r *http.Request, c caller) error {
	res, err := s.g.Items(r.Context(), c.tenant, sessionID(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// decided answers a decision: always 200, whether allowed or refused.
func (s *Server) decided(w http.ResponseWriter, d *guard.Decision) {
	s.metrics.decided(d)
	writeJSON(w, http.StatusOK, d)
}

// decide is a handler that answers with a decision: the body decoded as
// a Req (schema names it in errors; allowEmpty takes an empty body as {}),
// caps (when set) checked right after the first decode, so a request over
// a size cap is answered 413 before anything else reads it, its request
// id checked, then the decision ask returns written. ask makes any
// further checks of the request before it asks the guard.
func decide[Req any](s *Server, w http.ResponseWriter, r *http.Request, schema string, allowEmpty bool, requestID func(*Req) string, caps func(*Req) error, ask func(*Req) (*guard.Decision, error)) error {
	var req Req
	var checks []func() error
	if caps != nil {
		checks = append(checks, func() error { return caps(&req) })
	}
	if err := s.decode(w, r, &req, schema, allowEmpty, checks...); err != nil {
		return err
	}
	if err := checkRequestID(requestID(&req)); err != nil {
		return err
	}
	d, err := ask(&req)
	if err != nil {
		return err
	}
	s.decided(w, d)
	return nil
}

func (s *Server) compact(w http.ResponseWriter, r *http.Request, c caller) error {
	return decide(s, w, r, "CompactionRequest", false, func(req *wire.CompactionRequest) string { return req.RequestID },
		func(req *wire.CompactionRequest) error {
			if req.Originals == nil {
				return nil
			}
			return s.checkSpans("originals", len(*req.Originals))
		},
		func(req *wire.CompactionRequest) (*guard.Decision, error) {
			return s.g.Compact(r.Context(), c.tenant, sessionID(r), req.Guard())
		})
}

func (s *Server) selection(w http.ResponseWriter, r *http.Request, c caller) error {
	return decide(s, w, r, "SelectionRequest", false, func(req *wire.SelectionRequest) string { return req.RequestID }, nil,
		func(req *wire.SelectionRequest) (*guard.Decision, error) {
			return s.g.Select(r.Context(), c.tenant, sessionID(r), req.Guard())
		})
}

func (s *Server) phaseSignal(w http.ResponseWriter, r *http.Request, c caller) error {
	return decide(s, w, r, "PhaseSignalRequest", true, func(req *wire.PhaseSignalRequest) string { return req.RequestID }, nil,
		func(req *wire.PhaseSignalRequest) (*guard.Decision, error) {
			return s.g.PhaseSignal(r.Context(), c.tenant, sessionID(r), req.RequestID)
		})
}

func (s *Server) policyEdit(w http.ResponseWriter, r *http.Request, c caller) error {
	return decide(s, w, r, "PolicyEditRequest", false, func(req *wire.PolicyEditRequest) string { return req.RequestID }, nil,
		func(req *wire.PolicyEditRequest) (*guard.Decision, error) {
			return s.g.EditPolicy(r.Context(), c.tenant, sessionID(r), req.Guard("tenant "+c.tenant))
		})
}

// budget changes a session's token budget (invariant 4).
//
// Only the budget authority's credential changes it. The credential is
// not bound to a tenant: the authority may change the budget of any
// tenant's session. It names the tenant with the X-Compactguard-Tenant
// header, or the server looks the session id up in every configured
// tenant (an id held by two tenants then needs the header).
//
// A tenant's own token is authenticated but not authorised: the attempt is
// recorded in that tenant's session as an `unauthorized` budget decision
// (every change, accepted or not, is a decision) and answered 403 with
// that decision; the budget is unchanged. A token that is neither a
// tenant's nor the authority's is 401 and writes nothing: an
// unauthenticated caller cannot grow an audit trail.
func (s *Server) budget(w http.ResponseWriter, r *http.Request, c caller) error {
	var req wire.BudgetRequest
	if err := s.decode(w, r, &req, "BudgetRequest", false); err != nil {
		return err
	}
	// Before the tenant prefix below: the caller's id is what is bounded.
	if err := checkRequestID(req.RequestID); err != nil {
		return err
	}
	id := sessionID(r)
	// The guard keeps the tenant's and the authority's request ids apart
	// (guard.Bearer); the handler only says which one this is.
	breq := guard.BudgetRequest{Tokens: req.Tokens, Authority: s.auth, RequestID: req.RequestID, Bearer: guard.BearerTenant}
	if !c.authority {
		d, err := s.g.ChangeBudget(r.Context(), c.tenant, id, breq)
		if err != nil {
			return err
		}
		s.metrics.decided(d)
		writeJSON(w, http.StatusForbidden, errorBody{
			Error:    fmt.Sprintf("a tenant token cannot change a budget: only the %q authority's credential can; the attempt is recorded in the audit trail", s.auth),
			Decision: d,
		})
		return nil
	}
	tenant, err := s.budgetTenant(r, id)
	if err != nil {
		return err
	}
	breq.Bearer, breq.Credential = guard.BearerAuthority, c.credential
	d, err := s.g.ChangeBudget(r.Context(), tenant, id, breq)
	if err != nil {
		return err
	}
	s.decided(w, d)
	return nil
}

// budgetTenant finds which tenant holds a session, for the authority.
func (s *Server) budgetTenant(r *http.Request, id string) (string, error) {
	if t := r.Header.Get(TenantHeader); t != "" {
		return t, nil
	}
	var found []string
	for _, t := range s.names {
		err := s.store.View(r.Context(), t, id, func(ledger.Tx) error { return nil })
		switch {
		case err == nil:
			found = append(found, t)
		case errors.Is(err, ledger.ErrNotFound):
		default:
			return "", err
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("session %q: %w", id, ledger.ErrNotFound)
	case 1:
		return found[0], nil
	}
	return "", errStatus(http.StatusBadRequest, TenantHeader, "session %q exists in more than one tenant: name the tenant with the %s header", id, TenantHeader)
}

func (s *Server) decisions(w http.ResponseWriter, r *http.Request, c caller) error {
	var out wire.AuditTrail
	err := s.store.View(r.Context(), c.tenant, sessionID(r), func(tx ledger.Tx) error {
		recs, err := tx.Records()
		if err != nil {
			return err
		}
		ds, err := tx.Decisions()
		if err != nil {
			return err
		}
		out.Decisions = ds
		if err := ledger.VerifySession(tx.Info(), recs, ds); err != nil {
			out.ChainError = err.Error()
		} else {
			out.ChainOK = true
		}
		return nil
	})
	if err != nil {
		return err
	}
	if out.Decisions == nil {
		out.Decisions = []ledger.DecisionRecord{}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// records serves the session's ledger so that a client can verify the
// ledger chain itself rather than trust chain_ok.
func (s *Server) records(w http.ResponseWriter, r *http.Request, c caller) error {
	var out wire.Ledger
	err := s.store.View(r.Context(), c.tenant, sessionID(r), func(tx ledger.Tx) error {
		recs, err := tx.Records()
		if err != nil {
			return err
		}
		ids := make([]string, len(recs))
		for i, rec := range recs {
			ids[i] = rec.Span.ID
		}
		covered, err := tx.CoveredBy(ids)
		if err != nil {
			return err
		}
		out = wire.LedgerOf(tx.Info(), recs, covered)
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request, _ caller) error {
	writeJSON(w, http.StatusOK, wire.Health{Status: "ok"})
	return nil
}

// readyz is 200 only when the store commits a probe write (or, for a
// store that cannot show that, answers) and no configured plugin is
// unrecoverable; otherwise 503 with every problem named (wire.Health).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request, _ caller) error {
	h := s.ready.check(r.Context())
	status := http.StatusOK
	if len(h.Problems) > 0 {
		status = http.StatusServiceUnavailable
	}
	// A readiness answer is about this moment: no cache may keep it.
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, h)
	return nil
}
