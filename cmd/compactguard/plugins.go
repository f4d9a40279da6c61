package main

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/runtime"
)

func runPlugins(ctx context.Context, env *cliEnv, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(env.stderr, "Usage: compactguard plugins lock [-config FILE]\n       compactguard "+pluginsTestSynopsis+"\n\n  lock   write the sha256 of every configured plugin binary to "+plugins.LockFileName+" beside the config"+
			"\n  test   run the conformance checks (sdk/sdktest) against one plugin binary; one line per check, exit 1 if any fails")
		if len(args) == 0 {
			return &usageError{"need a subcommand"}
		}
		return nil
	}
	switch args[0] {
	case "lock":
		return runPluginsLock(ctx, env, args[1:])
	case "test":
		return runPluginsTest(ctx, env, args[1:])
	}
	return &usageError{fmt.Sprintf("unknown plugins subcommand %q", args[0])}
}

func runPluginsLock(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "plugins lock", "plugins lock [-config FILE]")
	cfgPath := configFlag(fs)
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, _, err := runtime.LoadConfig(*cfgPath)
	if err != nil {
		return err
	}
	entries, err := plugins.Lock(ctx, runtime.Specs(cfg))
	if err != nil {
		return err
	}
	path := runtime.LockFilePath(cfg)
	if err := plugins.WriteLockFile(path, entries); err != nil {
		return err
	}
	for _, e := range entries {
		fmt.Fprintf(env.stdout, "%-9s %-12s %s  %s\n", e.Kind, e.Name, e.SHA256, e.Command)
	}
	fmt.Fprintf(env.stdout, "wrote %s\n", path)
	return nil
}
