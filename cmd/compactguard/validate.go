package main

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/runtime"
)

func runValidate(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "validate", "validate [-config FILE]")
	cfgPath := configFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return &usageError{fmt.Sprintf("unexpected arguments %v", rest)}
	}
	// validate never touches the configured store: it checks the config
	// and the plugins only.
	rt, err := runtime.Open(ctx, *cfgPath, runtime.Options{Store: ledger.NewMemory(), Logger: env.log})
	if err != nil {
		return err
	}
	defer rt.Close()
	for _, in := range rt.Plugins.Infos() {
		fmt.Fprintf(env.stdout, "%-9s %-12s version %-8s protocol %d  pid %-7d %s\n", in.Kind, in.Name, in.Version, in.Protocol, in.PID, in.Path)
	}
	c := rt.Config
	fmt.Fprintf(env.stdout, "%s: ok (%s, %s, budget %d tokens, threshold %.2f, store %s)\n",
		c.Filename, plural(len(c.Policies), "policy", "policies"), plural(len(c.Phases), "phase", "phases"),
		c.Budget.Tokens, c.Gate.Threshold, c.Guard.Store.String())
	return nil
}
