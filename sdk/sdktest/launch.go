package sdktest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/configschema"
)

// The kit starts a plugin the way the host does (go-plugin over gRPC,
// AutoMTLS, the host's environment allow-list, Describe, the config
// decoded against the declared schema, Configure) with code of its own:
// a plugin author's test links the SDK, not the host.

// Why a start or a call failed, to test with errors.Is; each check's
// message says what the plugin should change.
var (
	errNotFound    = errors.New("plugin command not found")
	errStart       = errors.New("plugin failed to start")
	errWrongKind   = errors.New("plugin binary is of another kind")
	errProtocol    = errors.New("unsupported plugin protocol version")
	errConfig      = errors.New("invalid plugin config")
	errTimeout     = errors.New("plugin call timed out")
	errUnavailable = errors.New("plugin unavailable")
)

// kitError is an error with its own text that still matches one of the
// errors above.
type kitError struct {
	is  error
	msg string
}

func (e *kitError) Error() string { return e.msg }
func (e *kitError) Unwrap() error { return e.is }

func failure(is error, format string, args ...any) error {
	return &kitError{is: is, msg: fmt.Sprintf(format, args...)}
}

// hostEnv names the host environment variables every plugin gets from the
// host (host/plugins.ImplicitEnv); anything else must be named in
// Config.Env, as in a plugin block.
var hostEnv = []string{"PATH", "HOME", "TMPDIR", "LANG", "TZ"}

// instance is one running plugin: a process, or the client end of an
// in-process connection (kill and exited are then no-ops).
type instance struct {
	impl sdk.Plugin
	desc *sdk.DescribeResponse
	pid  int
	// client is nil in process.
	client   *plugin.Client
	cmd      *exec.Cmd
	sockDir  string
	killOnce sync.Once
}

// kill ends the process: at once when hard (a hung or dead plugin),
// otherwise by go-plugin's shutdown request, then a kill after two
// seconds. Safe to call more than once.
func (in *instance) kill(hard bool) {
	if in.client == nil {
		return
	}
	in.killOnce.Do(func() {
		if hard && in.cmd.Process != nil {
			_ = in.cmd.Process.Kill()
		}
		in.client.Kill()
		_ = os.RemoveAll(in.sockDir)
	})
}

func (in *instance) exited() bool { return in.client != nil && in.client.Exited() }

// resolvePath finds Config.Path: an absolute path as is; otherwise the
// working directory, then ./bin, then $PATH for a bare name.
func resolvePath(p string) (string, error) {
	if filepath.IsAbs(p) {
		if err := executable(p); err != nil {
			return "", failure(errNotFound, "command %q not found: %v", p, err)
		}
		return p, nil
	}
	var looked []string
	for _, c := range []string{p, filepath.Join("bin", p)} {
		abs, err := filepath.Abs(c)
		if err != nil {
			continue
		}
		looked = append(looked, abs)
		if executable(abs) == nil {
			return abs, nil
		}
	}
	if !strings.ContainsRune(p, filepath.Separator) {
		looked = append(looked, "$PATH")
		if found, err := exec.LookPath(p); err == nil {
			return filepath.Abs(found)
		}
	}
	return "", failure(errNotFound, "command %q not found (looked in %s)", p, strings.Join(looked, ", "))
}

func executable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return errors.New("not a regular file")
	case fi.Mode().Perm()&0o111 == 0:
		return errors.New("not executable")
	}
	return nil
}

