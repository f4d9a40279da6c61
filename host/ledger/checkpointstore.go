package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// CheckpointStore is a Store whose every committed Update that extends a
// session's chains leaves a signed checkpoint of their heads: in the same
// transaction (so no committed decision is ever without one, and a
// failed update leaves none), and, once committed, in the journal when
// there is one.
//
// Why every update rather than every N: a checkpoint vouches only for
// links up to the heads it signs, so with every N the newest N-1
// decisions could be rewritten or cut without trace. One Ed25519
// signature (tens of microseconds) and one small row in a transaction
// that commits anyway cost little beside a decision, which calls plugins
// and syncs the database; and there is then nothing to flush at shutdown.
type CheckpointStore struct {
	Store
	signer  *Signer
	journal *Journal
	onErr   func(Checkpoint, error)
	now     func() time.Time
}

// CheckpointOptions configure a CheckpointStore.
type CheckpointOptions struct {
	// Journal, when set, receives each checkpoint after its update
	// committed; CheckpointStore.Close closes it.
	Journal *Journal
	// OnJournalError hears of a checkpoint the journal could not take.
	// The decision stands (it committed, with its checkpoint in the
	// store) and the next checkpoint, which vouches for everything
	// before it, repairs the gap; the host logs it. Nil ignores it.
	OnJournalError func(Checkpoint, error)
	// Now is the clock the checkpoints carry (time.Now when nil).
	Now func() time.Time
}

// NewCheckpointStore wraps store so that its updates are checkpointed
// with signer.
func NewCheckpointStore(store Store, signer *Signer, o CheckpointOptions) *CheckpointStore {
	c := &CheckpointStore{Store: store, signer: signer, journal: o.Journal, onErr: o.OnJournalError, now: o.Now}
	if c.now == nil {
		c.now = time.Now
	}
	if c.onErr == nil {
		c.onErr = func(Checkpoint, error) {}
	}
	return c
}

// Signer returns the store's signer.
func (c *CheckpointStore) Signer() *Signer { return c.signer }

// Update implements Store: fn runs as on the wrapped store, and when it
// appended records or decisions the checkpoint of the new heads is signed
// and added before the commit.
func (c *CheckpointStore) Update(ctx context.Context, tenant, session string, fn func(Tx) error) error {
	var cp *Checkpoint
	err := c.Store.Update(ctx, tenant, session, func(tx Tx) error {
		cp = nil
		mt := &markingTx{Tx: tx}
		if err := fn(mt); err != nil {
			return err
		}
		if !mt.extended {
			return nil
		}
		h, err := tx.Heads()
		if err != nil {
			return fmt.Errorf("checkpointing session %q: %w", session, err)
		}
		signed := NewCheckpoint(tx.Info(), h, c.now())
		c.signer.Sign(&signed)
		if err := tx.AddCheckpoint(signed); err != nil {
			return fmt.Errorf("checkpointing session %q: %w", session, err)
		}
		cp = &signed
		return nil
	})
	if err == nil && cp != nil && c.journal != nil {
		if jerr := c.journal.Append(*cp); jerr != nil {
			c.onErr(*cp, jerr)
		}
	}
	return err
}

// Tenants implements TenantLister when the wrapped store does.
func (c *CheckpointStore) Tenants(ctx context.Context) ([]string, error) {
	tl, ok := c.Store.(TenantLister)
	if !ok {
		return nil, fmt.Errorf("store %T cannot list its tenants", c.Store)
	}
	return tl.Tenants(ctx)
}

// Unwrap returns the wrapped store.
func (c *CheckpointStore) Unwrap() Store { return c.Store }

// ProbeCommit is the wrapped store's ProbeCommit (readiness asks a store
// to show it commits; host/api.CommitProber), or its Ping when it has
// none: wrapping must not hide how the store is probed.
func (c *CheckpointStore) ProbeCommit(ctx context.Context) error {
	if p, ok := c.Store.(interface{ ProbeCommit(context.Context) error }); ok {
		return p.ProbeCommit(ctx)
	}
	return c.Store.Ping(ctx)
}

// Close closes the journal and the wrapped store.
func (c *CheckpointStore) Close() error {
	var jerr error
	if c.journal != nil {
		jerr = c.journal.Close()
	}
	return errors.Join(jerr, c.Store.Close())
}

// markingTx notes whether fn extended a chain, so an update that only
// read, cached extractions or set state signs nothing new.
type markingTx struct {
	Tx
	extended bool
}

func (t *markingTx) Append(recs ...Record) error {
	err := t.Tx.Append(recs...)
	// Records before a conflict may have been appended: sign whatever the
	// chain holds if the caller commits anyway.
	if len(recs) > 0 {
		t.extended = true
	}
	return err
}

func (t *markingTx) AppendDecision(d DecisionRecord) (DecisionRecord, error) {
	rec, err := t.Tx.AppendDecision(d)
	if err == nil {
		t.extended = true
	}
	return rec, err
}
