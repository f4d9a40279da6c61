package plugins

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/sdk"
)

// ImplicitEnv names the host environment variables every plugin gets
// without asking: what a process needs to find programs, a home, a
// temporary folder, its language and its time zone. Anything else must be
// named in Spec.Env. A secret must never live in one of these, since it
// would reach every plugin; the config package refuses a token_env or
// credential_env naming one, and Start refuses a denied name among them.
// It returns a fresh slice, so callers may keep or change it.
func ImplicitEnv() []string {
	return []string{"PATH", "HOME", "TMPDIR", "LANG", "TZ"}
}

// pluginEnv is the whole environment a plugin starts with: the allow-list
// and the spec's extra names, where the host has them set. go-plugin adds
// its own handshake variables (cookie, client certificate, versions).
func pluginEnv(extra []string) []string {
	var env []string
	seen := map[string]bool{}
	for _, name := range append(ImplicitEnv(), extra...) {
		if seen[name] {
			continue
		}
		seen[name] = true
		if v, ok := os.LookupEnv(name); ok {
			env = append(env, name+"="+v)
		}
	}
	return env
}

// instance is one running plugin process.
type instance struct {
	client *plugin.Client
	cmd    *exec.Cmd
	impl   sdk.Plugin
	desc   *sdk.DescribeResponse
	pid    int
	// sockDir holds the plugin's Unix socket; removed on kill.
	sockDir  string
	killOnce sync.Once
}

// kill ends the process and waits for it. hard sends SIGKILL first, for a
// process that is hung or already dead; otherwise go-plugin asks it to
// shut down and kills it after two seconds. Safe to call more than once.
func (in *instance) kill(hard bool) {
	in.killOnce.Do(func() {
		if hard && in.cmd != nil && in.cmd.Process != nil {
			// os.Process knows when it has been reaped, so this never
			// signals a recycled pid.
			_ = in.cmd.Process.Kill()
		}
		in.client.Kill()
		_ = os.RemoveAll(in.sockDir)
	})
}

func (in *instance) exited() bool { return in.client.Exited() }

