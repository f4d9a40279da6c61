package sdktest

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/go-plugin"

	"github.com/compactguard/compactguard/sdk"
)

// Harness serves a plugin implementation in the test's own process over
// go-plugin's gRPC test connection (plugin.TestPluginGRPCConn), so a test
// reaches it through the same gRPC adapters and protobuf conversion the
// host uses, without building a binary. It is the in-process half of the
// kit, as nomad's plugins/drivers/testutils is for drivers; Check runs the
// built binary as the host would.
type Harness struct {
	kind   sdk.Kind
	client *plugin.GRPCClient
	plugin sdk.Plugin
}

// NewHarness serves impl as kind and dispenses the client end. impl must
// implement kind's interface (sdk.Scorer for sdk.KindScorer, ...). The
// connection is closed when t's test ends.
func NewHarness(t testing.TB, kind sdk.Kind, impl sdk.Plugin) *Harness {
	t.Helper()
	set := plugin.PluginSet{}
	switch kind {
	case sdk.KindScorer:
		s, ok := impl.(sdk.Scorer)
		if !ok {
			t.Fatalf("sdktest.NewHarness: %T is not an sdk.Scorer", impl)
		}
		set[string(kind)] = &sdk.ScorerPlugin{Impl: s}
	case sdk.KindExtractor:
		x, ok := impl.(sdk.Extractor)
		if !ok {
			t.Fatalf("sdktest.NewHarness: %T is not an sdk.Extractor", impl)
		}
		set[string(kind)] = &sdk.ExtractorPlugin{Impl: x}
	case sdk.KindPolicy:
		p, ok := impl.(sdk.Policy)
		if !ok {
			t.Fatalf("sdktest.NewHarness: %T is not an sdk.Policy", impl)
		}
		set[string(kind)] = &sdk.PolicyPlugin{Impl: p}
	default:
		t.Fatalf("sdktest.NewHarness: kind %q is not extractor, scorer or policy", kind)
	}
	client, _ := plugin.TestPluginGRPCConn(t, false, set)
	// Closing the client asks the server, through go-plugin's controller,
	// to stop; stopping it here as well would race with that.
	t.Cleanup(func() { _ = client.Close() })
	raw, err := client.Dispense(string(kind))
	if err != nil {
		t.Fatalf("sdktest.NewHarness: dispensing %s: %v", kind, err)
	}
	return &Harness{kind: kind, client: client, plugin: raw.(sdk.Plugin)}
}

// Plugin is the client end: impl as the host sees it, over gRPC.
func (h *Harness) Plugin() sdk.Plugin { return h.plugin }

// Kind is the kind the harness serves.
func (h *Harness) Kind() sdk.Kind { return h.kind }

// inProcessChecks are the checks that need a binary or a process, and so
// do not run in process: starting and the handshake, starting as another
// kind, the 64 MiB message limit (go-plugin's test connection keeps
// gRPC's 4 MiB default) and the exit on shutdown.
var inProcessChecks = []string{CheckHandshake, CheckWrongKind, CheckLargeInput, CheckShutdown}

// CheckHarness runs the kit's checks against the plugin h serves and
// returns the Report, as Check does for a binary: cfg.Kind defaults to
// h's kind, cfg.Path and cfg.Args are not used, and the checks that need a
// process (handshake, wrong-kind, large-input, shutdown) are skipped.
func CheckHarness(ctx context.Context, h *Harness, cfg Config) (*Report, error) {
	if cfg.Kind == "" {
		cfg.Kind = h.kind
	}
	if cfg.Kind != h.kind {
		return nil, fmt.Errorf("sdktest: Config.Kind is %q, but the harness serves a %s", cfg.Kind, h.kind)
	}
	return check(ctx, cfg, h)
}

// RunHarness is CheckHarness with one subtest per check, as Run does; run
// Run on the built binary for the checks that need a process.
func RunHarness(t *testing.T, h *Harness, cfg Config) *Report {
	t.Helper()
	rep, err := CheckHarness(t.Context(), h, cfg)
	if err != nil {
		t.Fatal(err)
	}
	subtests(t, rep)
	return rep
}
