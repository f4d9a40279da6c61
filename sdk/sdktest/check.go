package sdktest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/configschema"
)

// gracefulExit is how long go-plugin waits, after asking a plugin to shut
// down, before it kills the process. A Close that takes this long means
// the plugin ignored the request.
const gracefulExit = 2 * time.Second

// Check starts the plugin cfg describes and runs every check against it.
// The Report holds one Result per check, in AllChecks order; the error is
// only for a Config the kit cannot use (no Path, an unknown Kind, a config
// that is neither HCL nor JSON). Check kills every process it started
// before it returns.
func Check(ctx context.Context, cfg Config) (*Report, error) {
	return check(ctx, cfg, nil)
}

// check runs the checks against the binary cfg names, or against the
// plugin h serves in process when h is not nil.
func check(ctx context.Context, cfg Config, h *Harness) (*Report, error) {
	p, err := prepare(cfg, h != nil)
	if err != nil {
		return nil, err
	}
	k := &kit{cfg: p, results: map[string]Result{}, harness: h}
	k.run(ctx)
	rep := &Report{Plugin: k.info}
	for _, name := range AllChecks() {
		res, ok := k.results[name]
		if !ok {
			res = Result{Name: name, Status: Skip, Message: "not run"}
		}
		rep.Results = append(rep.Results, res)
	}
	return rep, nil
}

// kit is one run of the checks.
type kit struct {
	cfg     *prepared
	results map[string]Result
	info    PluginInfo
	handle  sdk.Plugin
	// harness serves the plugin in process; nil for a binary.
	harness *Harness
}

func (k *kit) pass(name, format string, args ...any) {
	k.results[name] = Result{Name: name, Status: Pass, Message: fmt.Sprintf(format, args...)}
}

func (k *kit) fail(name, format string, args ...any) {
	k.results[name] = Result{Name: name, Status: Fail, Message: fmt.Sprintf(format, args...)}
}

func (k *kit) skip(name, format string, args ...any) {
	k.results[name] = Result{Name: name, Status: Skip, Message: fmt.Sprintf(format, args...)}
}

// timed runs one check unless it is skipped or already decided, and
// records how long it took.
func (k *kit) timed(name string, fn func()) {
	if _, done := k.results[name]; done {
		return
	}
	if slices.Contains(k.cfg.Skip, name) {
		k.skip(name, "skipped by Config.Skip")
		return
	}
	start := time.Now()
	fn()
	if res, ok := k.results[name]; ok {
		res.Duration = time.Since(start)
		k.results[name] = res
	}
}

// start starts the plugin as kind, configured with body (nil: no config
// block). A quiet start discards the plugin's logs: starting a binary as
// a kind it is not is expected to fail, and its errors about it would
// only confuse the report's reader.
func (k *kit) start(ctx context.Context, kind sdk.Kind, body hcl.Body, quiet bool) (*instance, error) {
	if k.harness != nil {
		in := &instance{impl: k.harness.Plugin()}
		noOther := func(sdk.Kind) (sdk.Plugin, error) { return nil, errors.New("served in process as one kind") }
		return in, k.open(ctx, in, kind, body, sdk.ProtocolVersion, noOther)
	}
	logger := k.cfg.Logger.Named(string(kind) + ".sdktest")
	if quiet {
		logger = hclog.NewNullLogger()
	}
	return k.launch(ctx, kind, body, logger)
}