// launch starts the plugin binary as kind and opens it (see open).
func (k *kit) launch(ctx context.Context, kind sdk.Kind, body hcl.Body, logger hclog.Logger) (*instance, error) {
	path, err := resolvePath(k.cfg.Path)
	if err != nil {
		return nil, err
	}
	sockDir, err := os.MkdirTemp("", "cgkit")
	if err != nil {
		return nil, fmt.Errorf("%w: making its socket directory: %v", errStart, err)
	}
	cmd := exec.Command(path, k.cfg.Args...)
	for _, name := range append(hostEnv, k.cfg.Env...) {
		if v, ok := os.LookupEnv(name); ok {
			cmd.Env = append(cmd.Env, name+"="+v)
		}
	}
	// A short socket path keeps clear of the 104-byte sun_path limit.
	cmd.Env = append(cmd.Env, plugin.EnvUnixSocketDir+"="+sockDir)
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  sdk.Handshake,
		VersionedPlugins: sdk.VersionedPlugins(),
		Cmd:              cmd,
		StartTimeout:     k.cfg.StartTimeout,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         true,
		SkipHostEnv:      true,
		GRPCDialOptions:  sdk.GRPCDialOptions(),
		UnixSocketConfig: &plugin.UnixSocketConfig{TempDir: sockDir},
		Logger:           logger,
		SyncStdout:       logger.StandardWriter(&hclog.StandardLoggerOptions{ForceLevel: hclog.Info}),
		SyncStderr:       logger.StandardWriter(&hclog.StandardLoggerOptions{InferLevels: true}),
	})
	in := &instance{client: client, cmd: cmd, sockDir: sockDir}
	rpc, err := client.Client()
	if err != nil {
		in.kill(true)
		msg := err.Error()
		if strings.Contains(msg, "Unrecognized remote plugin message") {
			// go-plugin appends generic causes; the first line is what
			// the plugin printed.
			first, _, _ := strings.Cut(msg, "\n")
			msg = first + " (the plugin wrote to stdout before the go-plugin handshake; a plugin must print nothing to stdout before sdk.Serve)"
		}
		return nil, failure(errStart, "starting %s: %s", path, msg)
	}
	if cmd.Process != nil {
		in.pid = cmd.Process.Pid
	}
	dispense := func(kind sdk.Kind) (sdk.Plugin, error) {
		raw, err := rpc.Dispense(string(kind))
		if err != nil {
			return nil, err
		}
		p, ok := raw.(sdk.Plugin)
		if !ok {
			return nil, fmt.Errorf("dispensed %T, not an sdk.Plugin", raw)
		}
		return p, nil
	}
	if in.impl, err = dispense(kind); err != nil {
		in.kill(true)
		return nil, fmt.Errorf("%w: dispensing %s: %v", errStart, kind, err)
	}
	if err := k.open(ctx, in, kind, body, client.NegotiatedVersion(), dispense); err != nil {
		in.kill(true)
		return nil, err
	}
	return in, nil
}

// open checks with Describe that the plugin is of kind and speaks this
// SDK's protocol, decodes body (nil: no config block) against the schema
// it declares, and configures it. dispense gives the plugin's other kinds,
// to name what a binary of another kind is.
func (k *kit) open(ctx context.Context, in *instance, kind sdk.Kind, body hcl.Body, negotiated int, dispense func(sdk.Kind) (sdk.Plugin, error)) error {
	cctx, cancel := context.WithTimeout(ctx, k.cfg.Timeout)
	defer cancel()
	desc, err := in.impl.Describe(cctx, &sdk.DescribeRequest{})
	if status.Code(err) == codes.Unimplemented {
		for _, other := range sdk.Kinds {
			if other == kind {
				continue
			}
			if p, derr := dispense(other); derr == nil {
				if d, derr := p.Describe(cctx, &sdk.DescribeRequest{}); derr == nil {
					return failure(errWrongKind, "the plugin is a %s plugin, not a %s", d.Kind, kind)
				}
			}
		}
		return failure(errWrongKind, "the plugin does not serve the %s service", kind)
	}
	if err != nil {
		return fmt.Errorf("%w: Describe: %v", errStart, err)
	}
	if desc.Kind != kind {
		return failure(errWrongKind, "the plugin is a %s plugin, not a %s", desc.Kind, kind)
	}
	if desc.ProtocolVersion != sdk.ProtocolVersion || desc.ProtocolVersion != negotiated {
		return failure(errProtocol, "the plugin speaks protocol version %d (negotiated %d); this SDK speaks version %d", desc.ProtocolVersion, negotiated, sdk.ProtocolVersion)
	}
	in.desc = desc
	if body == nil {
		body = &hclsyntax.Body{}
	}
	dec, diags, err := configschema.Decode(body, desc.ConfigSchema, nil)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %v", errConfig, err)
	case diags.HasErrors():
		return failure(errConfig, "invalid config: %s", diags.Error())
	}
	resp, err := in.impl.Configure(cctx, &sdk.ConfigureRequest{Config: dec.JSON})
	if err != nil {
		return fmt.Errorf("%w: Configure: %v", errStart, err)
	}
	if resp != nil && resp.Diagnostics.HasErrors() {
		return failure(errConfig, "invalid config: %v", resp.Diagnostics.Err())
	}
	return nil
}
