package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/runtime"
)

const (
	auditVerifySynopsis = "audit verify [-config FILE] [--session ID] [--tenant T] [--key PUBLIC_KEY]... [--checkpoints FILE]... [--allow-unsigned]"
	auditKeygenSynopsis = "audit keygen [-out FILE]"
)

// runAudit dispatches `audit SUBCOMMAND`.
func runAudit(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(env.stderr, "Usage: compactguard %s\n       compactguard %s\n", auditVerifySynopsis, auditKeygenSynopsis)
		if len(args) == 0 {
			return &usageError{"audit needs a subcommand: verify or keygen"}
		}
		return nil
	}
	switch args[0] {
	case "verify":
		return runAuditVerify(ctx, env, args[1:])
	case "keygen":
		return runAuditKeygen(ctx, env, args[1:])
	}
	return &usageError{fmt.Sprintf("unknown audit subcommand %q (known: verify, keygen)", args[0])}
}

// runAuditVerify checks the hash chains of the ledger and the audit trail
// of one session or of every session the store holds and, given public
// keys, every signed checkpoint of them the store and the journals hold.
// It opens the store only, no plugin. Tenants come from the store when it
// can list them, else from the config's tenants plus "replay" (the tenant
// replay and check use), plus those the journals name.
func runAuditVerify(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "audit verify", auditVerifySynopsis)
	cfgPath := configFlag(fs)
	sessionID := fs.String("session", "", "verify only the session `ID`")
	tenant := fs.String("tenant", "", "verify only sessions of tenant `T`")
	var keyFiles, journals []string
	fs.Func("key", "check signed checkpoints with the Ed25519 `PUBLIC_KEY` file (PEM); repeat for keys a rotation retired", func(s string) error {
		keyFiles = append(keyFiles, s)
		return nil
	})
	fs.Func("checkpoints", "also check the checkpoints of the journal `FILE` (default with --key: the config's audit.checkpoint_file); repeatable", func(s string) error {
		journals = append(journals, s)
		return nil
	})
	allowUnsigned := fs.Bool("allow-unsigned", false, "with --key, accept records and decisions after a session's last checkpoint (sessions recorded before signing was configured), reporting them")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return &usageError{fmt.Sprintf("unexpected argument %q", rest[0])}
	}
	if len(keyFiles) == 0 && (len(journals) > 0 || *allowUnsigned) {
		return &usageError{"--checkpoints and --allow-unsigned need --key: checkpoints are checked with the public key"}
	}
	cfg, _, err := runtime.LoadConfig(*cfgPath)
	if err != nil {
		return err
	}
	o := ledger.AuditOptions{AllowUnsigned: *allowUnsigned}
	if len(keyFiles) > 0 {
		var keys []ed25519.PublicKey
		for _, f := range keyFiles {
			k, err := ledger.LoadPublicKeyFile(f)
			if err != nil {
				return err
			}
			keys = append(keys, k)
		}
		o.Keys = ledger.NewKeyRing(keys...)
		if len(journals) == 0 && cfg.Audit.CheckpointFile != "" {
			if _, err := os.Stat(cfg.Audit.CheckpointFile); err != nil {
				fmt.Fprintf(env.stdout, "warn  checkpoint journal %s (audit.checkpoint_file): %v; checking the store's checkpoints only\n", cfg.Audit.CheckpointFile, err)
			} else {
				journals = []string{cfg.Audit.CheckpointFile}
			}
		}
		for _, j := range journals {
			cps, skipped, err := ledger.ReadJournal(j)
			if err != nil {
				return err
			}
			for _, s := range skipped {
				fmt.Fprintf(env.stdout, "warn  %s: not a checkpoint (a line torn by a crash?); skipped\n", s)
			}
			o.Journal = append(o.Journal, cps...)
		}
	}
	store, err := runtime.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()

	tenants := []string{*tenant}
	if *tenant == "" {
		tenants, err = allTenants(ctx, store, cfg.API.Tenants, o.Journal)
		if err != nil {
			return err
		}
	}
	return verifyStore(ctx, env, store, tenants, *sessionID, o)
}

// verifyStore checks session id (or every session when id is empty) in
// the given tenants with ledger.AuditSession and prints one line per
// session that passes. Every session is checked; the error names each
// that fails, with its tenant, session and the seqs at fault, and each
// session a journal vouches for that the store no longer holds.
func verifyStore(ctx context.Context, env *cliEnv, store ledger.Store, tenants []string, sessionID string, o ledger.AuditOptions) error {
	checked, bad, found := 0, 0, false
	seen := map[[2]string]bool{}
	var failed []error
	for _, t := range tenants {
		var ids []string
		if sessionID != "" {
			ids = []string{sessionID}
		} else {
			infos, err := store.Sessions(ctx, t)
			if err != nil {
				return fmt.Errorf("listing sessions of tenant %q: %w", t, err)
			}
			for _, in := range infos {
				ids = append(ids, in.ID)
			}
		}
		for _, id := range ids {
			rep, err := ledger.AuditSession(ctx, store, t, id, o)
			switch {
			case errors.Is(err, ledger.ErrNotFound):
				// Not in this tenant (--session), or deleted since the
				// listing: the journal check below sees to the latter.
				continue
			case err != nil && !ledger.IsAuditFinding(err):
				return err
			}
			found = true
			checked++
			seen[[2]string{t, id}] = true
			if err != nil {
				bad++
				failed = append(failed, &sessionError{name: t + "/" + id, err: err})
				continue
			}
			fmt.Fprintf(env.stdout, "ok  %s/%s  %s, %s%s\n", t, id, plural(rep.Records, "record", "records"),
				plural(rep.Decisions, "decision", "decisions"), signedNote(rep))
		}
	}
	failed = append(failed, deletedSessions(o, tenants, sessionID, seen)...)
	if sessionID != "" && !found && len(failed) == 0 {
		return fmt.Errorf("session %q: %w (looked in tenants %v)", sessionID, ledger.ErrNotFound, tenants)
	}
	if len(failed) > 0 {
		fmt.Fprintf(env.stdout, "%s verified, %d failed\n", plural(checked-bad, "session", "sessions"), len(failed))
		return errors.Join(failed...)
	}
	fmt.Fprintf(env.stdout, "%s verified\n", plural(checked, "session", "sessions"))
	return nil
}