func (k *kit) run(ctx context.Context) {
	kind := k.cfg.Kind
	in, err := k.start(ctx, kind, k.cfg.goodBody, false)
	if err != nil {
		k.startFailed(err)
		for _, name := range AllChecks() {
			if _, done := k.results[name]; !done {
				k.skip(name, "not run: the plugin did not start (see the failed check)")
			}
		}
		return
	}
	var restart func(context.Context) (*instance, error)
	if k.harness == nil {
		restart = func(ctx context.Context) (*instance, error) { return k.start(ctx, kind, k.cfg.goodBody, false) }
	}
	c := newConn(in, k.cfg.Timeout, restart)
	closed := false
	defer func() {
		if !closed {
			c.close()
		}
	}()
	k.info = PluginInfo{Name: in.desc.Name, Version: in.desc.Version, Protocol: in.desc.ProtocolVersion, PID: in.pid}
	k.handle = c.handle(kind)
	if k.harness != nil {
		for _, name := range inProcessChecks {
			k.skip(name, "needs the plugin's binary, not run in process: run sdktest.Run (or `compactguard plugins test`) on the built binary")
		}
	} else {
		k.info.Path = in.cmd.Path
		k.pass(CheckHandshake, "started %s and completed go-plugin's handshake (gRPC, AutoMTLS, protocol %d)", k.info.Path, sdk.ProtocolVersion)
	}

	k.timed(CheckDescribe, func() { k.checkDescribe(ctx) })
	k.timed(CheckWrongKind, func() { k.checkWrongKind(ctx) })
	k.timed(CheckConfigure, func() { k.checkConfigure(ctx) })
	k.timed(CheckBadConfig, func() { k.checkBadConfig(ctx) })
	switch kind {
	case sdk.KindScorer:
		k.scorerChecks(ctx, k.handle.(sdk.Scorer))
	case sdk.KindExtractor:
		k.extractorChecks(ctx, k.handle.(sdk.Extractor))
	case sdk.KindPolicy:
		k.policyChecks(ctx, k.handle.(sdk.Policy))
	}
	for _, name := range []string{CheckScoreRange, CheckEvidence, CheckItemIndexes, CheckSelfScore, CheckExtractSpans, CheckPhaseSignal, CheckProposePolicy} {
		if _, done := k.results[name]; !done {
			k.skip(name, "does not apply to a %s plugin", kind)
		}
	}
	k.timed(CheckShutdown, func() {
		closed = true
		k.checkShutdown(c)
	})
}

// startFailed reports why the first start failed, under the check the
// failure belongs to.
func (k *kit) startFailed(err error) {
	msg := err.Error()
	switch {
	case errors.Is(err, errNotFound):
		k.fail(CheckHandshake, "%s; set Config.Path to the plugin binary (or the interpreter of a script plugin, with the script in Args)", msg)
	case errors.Is(err, errWrongKind):
		k.pass(CheckHandshake, "completed go-plugin's handshake")
		k.fail(CheckDescribe, "%s; a plugin configured as %q must serve the %s service and answer Describe with kind %q", msg, k.cfg.Kind, k.cfg.Kind, k.cfg.Kind)
	case errors.Is(err, errProtocol):
		k.pass(CheckHandshake, "completed go-plugin's handshake")
		k.fail(CheckDescribe, "%s; Describe must report protocol_version %d (sdk.ProtocolVersion) and the handshake line must offer app protocol %d", msg, sdk.ProtocolVersion, sdk.ProtocolVersion)
	case errors.Is(err, errConfig):
		k.pass(CheckHandshake, "completed go-plugin's handshake")
		k.fail(CheckConfigure, "the plugin refused Config: %s; either Config is wrong for this plugin, or its schema (Describe's config_schema) does not declare the attributes Configure expects", msg)
	case strings.Contains(msg, "Describe:"):
		k.pass(CheckHandshake, "completed go-plugin's handshake")
		k.fail(CheckDescribe, "%s; Describe must answer with the plugin's name, kind and protocol version", msg)
	case strings.Contains(msg, "Configure:"):
		k.pass(CheckHandshake, "completed go-plugin's handshake")
		k.fail(CheckConfigure, "%s; Configure must answer, reporting config problems as diagnostics, not as an error", msg)
	default:
		k.fail(CheckHandshake, "%s; a Go plugin must call sdk.Serve from main and print nothing to stdout before it; a plugin in another language must check %s, serve gRPC and print the go-plugin handshake line `1|%d|tcp|127.0.0.1:PORT|grpc|SERVER_CERT` as its first line of stdout (see docs/authoring.md)",
			msg, sdk.MagicCookieKey, sdk.ProtocolVersion)
	}
}

// describeSchema checks a declared config schema the way the loader uses
// it, returning what is wrong.
func describeSchema(schema []sdk.ConfigAttribute) []string {
	var probs []string
	seen := map[string]bool{}
	types := configschema.Types()
	for _, a := range schema {
		if a.Name == "" {
			probs = append(probs, "a config attribute has no name")
		}
		if seen[a.Name] {
			probs = append(probs, fmt.Sprintf("config attribute %q is declared twice", a.Name))
		}
		seen[a.Name] = true
		if !slices.Contains(types, strings.ReplaceAll(a.Type, " ", "")) {
			probs = append(probs, fmt.Sprintf("config attribute %q has type %q, not one of %s", a.Name, a.Type, strings.Join(types, ", ")))
		}
	}
	return probs
}

