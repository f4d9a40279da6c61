package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"runtime/pprof"

	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/runtime"
)

// runServe serves the orchestrator API until SIGINT or SIGTERM (ctx), then
// shuts down gracefully: stop accepting, let in-flight requests finish
// (up to 10 s), and only then close the runtime, killing the plugins.
//
// It listens on api.listen (loopback by default). A non-loopback address
// without api.tls_cert and api.tls_key is refused unless -insecure is
// given. Tenants' tokens are read from their environment variables and
// never logged.
func runServe(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "serve", "serve [-config FILE] [-listen ADDR] [-insecure] [-cpuprofile FILE]")
	cfgPath := configFlag(fs)
	listen := fs.String("listen", "", "listen on `ADDR` (host:port) instead of the config's api.listen")
	insecure := fs.Bool("insecure", false, "allow plain HTTP on a non-loopback address (tokens cross the network in clear text)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of serve to `FILE` until it shuts down (read it with go tool pprof)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return &usageError{fmt.Sprintf("unexpected argument %q", rest[0])}
	}
	// Check the listen address before starting any plugin.
	cfg, _, err := runtime.LoadConfig(*cfgPath)
	if err != nil {
		return err
	}
	addr := cfg.API.Listen
	if *listen != "" {
		addr = *listen
	}
	if err := api.CheckListen(addr, cfg.API.TLSCert != "" && cfg.API.TLSKey != "", *insecure); err != nil {
		return err
	}
	// An address in use fails now, before any plugin starts.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return api.ListenError(addr, err)
	}
	ln.Close()
	if *cpuProfile != "" {
		// Where a tenant's requests spend the server's CPU under load
		// (docs/load.md, noisy neighbour) is read from this profile.
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stop()
	}
	rt, err := runtime.Open(ctx, *cfgPath, runtime.Options{Logger: env.log})
	if err != nil {
		return err
	}
	defer rt.Close()
	sc := api.ServeConfig{
		Addr:     addr,
		TLSCert:  rt.Config.API.TLSCert,
		TLSKey:   rt.Config.API.TLSKey,
		Insecure: *insecure,

		ReadHeaderTimeout: rt.Config.API.ReadHeaderTimeout,
		ReadTimeout:       rt.Config.API.ReadTimeout,
		IdleTimeout:       rt.Config.API.IdleTimeout,
		Listening: func(a net.Addr) {
			scheme := "http"
			if rt.Config.API.TLSCert != "" {
				scheme = "https"
			}
			fmt.Fprintf(env.stderr, "listening on %s (%s://%s; dashboard at %s://%s/ui/)\n", a, scheme, a, scheme, a)
		},
	}
	opts := api.FromRuntime(rt, os.LookupEnv)
	if len(opts.Tenants) == 0 {
		env.log.Warn("no tenant has a token: every session route will answer 401 (set the variables named by api { tenant { token_env } })")
	}
	if msg := unsetBudgetCredential(rt.Config, os.LookupEnv); msg != "" {
		env.log.Warn(msg)
	}
	srv, err := api.New(opts)
	if err != nil {
		return err
	}
	if err := srv.ListenAndServe(ctx, sc); err != nil {
		return err
	}
	fmt.Fprintln(env.stderr, "shut down")
	return nil
}

// unsetBudgetCredential says why no budget change can succeed when the
// budget authority's credential is read from a variable that is unset or
// empty, or "" when it is set (or held as a hash in the config): serve
// still starts, since sessions work without it, but says so.
func unsetBudgetCredential(cfg *config.Config, lookupEnv func(string) (string, bool)) string {
	a := cfg.Authority(cfg.Budget.Authority)
	if a == nil || a.CredentialEnv == "" {
		return ""
	}
	if v, ok := lookupEnv(a.CredentialEnv); ok && v != "" {
		return ""
	}
	return fmt.Sprintf("the budget authority %q has no credential: %s is unset, so every budget change will answer 401", a.Name, a.CredentialEnv)
}

// startCPUProfile profiles the process into path until the returned
// function is called.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("creating the CPU profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("starting the CPU profile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
