package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/sdktest"
)

const pluginsTestSynopsis = "plugins test [--kind KIND] [--plugin-config CONFIG] [--bad-config CONFIG] [--timeout D] PATH [ARGS...]"

// errChecksFailed is returned when a conformance check failed; the report
// has already said which and why.
var errChecksFailed = errors.New("the plugin failed conformance checks (see the FAIL lines)")

// runPluginsTest runs the conformance kit (sdk/sdktest) against one plugin
// binary and prints one line per check; exit 1 when any fails.
func runPluginsTest(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "plugins test", pluginsTestSynopsis)
	kind := fs.String("kind", "", "the plugin's `KIND`: extractor, scorer or policy (default: what Describe says)")
	// --plugin-config, not --config: every other command's -config names a
	// policies.hcl file, this one the plugin's own config block. --config
	// stays as an alias so existing scripts keep working.
	config := fs.String("plugin-config", "", "the plugin's config block, as HCL attributes or a JSON object, that it must accept")
	oldConfig := fs.String("config", "", "deprecated alias of --plugin-config (every other command's -config is a policies.hcl file)")
	bad := fs.String("bad-config", "", "a config the plugin must refuse with a diagnostic naming an attribute")
	timeout := fs.Duration("timeout", sdktest.DefaultTimeout, "per-call `timeout`, as in a plugin block")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *oldConfig != "" {
		fmt.Fprintln(env.stderr, "compactguard plugins test: --config is deprecated, use --plugin-config: every other command's -config names a policies.hcl file")
		if *config != "" && *config != *oldConfig {
			return &usageError{"--config and --plugin-config both given, with different values: give --plugin-config only"}
		}
		*config = *oldConfig
	}
	if len(pos) == 0 {
		fs.Usage()
		return &usageError{"need the plugin's PATH (and ARGS, e.g. /usr/bin/python3 plugin.py)"}
	}
	cfg := sdktest.Config{
		Path:      pos[0],
		Args:      pos[1:],
		Kind:      sdk.Kind(*kind),
		Config:    *config,
		BadConfig: *bad,
		Timeout:   *timeout,
		Logger:    env.reportLog(),
		// The kit does not import the host; hand it the host's parser so
		// a proposed policy is judged as the host would judge it.
		ParsePolicy: parsePolicy,
	}
	if cfg.Kind == "" {
		k, err := detectKind(ctx, cfg)
		if err != nil {
			return err
		}
		cfg.Kind = k
	} else if !slices.Contains(sdk.Kinds, cfg.Kind) {
		return &usageError{fmt.Sprintf("--kind %q is not extractor, scorer or policy", *kind)}
	}
	start := time.Now()
	rep, err := sdktest.Check(ctx, cfg)
	if err != nil {
		return &usageError{err.Error()}
	}
	if p := rep.Plugin; p.Name != "" {
		fmt.Fprintf(env.stdout, "plugin %q %s (%s, protocol %d) at %s\n", p.Name, p.Version, cfg.Kind, p.Protocol, p.Path)
	}
	if err := rep.Write(env.stdout); err != nil {
		return err
	}
	counts := map[sdktest.Status]int{}
	for _, r := range rep.Results {
		counts[r.Status]++
	}
	fmt.Fprintf(env.stdout, "%d passed, %d failed, %d skipped in %s\n", counts[sdktest.Pass], counts[sdktest.Fail], counts[sdktest.Skip], time.Since(start).Round(time.Millisecond))
	if rep.Failed() {
		return errChecksFailed
	}
	return nil
}

// detectKind finds the plugin's kind when --kind is not given: the first
// kind the binary starts as. The binary is started at most three times.
func detectKind(ctx context.Context, cfg sdktest.Config) (sdk.Kind, error) {
	cfg.Logger = hclog.NewNullLogger()
	for _, k := range sdk.Kinds {
		cfg.Kind = k
		cfg.Skip = slices.DeleteFunc(sdktest.AllChecks(), func(n string) bool { return n == sdktest.CheckHandshake })
		rep, err := sdktest.Check(ctx, cfg)
		if err != nil {
			return "", &usageError{err.Error()}
		}
		if res, _ := rep.Result(sdktest.CheckDescribe); res.Status != sdktest.Fail {
			if hs, _ := rep.Result(sdktest.CheckHandshake); hs.Status == sdktest.Pass {
				return k, nil
			}
			hs, _ := rep.Result(sdktest.CheckHandshake)
			return "", fmt.Errorf("%s %s", hs.Status, hs.Message)
		}
	}
	return "", errors.New("the binary is none of extractor, scorer or policy; pass --kind to see why")
}

// parsePolicy parses a proposed policy block with the host's parser, for
// the kit's propose-policy check.
func parsePolicy(src []byte, filename string) error {
	if _, diags := policy.Parse(src, filename); diags.HasErrors() {
		return diags
	}
	return nil
}
