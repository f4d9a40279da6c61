package sdk

import (
	"os"
	"runtime/debug"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
)

// MagicCookieKey and MagicCookieValue are the go-plugin handshake cookie.
// They are not a secret: they only stop a plugin binary run by hand from
// waiting forever for a host, with a message saying what it is.
const (
	MagicCookieKey   = "COMPACTGUARD_PLUGIN"
	MagicCookieValue = "712ba1958b3b74a853c0ca20c115e6a9dc1015bff42b67acb83f900ad22ad273"
)

// Handshake is the go-plugin handshake shared by the host and every
// plugin. ProtocolVersion is the base version; the versions actually
// offered are those of VersionedPlugins. Treat it as read-only.
var Handshake = plugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   MagicCookieKey,
	MagicCookieValue: MagicCookieValue,
}

// PluginMap returns the host-side plugin set for the given kinds (every
// kind when none is given). Its entries carry no Impl: the host only
// dispenses clients from them. The keys are the Kind strings.
func PluginMap(kinds ...Kind) plugin.PluginSet {
	if len(kinds) == 0 {
		kinds = Kinds
	}
	set := plugin.PluginSet{}
	for _, k := range kinds {
		switch k {
		case KindExtractor:
			set[string(k)] = &ExtractorPlugin{}
		case KindScorer:
			set[string(k)] = &ScorerPlugin{}
		case KindPolicy:
			set[string(k)] = &PolicyPlugin{}
		}
	}
	return set
}

// VersionedPlugins is the host's go-plugin VersionedPlugins: one plugin set
// per protocol version it speaks. Today that is version 1 only; a version 2
// is added here beside it, and go-plugin negotiates the highest version
// both sides know.
func VersionedPlugins() map[int]plugin.PluginSet {
	return map[int]plugin.PluginSet{
		ProtocolVersion: PluginMap(),
	}
}

// ServeConfig says what a plugin binary serves. Set any non-nil
// combination of Extractor, Scorer and Policy; one binary may serve
// several kinds (the host dispenses the kind it was configured with).
type ServeConfig struct {
	Extractor Extractor
	Scorer    Scorer
	Policy    Policy
	// Logger receives the plugin's own logs. The default writes JSON to
	// stderr, which the host parses and forwards under the plugin's name;
	// a custom logger should do the same to keep that.
	Logger hclog.Logger
}

// DefaultGCPercent is the Go GC target Serve sets when the plugin's
// environment has no GOGC (see Serve).
const DefaultGCPercent = 400

// Serve runs the plugin: it answers go-plugin's handshake on stdout, serves
// the configured kinds over gRPC (mTLS, message limits set) and returns
// only when the host closes the plugin. Call it from main and print nothing
// to stdout before it: the host reads the first line of stdout as the
// handshake and refuses the plugin when it is anything else. After the
// handshake, stdout and stderr are forwarded to the host's log.
//
// Serve panics when cfg sets none of the three kinds, since such a binary
// could never do anything.
//
// Unless GOGC is set in its environment, Serve sets the GC target to
// DefaultGCPercent: a plugin's heap is small, and the default would
// collect every few calls.
func Serve(cfg *ServeConfig) {
	if cfg == nil || (cfg.Extractor == nil && cfg.Scorer == nil && cfg.Policy == nil) {
		panic("sdk.Serve: ServeConfig must set at least one of Extractor, Scorer or Policy")
	}
	logger := cfg.Logger
	if logger == nil {
		logger = hclog.New(&hclog.LoggerOptions{
			Level:      hclog.Debug,
			Output:     os.Stderr,
			JSONFormat: true,
		})
	}
	go exitWithParent(logger, os.Getppid(), time.Second)
	if os.Getenv("GOGC") == "" {
		// A plugin's live heap is small (a few MB of tables), so Go's
		// default target (GOGC=100) collects every couple of calls and a
		// scorer call pays for a GC cycle it would not pay inside the
		// host's large heap: about 0.3 ms of a 1.9 ms call in the
		// reference scorer. Four times the live heap is still small. An
		// operator passes GOGC through the plugin block's env to choose
		// otherwise.
		debug.SetGCPercent(DefaultGCPercent)
	}
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: Handshake,
		VersionedPlugins: map[int]plugin.PluginSet{
			ProtocolVersion: servedSet(cfg),
		},
		GRPCServer: GRPCServer,
		Logger:     logger,
	})
}

// exitWithParent ends the plugin when the host that started it is gone.
// A host killed with SIGKILL cannot run its cleanup, and go-plugin leaves
// the plugin serving for nobody; when the parent dies the process is
// re-parented, so a changed parent pid means the host is gone. Polling is
// used because it works the same everywhere (PR_SET_PDEATHSIG is tied to
// the thread that forked, which Go does not pin).
func exitWithParent(logger hclog.Logger, parent int, every time.Duration) {
	if parent <= 1 {
		return // started by init or a container's pid 1: nothing to watch
	}
	for range time.Tick(every) {
		if os.Getppid() != parent {
			logger.Warn("the host process is gone; exiting", "host_pid", parent)
			os.Exit(0)
		}
	}
}

// servedSet is the plugin-side plugin set: only the kinds cfg implements,
// so a host asking for another kind gets codes.Unimplemented.
func servedSet(cfg *ServeConfig) plugin.PluginSet {
	set := plugin.PluginSet{}
	if cfg.Extractor != nil {
		set[string(KindExtractor)] = &ExtractorPlugin{Impl: cfg.Extractor}
	}
	if cfg.Scorer != nil {
		set[string(KindScorer)] = &ScorerPlugin{Impl: cfg.Scorer}
	}
	if cfg.Policy != nil {
		set[string(KindPolicy)] = &PolicyPlugin{Impl: cfg.Policy}
	}
	return set
}
