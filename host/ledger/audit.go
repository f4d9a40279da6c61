package ledger

import (
	"context"
	"errors"
	"fmt"
)

// ErrChainBroken is what AuditSession wraps when a chain fails
// VerifySession: a link that does not match its record or does not follow
// the one before it (an edit nobody recomputed, or corruption).
var ErrChainBroken = errors.New("chain broken")

// IsAuditFinding reports whether an AuditSession error is a finding about
// the session (a broken chain, or signed checkpoints it contradicts) and
// not a failure to read it.
func IsAuditFinding(err error) bool {
	for _, f := range []error{ErrChainBroken, ErrCheckpointSignature, ErrChainRewritten, ErrChainTruncated, ErrUnsigned} {
		if errors.Is(err, f) {
			return true
		}
	}
	return false
}

// AuditOptions say what AuditSession checks beyond the hash chains.
type AuditOptions struct {
	// Keys, when not empty, are the public keys checkpoints are checked
	// with; without keys only the chains are checked (which anyone able to
	// write the database can recompute).
	Keys KeyRing
	// Journal holds checkpoints read from journals outside the store, of
	// any sessions: those of the audited session count beside the store's.
	Journal []Checkpoint
	// AllowUnsigned accepts links after the newest checkpoint (sessions
	// recorded before a key was configured); they are still counted.
	AllowUnsigned bool
}

// AuditReport is what AuditSession found.
type AuditReport struct {
	Records, Decisions int
	// Signed says checkpoints were checked (AuditOptions.Keys was set);
	// Checkpoint is then their report.
	Signed     bool
	Checkpoint CheckpointReport
}

// AuditSession reads one session in a consistent view and checks it: its
// two chains end to end (VerifySession), then, with keys, every signed
// checkpoint of it the store or the journal holds (VerifyCheckpoints).
// `compactguard audit verify` runs it per session. A finding (see
// IsAuditFinding) says which check failed ("chain broken: ..." or "signed
// checkpoints: ...") and wraps its sentinel errors for errors.Is.
func AuditSession(ctx context.Context, store Store, tenant, session string, o AuditOptions) (AuditReport, error) {
	var rep AuditReport
	var records []Record
	var decisions []DecisionRecord
	var stored []Checkpoint
	var info SessionInfo
	err := store.View(ctx, tenant, session, func(tx Tx) error {
		var err error
		info = tx.Info()
		if records, err = tx.Records(); err != nil {
			return err
		}
		if decisions, err = tx.Decisions(); err != nil {
			return err
		}
		if len(o.Keys) > 0 {
			stored, err = tx.Checkpoints()
		}
		return err
	})
	if err != nil {
		return rep, fmt.Errorf("reading session %s/%s: %w", tenant, session, err)
	}
	rep.Records, rep.Decisions = len(records), len(decisions)
	if err := VerifySession(info, records, decisions); err != nil {
		return rep, fmt.Errorf("%w: %w", ErrChainBroken, err)
	}
	if len(o.Keys) == 0 {
		return rep, nil
	}
	rep.Signed = true
	cps := stored
	for _, cp := range o.Journal {
		if cp.Tenant == info.Tenant && cp.Session == info.ID {
			cps = append(cps, cp)
		}
	}
	rep.Checkpoint, err = VerifyCheckpoints(info, records, decisions, cps, o.Keys, o.AllowUnsigned)
	if err != nil {
		return rep, fmt.Errorf("signed checkpoints: %w", err)
	}
	return rep, nil
}
