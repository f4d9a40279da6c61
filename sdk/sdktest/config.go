package sdktest

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	hcljson "github.com/hashicorp/hcl/v2/json"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/compactguard/compactguard/sdk"
)

// Defaults for a Config's zero fields.
const (
	// DefaultTimeout bounds each call, like a plugin block's timeout. It
	// is the host's own default (a test in host/plugins keeps them
	// equal): a plugin that needs longer needs a `timeout` in its block
	// in production too.
	DefaultTimeout = 5 * time.Second
	// DefaultStartTimeout bounds the handshake, as the host's default.
	DefaultStartTimeout = 30 * time.Second
)

// Config says which plugin to check and how to start it.
type Config struct {
	// Path is the executable: the plugin binary, or an interpreter such
	// as /usr/bin/python3 when the plugin is a script (put the script in
	// Args). A relative path is resolved like a plugin block's command
	// (the working directory, ./bin, then $PATH for a bare name).
	Path string
	// Args are passed to the executable, e.g. the script's absolute path.
	// They are not resolved: a relative path is relative to the working
	// directory of the process running the kit.
	Args []string
	// Kind is what the plugin must be: sdk.KindExtractor, KindScorer or
	// KindPolicy.
	Kind sdk.Kind
	// Config is the plugin's `config { }` block: either HCL attributes
	// (`threshold = 0.5`) or a JSON object (`{"threshold": 0.5}`) of
	// constant values. The plugin must accept it. Empty means no config
	// block.
	Config string
	// BadConfig, in the same forms, is a config the plugin must refuse
	// with an error diagnostic naming an attribute. It is sent straight to
	// Configure, past the host's schema check, so make it well typed but
	// wrong in a way only the plugin can tell (a number out of range, a
	// file that does not exist). Empty skips CheckBadConfig.
	BadConfig string
	// Env names host environment variables passed to the plugin beyond
	// the host's fixed allow-list, like a plugin block's env list.
	Env []string
	// Timeout bounds each call (default DefaultTimeout). The large-input
	// calls get the same bound: the host gives them no more.
	Timeout time.Duration
	// StartTimeout bounds the handshake (default DefaultStartTimeout).
	StartTimeout time.Duration
	// Skip names checks not to run (their results are SKIP).
	Skip []string
	// Logger receives the plugin's forwarded logs and the loader's; nil
	// discards them.
	Logger hclog.Logger
	// ParsePolicy parses a policy block a policy plugin proposes, as the
	// host would, returning why it cannot be used. The kit imports
	// nothing of the host, so by default it only checks that the HCL is
	// one `policy "NAME" { ... }` block; `compactguard plugins test` sets
	// the host's own parser here.
	ParsePolicy func(src []byte, filename string) error
}

// prepared is a Config checked and decoded.
type prepared struct {
	Config
	good, bad         json.RawMessage
	goodBody, badBody hcl.Body
}

// prepare checks cfg and decodes its configs. Errors here are the kit's
// caller's mistakes, not the plugin's.
func prepare(cfg Config, inProcess bool) (*prepared, error) {
	if cfg.Path == "" && !inProcess {
		return nil, errors.New("sdktest: Config.Path is empty: set it to the plugin binary (or the interpreter of a script plugin)")
	}
	if !slices.Contains(sdk.Kinds, cfg.Kind) {
		return nil, fmt.Errorf("sdktest: Config.Kind %q is not extractor, scorer or policy", cfg.Kind)
	}
	for _, name := range cfg.Skip {
		if !slices.Contains(AllChecks(), name) {
			return nil, fmt.Errorf("sdktest: Config.Skip names %q, which is not a check (see AllChecks)", name)
		}
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = DefaultStartTimeout
	}
	if cfg.Logger == nil {
		cfg.Logger = hclog.NewNullLogger()
	}
	if cfg.ParsePolicy == nil {
		cfg.ParsePolicy = policyBlock
	}
	p := &prepared{Config: cfg}
	var err error
	if p.good, p.goodBody, err = parseConfig(cfg.Config, "Config"); err != nil {
		return nil, err
	}
	if p.bad, p.badBody, err = parseConfig(cfg.BadConfig, "BadConfig"); err != nil {
		return nil, err
	}
	return p, nil
}

// parseConfig reads a config given as HCL attributes or a JSON object. It
// returns the JSON object Configure receives and the body the loader
// decodes against the plugin's schema (nil for an empty src).
func parseConfig(src, field string) (json.RawMessage, hcl.Body, error) {
	src = strings.TrimSpace(src)
	if src == "" {
		return nil, nil, nil
	}
	filename := "sdktest." + field
	if strings.HasPrefix(src, "{") {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(src), &obj); err != nil {
			return nil, nil, fmt.Errorf("sdktest: Config.%s is not a JSON object: %w", field, err)
		}
		f, diags := hcljson.Parse([]byte(src), filename+".json")
		if diags.HasErrors() {
			return nil, nil, fmt.Errorf("sdktest: Config.%s: %s", field, diags.Error())
		}
		return json.RawMessage(src), f.Body, nil
	}
	f, diags := hclsyntax.ParseConfig([]byte(src), filename+".hcl", hcl.InitialPos)
	if diags.HasErrors() {
		return nil, nil, fmt.Errorf("sdktest: Config.%s is neither a JSON object nor HCL attributes: %s", field, diags.Error())
	}
	attrs, diags := f.Body.JustAttributes()
	if diags.HasErrors() {
		return nil, nil, fmt.Errorf("sdktest: Config.%s: %s", field, diags.Error())
	}
	obj := map[string]json.RawMessage{}
	for name, a := range attrs {
		v, diags := a.Expr.Value(nil)
		if diags.HasErrors() {
			return nil, nil, fmt.Errorf("sdktest: Config.%s: attribute %q must be a constant: %s", field, name, diags.Error())
		}
		b, err := ctyjson.Marshal(v, v.Type())
		if err != nil {
			return nil, nil, fmt.Errorf("sdktest: Config.%s: encoding attribute %q: %w", field, name, err)
		}
		obj[name] = b
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return nil, nil, fmt.Errorf("sdktest: Config.%s: %w", field, err)
	}
	// Reparse so the loader sees the attributes as a fresh body.
	f2, _ := hclsyntax.ParseConfig([]byte(src), filename+".hcl", hcl.InitialPos)
	return raw, f2.Body, nil
}

// policyBlock is the default ParsePolicy: src must be HCL holding exactly
// one `policy "NAME" { ... }` block and nothing else. What the block may
// say is the host's to judge (host/policy).
func policyBlock(src []byte, filename string) error {
	f, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		return diags
	}
	content, diags := f.Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "policy", LabelNames: []string{"name"}}}})
	if diags.HasErrors() {
		return diags
	}
	if n := len(content.Blocks); n != 1 {
		return fmt.Errorf("%s: %d policy blocks, want exactly one", filename, n)
	}
	return nil
}