// launch starts one plugin process, handshakes, dispenses the spec's kind
// and checks with Describe that the binary is what the spec says.
func (s *Supervisor) launch(ctx context.Context) (*instance, error) {
	// go-plugin reports a missing binary as a checksum error; say what
	// it is, so readiness can tell a removed binary from a changed one.
	if _, err := os.Stat(s.path); errors.Is(err, fs.ErrNotExist) {
		return nil, &wrapped{msg: fmt.Sprintf("binary %s is gone", s.path), err: ErrNotFound}
	}
	sockDir, err := os.MkdirTemp("", "cg")
	if err != nil {
		return nil, fmt.Errorf("%w: making its socket directory: %v", ErrStart, err)
	}
	checksum, err := hex.DecodeString(s.sum)
	if err != nil {
		_ = os.RemoveAll(sockDir)
		return nil, fmt.Errorf("%w: bad checksum %q: %v", ErrStart, s.sum, err)
	}

	cmd := exec.Command(s.path, s.spec.Args...)
	// go-plugin v1.8 only applies UnixSocketConfig.TempDir to custom
	// runners, so tell the plugin where to put its socket directly: a
	// short path keeps clear of the 104-byte sun_path limit.
	cmd.Env = append(pluginEnv(s.spec.Env), plugin.EnvUnixSocketDir+"="+sockDir)

	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  sdk.Handshake,
		VersionedPlugins: sdk.VersionedPlugins(),
		Cmd:              cmd,
		SecureConfig:     &plugin.SecureConfig{Checksum: checksum, Hash: sha256.New()},
		// Not Managed: go-plugin would keep every client, one per
		// restart, in a process-wide list for CleanupClients, which the
		// Manager does not use (Close kills its own processes).
		Managed:          false,
		StartTimeout:     s.spec.StartTimeout,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         true,
		SkipHostEnv:      true,
		GRPCDialOptions:  sdk.GRPCDialOptions(),
		UnixSocketConfig: &plugin.UnixSocketConfig{TempDir: sockDir},
		Logger:           s.logger,
		SyncStdout:       s.logger.StandardWriter(&hclog.StandardLoggerOptions{ForceLevel: hclog.Info}),
		SyncStderr:       s.logger.StandardWriter(&hclog.StandardLoggerOptions{InferLevels: true}),
	})
	in := &instance{client: client, cmd: cmd, sockDir: sockDir}

	rpc, err := client.Client()
	if err != nil {
		in.kill(true)
		msg := err.Error()
		if strings.Contains(msg, "Unrecognized remote plugin message") {
			// go-plugin appends a long list of generic causes; the real
			// one is the first line (what the plugin printed).
			s.logger.Debug("plugin handshake failed", "error", msg)
			first, _, _ := strings.Cut(msg, "\n")
			msg = first + " (the plugin wrote to stdout before the go-plugin handshake; a plugin must print nothing to stdout before sdk.Serve)"
		}
		if errors.Is(err, plugin.ErrChecksumsDoNotMatch) {
			return nil, &wrapped{msg: fmt.Sprintf("binary %s changed since it was verified (sha256 no longer %s)", s.path, s.sum), err: ErrChecksum}
		}
		return nil, &wrapped{msg: fmt.Sprintf("starting %s: %s", s.path, msg), err: ErrStart}
	}
	if cmd.Process != nil {
		in.pid = cmd.Process.Pid
	}
	raw, err := rpc.Dispense(string(s.spec.Kind))
	if err != nil {
		in.kill(true)
		return nil, fmt.Errorf("%w: dispensing %s: %v", ErrStart, s.spec.Kind, err)
	}
	impl, ok := raw.(sdk.Plugin)
	if !ok {
		in.kill(true)
		return nil, fmt.Errorf("%w: dispensed %T, not an sdk.Plugin", ErrStart, raw)
	}
	in.impl = impl
	desc, err := s.identify(ctx, rpc, impl, client.NegotiatedVersion())
	if err != nil {
		in.kill(true)
		return nil, err
	}
	in.desc = desc
	return in, nil
}

// identify calls Describe and refuses a binary of another kind or
// protocol. go-plugin never checks what a binary is, so a scorer
// configured as an extractor would otherwise fail on its first call.
func (s *Supervisor) identify(ctx context.Context, rpc plugin.ClientProtocol, impl sdk.Plugin, negotiated int) (*sdk.DescribeResponse, error) {
	cctx, cancel := context.WithTimeout(ctx, s.spec.Timeout)
	defer cancel()
	desc, err := impl.Describe(cctx, &sdk.DescribeRequest{})
	if status.Code(err) == codes.Unimplemented {
		// The binary does not serve this kind's service: find what it is.
		for _, k := range sdk.Kinds {
			if k == s.spec.Kind {
				continue
			}
			other, derr := rpc.Dispense(string(k))
			if derr != nil {
				continue
			}
			if d, derr := other.(sdk.Plugin).Describe(cctx, &sdk.DescribeRequest{}); derr == nil {
				return nil, s.wrongKind(d.Kind)
			}
		}
		return nil, &wrapped{msg: fmt.Sprintf("binary %s does not serve the %s service", s.path, s.spec.Kind), err: ErrWrongKind}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: Describe: %v", ErrStart, err)
	}
	if desc.Kind != s.spec.Kind {
		return nil, s.wrongKind(desc.Kind)
	}
	if desc.ProtocolVersion != sdk.ProtocolVersion || desc.ProtocolVersion != negotiated {
		return nil, &wrapped{
			msg: fmt.Sprintf("binary %s speaks protocol version %d (negotiated %d); this host speaks version %d", s.path, desc.ProtocolVersion, negotiated, sdk.ProtocolVersion),
			err: ErrProtocol,
		}
	}
	return desc, nil
}

func (s *Supervisor) wrongKind(got sdk.Kind) error {
	return &wrapped{msg: fmt.Sprintf("binary %s is a %s plugin, not a %s", s.path, got, s.spec.Kind), err: ErrWrongKind}
}
