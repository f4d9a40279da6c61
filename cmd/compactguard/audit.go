package main

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/runtime"
)

// tenantLister is implemented by stores that can list every tenant; with
// it `audit verify` checks sessions of tenants the config does not name.
type tenantLister interface {
	Tenants(ctx context.Context) ([]string, error)
}

// runAudit dispatches `audit SUBCOMMAND`.
func runAudit(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(env.stderr, "Usage: compactguard audit verify [-config FILE] [--session ID] [--tenant T]")
		if len(args) == 0 {
			return &usageError{"audit needs a subcommand: verify"}
		}
		return nil
	}
	if args[0] != "verify" {
		return &usageError{fmt.Sprintf("unknown audit subcommand %q (known: verify)", args[0])}
	}
	return runAuditVerify(ctx, env, args[1:])
}

// runAuditVerify checks the hash chains of the ledger and the audit trail
// of one session or of every session the store holds. It opens the store
// only, no plugin. Tenants come from the store when it can list them, else
// from the config's tenants plus "replay" (the tenant replay and check use).
func runAuditVerify(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "audit verify", "audit verify [-config FILE] [--session ID] [--tenant T]")
	cfgPath := configFlag(fs)
	sessionID := fs.String("session", "", "verify only the session `ID`")
	tenant := fs.String("tenant", "", "verify only sessions of tenant `T`")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return &usageError{fmt.Sprintf("unexpected argument %q", rest[0])}
	}
	cfg, _, err := runtime.LoadConfig(*cfgPath)
	if err != nil {
		return err
	}
	store, err := runtime.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()

	tenants := []string{*tenant}
	if *tenant == "" {
		tenants, err = allTenants(ctx, store, cfg.API.Tenants)
		if err != nil {
			return err
		}
	}
	return verifyStore(ctx, env, store, tenants, *sessionID)
}

// verifyStore checks the chains of session id (or of every session when
// id is empty) in the given tenants and prints one line per session. It
// stops at the first break, naming the tenant, the session and the record.
func verifyStore(ctx context.Context, env *cliEnv, store ledger.Store, tenants []string, sessionID string) error {
	checked, found := 0, false
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
			var nrec, ndec int
			var chainErr error
			err := store.View(ctx, t, id, func(tx ledger.Tx) error {
				recs, err := tx.Records()
				if err != nil {
					return err
				}
				ds, err := tx.Decisions()
				if err != nil {
					return err
				}
				nrec, ndec = len(recs), len(ds)
				chainErr = ledger.VerifySession(tx.Info(), recs, ds)
				return nil
			})
			if errors.Is(err, ledger.ErrNotFound) && sessionID != "" {
				continue
			}
			if err != nil {
				return fmt.Errorf("reading %s/%s: %w", t, id, err)
			}
			found = true
			checked++
			if chainErr != nil {
				return fmt.Errorf("%s/%s: chain broken: %w", t, id, chainErr)
			}
			fmt.Fprintf(env.stdout, "ok  %s/%s  %s, %s\n", t, id, plural(nrec, "record", "records"), plural(ndec, "decision", "decisions"))
		}
	}
	if sessionID != "" && !found {
		return fmt.Errorf("session %q: %w (looked in tenants %v)", sessionID, ledger.ErrNotFound, tenants)
	}
	fmt.Fprintf(env.stdout, "%s verified\n", plural(checked, "session", "sessions"))
	return nil
}

func allTenants(ctx context.Context, store ledger.Store, configured []config.Tenant) ([]string, error) {
	set := map[string]bool{"replay": true}
	for _, t := range configured {
		set[t.Name] = true
	}
	if tl, ok := store.(tenantLister); ok {
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