func (k *kit) checkDescribe(ctx context.Context) {
	d, err := k.handle.Describe(ctx, &sdk.DescribeRequest{})
	if err != nil {
		k.fail(CheckDescribe, "Describe failed: %v", err)
		return
	}
	var probs []string
	if d.Kind != k.cfg.Kind {
		probs = append(probs, fmt.Sprintf("kind is %q, want %q", d.Kind, k.cfg.Kind))
	}
	if d.ProtocolVersion != sdk.ProtocolVersion {
		probs = append(probs, fmt.Sprintf("protocol_version is %d, want %d (sdk.ProtocolVersion)", d.ProtocolVersion, sdk.ProtocolVersion))
	}
	if strings.TrimSpace(d.Name) == "" {
		probs = append(probs, "name is empty")
	}
	if strings.TrimSpace(d.Version) == "" {
		probs = append(probs, "plugin_version is empty")
	}
	if strings.TrimSpace(d.Description) == "" {
		probs = append(probs, "description is empty")
	}
	probs = append(probs, describeSchema(d.ConfigSchema)...)
	if len(probs) > 0 {
		k.fail(CheckDescribe, "Describe: %s; fill in every DescribeResponse field (operators read them in `compactguard validate`)", strings.Join(probs, "; "))
		return
	}
	k.info.Name, k.info.Version = d.Name, d.Version
	k.pass(CheckDescribe, "%s %s, kind %s, protocol %d, %d config attributes", d.Name, d.Version, d.Kind, d.ProtocolVersion, len(d.ConfigSchema))
}

func (k *kit) checkWrongKind(ctx context.Context) {
	var served []string
	for _, other := range sdk.Kinds {
		if other == k.cfg.Kind {
			continue
		}
		in, err := k.start(ctx, other, nil, true)
		switch {
		case err == nil:
			in.kill(false)
			served = append(served, string(other))
		case errors.Is(err, errConfig):
			// It serves the kind but wants a config: a multi-kind binary.
			served = append(served, string(other))
		case errors.Is(err, errWrongKind):
		default:
			k.fail(CheckWrongKind, "started as a %s plugin, the binary failed with %v; a binary must answer a kind it does not serve with gRPC Unimplemented (what a server without that service does), so the host can tell the operator which kind it is", other, err)
			return
		}
	}
	if len(served) > 0 {
		k.pass(CheckWrongKind, "the binary also serves %s (a multi-kind binary)", strings.Join(served, ", "))
		return
	}
	k.pass(CheckWrongKind, "started as another kind, the binary is refused as a %s plugin", k.cfg.Kind)
}

func (k *kit) checkConfigure(ctx context.Context) {
	resp, err := k.handle.Configure(ctx, &sdk.ConfigureRequest{Config: k.cfg.good})
	if err != nil {
		k.fail(CheckConfigure, "Configure with Config failed: %v; report config problems as diagnostics in ConfigureResponse, not as errors", err)
		return
	}
	if resp.Diagnostics.HasErrors() {
		k.fail(CheckConfigure, "Configure refused Config: %v; fix Config or the plugin's Configure", resp.Diagnostics.Err())
		return
	}
	msg := "accepted Config"
	if len(k.cfg.good) == 0 {
		msg = "accepted an empty config"
	}
	if n := len(resp.Diagnostics); n > 0 {
		msg += fmt.Sprintf(" with %d warning(s): %s", n, resp.Diagnostics[0])
	}
	k.pass(CheckConfigure, "%s", msg)
}

func (k *kit) checkBadConfig(ctx context.Context) {
	if k.cfg.bad == nil {
		k.skip(CheckBadConfig, "no Config.BadConfig given: set one (a value only the plugin can tell is wrong) to check its diagnostics")
		return
	}
	resp, err := k.handle.Configure(ctx, &sdk.ConfigureRequest{Config: k.cfg.bad})
	// Put the good config back whatever happened.
	defer func() { _, _ = k.handle.Configure(ctx, &sdk.ConfigureRequest{Config: k.cfg.good}) }()
	if err != nil {
		k.fail(CheckBadConfig, "Configure with BadConfig failed with an error (%v); return an error Diagnostic naming the attribute instead, so the host can point at the line", err)
		return
	}
	if !resp.Diagnostics.HasErrors() {
		k.fail(CheckBadConfig, "Configure accepted BadConfig %s; validate every attribute and return an error diagnostic (sdk.Errorf(\"attr\", ...)) for a bad value", k.cfg.bad)
		return
	}
	for _, d := range resp.Diagnostics {
		if d.Severity != sdk.SeverityWarning && d.Attribute != "" {
			k.pass(CheckBadConfig, "refused BadConfig: %s", d)
			return
		}
	}
	k.fail(CheckBadConfig, "Configure refused BadConfig but no error diagnostic names an attribute (%v); set Diagnostic.Attribute to the config attribute at fault (sdk.Errorf(\"threshold\", ...)) so the host can point at its line", resp.Diagnostics.Err())
}