// sessionError is a finding about one session. Its text names the
// session on every line, so each of several problems of a session (a
// forged decision and a cut tail) reads, and greps, on its own.
type sessionError struct {
	name string
	err  error
}

func (e *sessionError) Error() string {
	lines := strings.Split(e.err.Error(), "\n")
	for i, l := range lines {
		lines[i] = e.name + ": " + l
	}
	return strings.Join(lines, "\n")
}

func (e *sessionError) Unwrap() error { return e.err }

// signedNote says how far signed checkpoints vouch for a session.
func signedNote(rep ledger.AuditReport) string {
	if !rep.Signed {
		return ""
	}
	c := rep.Checkpoint
	note := fmt.Sprintf(", signed through record %d, decision %d (%s)", c.Records, c.Decisions, plural(c.Checkpoints, "checkpoint", "checkpoints"))
	if c.UnsignedRecords > 0 || c.UnsignedDecisions > 0 {
		note += fmt.Sprintf("; UNSIGNED: %d records, %d decisions after it", c.UnsignedRecords, c.UnsignedDecisions)
	}
	return note
}

// deletedSessions reports each session of the verified tenants that a
// journal holds a checkpoint of and the store does not: deleted, with its
// whole trail. A journal line whose signature does not verify is reported
// as such (it proves nothing, not even that the session existed).
func deletedSessions(o ledger.AuditOptions, tenants []string, sessionID string, seen map[[2]string]bool) []error {
	inTenants := map[string]bool{}
	for _, t := range tenants {
		inTenants[t] = true
	}
	last := map[[2]string]ledger.Checkpoint{}
	var out []error
	for _, cp := range o.Journal {
		k := [2]string{cp.Tenant, cp.Session}
		if seen[k] || !inTenants[cp.Tenant] || (sessionID != "" && cp.Session != sessionID) {
			continue
		}
		if err := o.Keys.Verify(cp); err != nil {
			out = append(out, fmt.Errorf("%s/%s: journal: %w", cp.Tenant, cp.Session, err))
			continue
		}
		if prev, ok := last[k]; !ok || cp.Decisions > prev.Decisions || cp.Records > prev.Records {
			last[k] = cp
		}
	}
	keys := make([][2]string, 0, len(last))
	for k := range last {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+"/"+keys[i][1] < keys[j][0]+"/"+keys[j][1] })
	for _, k := range keys {
		out = append(out, fmt.Errorf("%s/%s: the journal holds a %s, but the store has no such session: it was deleted: %w",
			k[0], k[1], last[k], ledger.ErrChainTruncated))
	}
	return out
}

func allTenants(ctx context.Context, store ledger.Store, configured []config.Tenant, journal []ledger.Checkpoint) ([]string, error) {
	set := map[string]bool{"replay": true}
	for _, t := range configured {
		set[t.Name] = true
	}
	// A tenant whose every session was deleted is still named by the
	// journal, so its deletions are found.
	for _, cp := range journal {
		set[cp.Tenant] = true
	}
	if tl, ok := store.(ledger.TenantLister); ok {
		ts, err := tl.Tenants(ctx)
		if err != nil {
			return nil, fmt.Errorf("listing tenants: %w", err)
		}
		for _, t := range ts {
			set[t] = true
		}
	}
	out := make([]string, 0, len(set))
	for t := range set {
		out = append(out, t)
	}
	sort.Strings(out)
	return out, nil
}

// runAuditKeygen writes a new Ed25519 key pair for signing checkpoints:
// the private key (mode 0600) where the audit block's signing_key_file
// will name it, the public key beside it for `audit verify --key`.
func runAuditKeygen(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "audit keygen", auditKeygenSynopsis)
	out := fs.String("out", "audit.key", "write the private key to `FILE` (mode 0600) and the public key to FILE.pub")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return &usageError{fmt.Sprintf("unexpected argument %q", rest[0])}
	}
	key, err := ledger.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	pub, err := ledger.WriteKeyPair(*out, key)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "wrote %s (private key, mode 0600) and %s (public key)\n", *out, pub)
	fmt.Fprintf(env.stdout, "key id %s\n", ledger.KeyID(key.Public().(ed25519.PublicKey)))
	fmt.Fprintf(env.stdout, "sign:   audit { signing_key_file = %q }   in policies.hcl (keep the private key out of the database's reach)\n", *out)
	fmt.Fprintf(env.stdout, "verify: compactguard audit verify --key %s\n", pub)
	return nil
}
