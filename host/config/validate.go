package config

import (
	"fmt"
	"math"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
)

// builder turns the decoded fileSchema into a Config, checking every rule
// gohcl cannot express and collecting every problem as a diagnostic (never
// stopping at the first).
type builder struct {
	cfg   *Config
	diags hcl.Diagnostics
	// start is the file body's missing-item range (line 1, column 1), the
	// subject of problems with the file as a whole, like a missing block.
	start hcl.Range
}

func (b *builder) errorf(subject hcl.Range, summary, format string, args ...any) {
	r := subject
	b.diags = append(b.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  &r,
	})
}

func (b *builder) warnf(subject hcl.Range, summary, format string, args ...any) {
	r := subject
	b.diags = append(b.diags, &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  &r,
	})
}

// newName checks the name of a labelled block of one kind (a tenant, an
// authority, a phase, a policy; article is "A" or "An"), seen holding
// where each earlier block of the kind was declared. A repeated name is
// "Duplicate KIND" and false: the caller skips the block, whose problems
// would only echo the first one's. An empty name is "Invalid KIND name",
// but true: the rest of the block is still worth checking.
func (b *builder) newName(seen map[string]hcl.Range, article, kind, name string, nameRange, declRange hcl.Range) bool {
	if prev, dup := seen[name]; dup {
		b.errorf(nameRange, "Duplicate "+kind, "%s %s named %q was already declared at %s.", article, kind, name, prev)
		return false
	}
	seen[name] = declRange
	if strings.TrimSpace(name) == "" {
		b.errorf(nameRange, "Invalid "+kind+" name", "%s %s needs a non-empty name.", article, kind)
	}
	return true
}

// decoded reports whether the attribute whose value range is r was present
// and decoded without error. gohcl leaves a field at its zero value when the
// expression fails to evaluate; checking it again would only add a second,
// misleading diagnostic for the same value.
func (b *builder) decoded(r hcl.Range) bool {
	if r.Filename == "" {
		return false
	}
	for _, d := range b.diags {
		if d.Severity == hcl.DiagError && d.Subject != nil && d.Subject.Filename == r.Filename &&
			d.Subject.Start.Byte >= r.Start.Byte && d.Subject.Start.Byte <= r.End.Byte {
			return false
		}
	}
	return true
}

func (b *builder) build(raw *fileSchema) {
	// Names first: the budget refers to authorities, phases to policies,
	// and plugins must not be handed the authorities' or tenants' secrets.
	b.policies(raw.Policies)
	b.authorities(raw.Authorities)
	b.guard(raw.Guard)
	b.api(raw.API)
	b.audit(raw.Audit)
	b.budget(raw.Budget)
	b.plugins(raw.Plugins)
	b.gate(raw.Gates)
	b.phases(raw.Phases)
	b.hooks(raw.Hooks)
	b.implicitSecrets(raw)
}

func (b *builder) guard(g *guardBlock) {
	out := Guard{Tokenizer: DefaultTokenizer, Store: Store{Kind: StoreMemory}, PolicyLimits: policy.DefaultLimits()}
	if g != nil {
		out.DeclRange = g.DeclRange
		if g.PolicyLimits != nil {
			out.PolicyLimits = b.policyLimits(g.PolicyLimits)
		}
		if g.Tokenizer != nil && b.decoded(g.TokenizerRange) {
			if slices.Contains(Tokenizers(), *g.Tokenizer) {
				out.Tokenizer = *g.Tokenizer
			} else {
				b.errorf(g.TokenizerRange, "Unsupported tokenizer",
					"%q is not an encoding the host can count tokens with. Use one of: %s.",
					*g.Tokenizer, strings.Join(Tokenizers(), ", "))
			}
		}
		if g.Store != nil && b.decoded(g.StoreRange) {
			st, err := parseStore(*g.Store, b.cfg.Dir)
			if err != nil {
				b.errorf(g.StoreRange, "Invalid store", "%s", err)
			} else {
				st.Range = g.StoreRange
				out.Store = st
			}
		}
	}
	b.cfg.Guard = out
}

// policyLimits decodes guard.policy_limits: each attribute a positive
// whole number (eval_timeout a positive duration), its default where
// absent. Zero is refused rather than read as "no limit": text no limit
// bounds can crash the process.
func (b *builder) policyLimits(pl *policyLimitsBlock) policy.Limits {
	out := policy.DefaultLimits()
	for _, f := range []struct {
		name string
		v    *int
		r    hcl.Range
		dst  *int
	}{
		{"max_bytes", pl.MaxBytes, pl.MaxBytesRange, &out.MaxBytes},
		{"max_depth", pl.MaxDepth, pl.MaxDepthRange, &out.MaxDepth},
		{"max_unary_run", pl.MaxUnaryRun, pl.MaxUnaryRunRange, &out.MaxUnaryRun},
		{"max_conditionals", pl.MaxConditionals, pl.MaxConditionalsRange, &out.MaxConditionals},
		{"max_expressions", pl.MaxExpressions, pl.MaxExpressionsRange, &out.MaxExpressions},
		{"max_collection", pl.MaxCollection, pl.MaxCollectionRange, &out.MaxCollection},
		{"max_span_steps", pl.MaxSpanSteps, pl.MaxSpanStepsRange, &out.MaxSpanSteps},
	} {
		if f.v == nil || !b.decoded(f.r) {
			continue
		}
		if *f.v <= 0 {
			b.errorf(f.r, "Invalid policy limit",
				"%s must be a positive whole number (default %d); got %d. There is no \"no limit\": policy text past every bound can crash the host.", f.name, *f.dst, *f.v)
			continue
		}
		*f.dst = *f.v
	}
	if pl.EvalTimeout != nil && b.decoded(pl.EvalTimeoutRange) {
		out.EvalTimeout = b.duration("eval_timeout", *pl.EvalTimeout, pl.EvalTimeoutRange, out.EvalTimeout)
	}
	return out
}

// parseStore parses "memory", "sqlite:PATH" or "postgres:DSN". Its errors
// never quote a DSN, which may hold a password from the environment.
func parseStore(s, dir string) (Store, error) {
	scheme, rest, hasColon := strings.Cut(s, ":")
	switch {
	case s == string(StoreMemory):
		return Store{Kind: StoreMemory}, nil
	case hasColon && scheme == string(StoreSQLite):
		if strings.TrimSpace(rest) == "" {
			return Store{}, fmt.Errorf(`"sqlite:" needs a database file, as in "sqlite:compactguard.db" (relative to the config file's folder)`)
		}
		if rest == ":memory:" {
			return Store{Kind: StoreSQLite, Path: rest}, nil
		}
		return Store{Kind: StoreSQLite, Path: resolvePath(dir, rest)}, nil
	case hasColon && scheme == string(StorePostgres):
		if strings.TrimSpace(rest) == "" {
			return Store{}, fmt.Errorf(`"postgres:" needs a connection string, as in "postgres:${env.COMPACTGUARD_PG_DSN}"; is the variable set and non-empty?`)
		}
		return Store{Kind: StorePostgres, DSN: rest}, nil
	case hasColon:
		return Store{}, fmt.Errorf("unknown store scheme %q: use \"memory\", \"sqlite:PATH\" or \"postgres:DSN\"", scheme)
	default:
		return Store{}, fmt.Errorf("%q is not a store: use \"memory\", \"sqlite:PATH\" or \"postgres:DSN\"", s)
	}
}

func (b *builder) api(a *apiBlock) {
	out := API{Listen: DefaultListen, MaxBodyBytes: DefaultMaxBodyBytes, MaxSpansPerBatch: DefaultMaxSpansPerBatch, AuthFailBurst: DefaultAuthFailBurst,
		TenantMaxInflight: DefaultTenantMaxInflight, TenantRate: DefaultTenantRate, TenantBurst: DefaultTenantBurst,
		ReadHeaderTimeout: DefaultReadHeaderTimeout, ReadTimeout: ReadTimeoutFor(DefaultMaxBodyBytes), IdleTimeout: DefaultIdleTimeout}
	if a == nil {
		b.cfg.API = out
		return
	}
	out.DeclRange = a.DeclRange
	if a.Listen != nil && b.decoded(a.ListenRange) {
		if err := checkListen(*a.Listen); err != nil {
			b.errorf(a.ListenRange, "Invalid listen address", "%s", err)
		} else {
			out.Listen = *a.Listen
		}
	}
	certSet := a.TLSCert != nil && *a.TLSCert != ""
	keySet := a.TLSKey != nil && *a.TLSKey != ""
	switch {
	case certSet && !keySet:
		b.errorf(a.TLSCertRange, "Incomplete TLS configuration",
			"tls_cert is set but tls_key is not. Set both to serve HTTPS, or neither to serve plain HTTP.")
	case keySet && !certSet:
		b.errorf(a.TLSKeyRange, "Incomplete TLS configuration",
			"tls_key is set but tls_cert is not. Set both to serve HTTPS, or neither to serve plain HTTP.")
	case certSet && keySet:
		out.TLSCert = resolvePath(b.cfg.Dir, *a.TLSCert)
		out.TLSKey = resolvePath(b.cfg.Dir, *a.TLSKey)
	}
	if a.MaxBodyBytes != nil && b.decoded(a.MaxBodyBytesRange) {
		if *a.MaxBodyBytes <= 0 {
			b.errorf(a.MaxBodyBytesRange, "Invalid max_body_bytes",
				"max_body_bytes must be a positive number of bytes (default %d, 8 MiB); got %d.", DefaultMaxBodyBytes, *a.MaxBodyBytes)
		} else {
			out.MaxBodyBytes = *a.MaxBodyBytes
		}
	}
	if a.MaxSpans != nil && b.decoded(a.MaxSpansRange) {
		if *a.MaxSpans <= 0 {
			b.errorf(a.MaxSpansRange, "Invalid max_spans_per_batch",
				"max_spans_per_batch must be a positive number of spans (default %d); got %d.", DefaultMaxSpansPerBatch, *a.MaxSpans)
		} else {
			out.MaxSpansPerBatch = *a.MaxSpans
		}
	}
	if a.AuthFailBurst != nil && b.decoded(a.AuthFailBurstRange) {
		if *a.AuthFailBurst < 0 {
			b.errorf(a.AuthFailBurstRange, "Invalid auth_fail_burst",
				"auth_fail_burst is a number of failed authentications (default %d; 0 turns the throttle off); got %d.", DefaultAuthFailBurst, *a.AuthFailBurst)
		} else {
			out.AuthFailBurst = *a.AuthFailBurst
		}
	}
	if a.TenantMaxInflight != nil && b.decoded(a.TenantMaxInflightRange) {
		if *a.TenantMaxInflight < 0 {
			b.errorf(a.TenantMaxInflightRange, "Invalid tenant_max_inflight",
				"tenant_max_inflight is how many requests one tenant may have in flight at once (default %d; 0 turns the limit off); got %d.", DefaultTenantMaxInflight, *a.TenantMaxInflight)
		} else {
			out.TenantMaxInflight = *a.TenantMaxInflight
		}
	}
	if a.TenantRate != nil && b.decoded(a.TenantRateRange) {
		if r := *a.TenantRate; r < 0 || math.IsNaN(r) || math.IsInf(r, 0) {
			b.errorf(a.TenantRateRange, "Invalid tenant_rate",
				"tenant_rate is the requests per second one tenant may make on average (default %g; 0 turns the limit off); got %g.", DefaultTenantRate, r)
		} else {
			out.TenantRate = r
		}
	}
	if a.TenantBurst != nil && b.decoded(a.TenantBurstRange) {
		if *a.TenantBurst < 1 {
			b.errorf(a.TenantBurstRange, "Invalid tenant_burst",
				"tenant_burst is how many requests one tenant may make at once above tenant_rate, at least 1 (default %d); got %d.", DefaultTenantBurst, *a.TenantBurst)
		} else {
			out.TenantBurst = *a.TenantBurst
		}
	}
	b.apiTimeouts(a, &out)
	seen := map[string]hcl.Range{}
	for _, t := range a.Tenants {
		if !b.newName(seen, "A", "tenant", t.Name, t.NameRange, t.DeclRange) {
			continue
		}
		if b.decoded(t.TokenEnvRange) && !isEnvName(t.TokenEnv) {
			b.errorf(t.TokenEnvRange, "Invalid environment variable name",
				"token_env names the environment variable that holds the tenant's bearer token, like \"COMPACTGUARD_API_TOKEN\"; %q is not a variable name.", t.TokenEnv)
		}
		out.Tenants = append(out.Tenants, Tenant{Name: t.Name, TokenEnv: t.TokenEnv, DeclRange: t.DeclRange})
	}
	b.cfg.API = out
}

// apiTimeouts decodes the connection timeouts. read_timeout covers the
// whole request, headers included, so it may not be shorter than
// read_header_timeout; unset, it follows max_body_bytes (ReadTimeoutFor).
func (b *builder) apiTimeouts(a *apiBlock, out *API) {
	if a.ReadHeaderTimeout != nil && b.decoded(a.ReadHeaderTimeoutRange) {
		out.ReadHeaderTimeout = b.duration("read_header_timeout", *a.ReadHeaderTimeout, a.ReadHeaderTimeoutRange, out.ReadHeaderTimeout)
	}
	out.ReadTimeout = ReadTimeoutFor(out.MaxBodyBytes)
	if a.ReadTimeout != nil && b.decoded(a.ReadTimeoutRange) {
		out.ReadTimeout = b.duration("read_timeout", *a.ReadTimeout, a.ReadTimeoutRange, out.ReadTimeout)
		if out.ReadTimeout < out.ReadHeaderTimeout {
			b.errorf(a.ReadTimeoutRange, "Invalid read_timeout",
				"read_timeout (%s) bounds the whole request, headers included, so it cannot be shorter than read_header_timeout (%s).", out.ReadTimeout, out.ReadHeaderTimeout)
		}
	}
	if a.IdleTimeout != nil && b.decoded(a.IdleTimeoutRange) {
		out.IdleTimeout = b.duration("idle_timeout", *a.IdleTimeout, a.IdleTimeoutRange, out.IdleTimeout)
	}
}

func (b *builder) audit(a *auditBlock) {
	if a == nil {
		return
	}
	out := Audit{DeclRange: a.DeclRange}
	hasFile, hasEnv := a.SigningKeyFile != nil, a.SigningKeyEnv != nil
	switch {
	case hasFile && hasEnv:
		second := a.SigningKeyEnvRange
		if a.SigningKeyFileRange.Start.Byte > second.Start.Byte {
			second = a.SigningKeyFileRange
		}
		b.errorf(second, "Conflicting signing keys",
			"The audit block sets both signing_key_file and signing_key_env; set exactly one.")
	case !hasFile && !hasEnv:
		b.errorf(a.DeclRange, "Missing signing key",
			"The audit block needs signing_key_file (a PEM Ed25519 private key, as `compactguard audit keygen` writes) or signing_key_env (the environment variable holding it): checkpoints are worth only what the key outside the store is.")
	case hasFile && b.decoded(a.SigningKeyFileRange):
		if strings.TrimSpace(*a.SigningKeyFile) == "" {
			b.errorf(a.SigningKeyFileRange, "Invalid signing_key_file", "signing_key_file must name the private key's file.")
		} else {
			out.SigningKeyFile = resolvePath(b.cfg.Dir, *a.SigningKeyFile)
		}
	case hasEnv && b.decoded(a.SigningKeyEnvRange):
		if !isEnvName(*a.SigningKeyEnv) {
			b.errorf(a.SigningKeyEnvRange, "Invalid environment variable name",
				"signing_key_env names the environment variable that holds the signing key, like \"COMPACTGUARD_AUDIT_KEY\"; %q is not a variable name.", *a.SigningKeyEnv)
		} else {
			out.SigningKeyEnv = *a.SigningKeyEnv
		}
	}
	if a.CheckpointFile != nil && b.decoded(a.CheckpointFileRange) {
		if strings.TrimSpace(*a.CheckpointFile) == "" {
			b.errorf(a.CheckpointFileRange, "Invalid checkpoint_file", "checkpoint_file must name a file; leave it out to keep checkpoints in the store only.")
		} else {
			out.CheckpointFile = resolvePath(b.cfg.Dir, *a.CheckpointFile)
		}
	}
	b.cfg.Audit = out
}

func checkListen(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not HOST:PORT (as in \"127.0.0.1:7700\"): %v", addr, err)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q has no valid port: it must be a number from 0 to 65535", addr)
	}
	return nil
}

func (b *builder) authorities(blocks []*authorityBlock) {
	seen := map[string]hcl.Range{}
	for _, a := range blocks {
		if !b.newName(seen, "An", "authority", a.Name, a.NameRange, a.DeclRange) {
			continue
		}
		out := Authority{Name: a.Name, DeclRange: a.DeclRange}
		hasEnv, hasSum := a.CredentialEnv != nil, a.CredentialSHA256 != nil
		switch {
		case hasEnv && hasSum:
			// Point at whichever of the two comes second.
			second := a.CredentialSHA256Range
			if a.CredentialEnvRange.Start.Byte > second.Start.Byte {
				second = a.CredentialEnvRange
			}
			b.errorf(second, "Conflicting authority credentials",
				"Authority %q sets both credential_env and credential_sha256; set exactly one.", a.Name)
		case !hasEnv && !hasSum:
			b.errorf(a.DeclRange, "Missing authority credential",
				"Authority %q needs exactly one of credential_env (the environment variable holding the credential) or credential_sha256 (the hex sha256 of the credential).", a.Name)
		case hasEnv && b.decoded(a.CredentialEnvRange):
			if !isEnvName(*a.CredentialEnv) {
				b.errorf(a.CredentialEnvRange, "Invalid environment variable name",
					"credential_env names the environment variable that holds the credential, like \"COMPACTGUARD_BUDGET_CREDENTIAL\"; %q is not a variable name.", *a.CredentialEnv)
			}
			out.CredentialEnv = *a.CredentialEnv
		case hasSum && b.decoded(a.CredentialSHA256Range):
			sum := normHex(*a.CredentialSHA256)
			if !isSHA256Hex(sum) {
				b.errorf(a.CredentialSHA256Range, "Invalid credential_sha256",
					"credential_sha256 must be the 64 hex digits of the credential's sha256 (as printed by `printf %%s CREDENTIAL | sha256sum`), never the credential itself.")
			}
			out.CredentialSHA256 = sum
		}
		b.cfg.Authorities = append(b.cfg.Authorities, out)
	}
}

func (b *builder) budget(bb *budgetBlock) {
	if bb == nil {
		b.errorf(b.start, "Missing budget block",
			"The configuration needs a budget block with tokens (the token budget) and authority (the authority that alone may change it). The budget bounds what any policy may retain.")
		return
	}
	out := Budget{Tokens: bb.Tokens, Authority: bb.Authority, DeclRange: bb.DeclRange}
	if b.decoded(bb.TokensRange) && (bb.Tokens <= 0 || bb.Tokens > MaxBudgetTokens) {
		b.errorf(bb.TokensRange, "Invalid budget", "tokens must be a whole number of tokens from 1 to %d (2^30); got %d.", MaxBudgetTokens, bb.Tokens)
	}
	if b.decoded(bb.AuthorityRange) && b.cfg.Authority(bb.Authority) == nil {
		b.errorf(bb.AuthorityRange, "Unknown authority",
			"The budget names authority %q, but no authority block declares it. Declared: %s.", bb.Authority, quoteList(authorityNames(b.cfg)))
	}
	b.cfg.Budget = out
}

func (b *builder) plugins(blocks []*pluginBlock) {
	secrets := map[string]string{} // env var name -> what it holds
	for _, a := range b.cfg.Authorities {
		if a.CredentialEnv != "" {
			secrets[a.CredentialEnv] = fmt.Sprintf("the credential of authority %q", a.Name)
		}
	}
	for _, t := range b.cfg.API.Tenants {
		if t.TokenEnv != "" {
			secrets[t.TokenEnv] = fmt.Sprintf("the API token of tenant %q", t.Name)
		}
	}
	if e := b.cfg.Audit.SigningKeyEnv; e != "" {
		secrets[e] = "the audit trail's signing key"
	}

	seen := map[string]hcl.Range{}
	var extractors, scorers, policies []*pluginBlock
	for _, p := range blocks {
		kind := sdk.Kind(p.Kind)
		if !slices.Contains(sdk.Kinds, kind) {
			b.errorf(p.KindRange, "Unknown plugin kind",
				"%q is not a plugin kind. The first label of a plugin block is extractor, scorer or policy.", p.Kind)
			continue
		}
		id := p.Kind + "/" + p.Name
		if prev, dup := seen[id]; dup {
			b.errorf(p.NameRange, "Duplicate plugin", "A %s plugin named %q was already declared at %s.", p.Kind, p.Name, prev)
			continue
		}
		seen[id] = p.DeclRange
		switch kind {
		case sdk.KindExtractor:
			extractors = append(extractors, p)
		case sdk.KindScorer:
			scorers = append(scorers, p)
		case sdk.KindPolicy:
			policies = append(policies, p)
		}

		out := Plugin{
			Kind:         kind,
			Name:         p.Name,
			Command:      p.Command,
			Args:         p.Args,
			Timeout:      DefaultTimeout,
			StartTimeout: DefaultStartTimeout,
			Env:          p.Env,
			Config:       hcl.EmptyBody(),
			ConfigRange:  p.DeclRange,
			Dir:          b.cfg.Dir,
			DeclRange:    p.DeclRange,
		}
		if strings.TrimSpace(p.Name) == "" {
			b.errorf(p.NameRange, "Invalid plugin name", "A plugin needs a non-empty name.")
		}
		if b.decoded(p.CommandRange) && strings.TrimSpace(p.Command) == "" {
			b.errorf(p.CommandRange, "Invalid plugin command", "command must name the plugin's executable.")
		}
		if p.SHA256 != nil && b.decoded(p.SHA256Range) {
			sum := normHex(*p.SHA256)
			if !isSHA256Hex(sum) {
				b.errorf(p.SHA256Range, "Invalid sha256", "sha256 must be the 64 hex digits of the plugin binary's sha256 (`sha256sum BINARY`, or `compactguard plugins lock`).")
			}
			out.SHA256 = sum
		}
		if p.Timeout != nil && b.decoded(p.TimeoutRange) {
			out.Timeout = b.duration("timeout", *p.Timeout, p.TimeoutRange, DefaultTimeout)
		}
		if p.StartTimeout != nil && b.decoded(p.StartTimeoutRange) {
			out.StartTimeout = b.duration("start_timeout", *p.StartTimeout, p.StartTimeoutRange, DefaultStartTimeout)
		}
		if b.decoded(p.EnvRange) {
			for _, name := range p.Env {
				if !isEnvName(name) {
					b.errorf(p.EnvRange, "Invalid environment variable name",
						"env lists names of host environment variables to let through to the plugin; %q is not a variable name.", name)
					continue
				}
				if what, secret := secrets[name]; secret {
					b.errorf(p.EnvRange, "Secret passed to plugin",
						"env lets %s through to plugin %s; host secrets never reach a plugin. Remove %q from env.", what, id, name)
				}
			}
		}
		if p.Config != nil {
			out.Config = p.Config.Body
			out.ConfigRange = p.Config.DeclRange
			b.secretsInConfig(id, p.Config.Body, secrets)
		}
		b.cfg.Plugins = append(b.cfg.Plugins, out)
	}

	if len(extractors) == 0 {
		b.errorf(b.start, "No extractor plugin",
			"At least one plugin \"extractor\" \"NAME\" block is needed: without an extractor the decision-relevant set of a compaction is unknown, and every compaction would be refused.")
	}
	if len(scorers) == 0 {
		b.errorf(b.start, "No scorer plugin",
			"At least one plugin \"scorer\" \"NAME\" block is needed: the scorer gives the anchored score of a compaction. With several, gate \"compaction\" { scorers = [...] } lists them; an item is kept only if every one keeps it.")
	}
	for _, p := range policies[min(1, len(policies)):] {
		b.errorf(p.DeclRange, "More than one policy plugin",
			"At most one policy plugin is allowed; policy %q was already declared at %s.", policies[0].Name, policies[0].DeclRange)
	}
}

// secretsInConfig reports every reference to env.NAME in a plugin's config
// body where NAME holds a host secret: the host evaluates that expression
// and would hand the plugin the value. Other variables (an embedding
// endpoint's API key, say) are the operator's to pass.
func (b *builder) secretsInConfig(id string, body hcl.Body, secrets map[string]string) {
	sb, ok := body.(*hclsyntax.Body)
	if !ok {
		return
	}
	for _, attr := range sortedAttrs(sb.Attributes) {
		for _, tr := range attr.Expr.Variables() {
			if tr.RootName() != "env" || len(tr) < 2 {
				continue
			}
			var name string
			switch step := tr[1].(type) {
			case hcl.TraverseAttr:
				name = step.Name
			case hcl.TraverseIndex:
				if step.Key.Type() == cty.String && step.Key.IsKnown() {
					name = step.Key.AsString()
				}
			}
			if what, secret := secrets[name]; secret {
				b.errorf(tr.SourceRange(), "Secret passed to plugin",
					"The config of plugin %s reads env.%s, %s; host secrets never reach a plugin.", id, name, what)
			}
		}
	}
	for _, blk := range sb.Blocks {
		b.secretsInConfig(id, blk.Body, secrets)
	}
}

func sortedAttrs(attrs hclsyntax.Attributes) []*hclsyntax.Attribute {
	out := make([]*hclsyntax.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b *hclsyntax.Attribute) int { return a.SrcRange.Start.Byte - b.SrcRange.Start.Byte })
	return out
}

// duration parses a duration attribute ("2s", "1m30s"), which must be
// positive; on error it reports at the value and returns def.
func (b *builder) duration(name, s string, r hcl.Range, def time.Duration) time.Duration {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		b.errorf(r, "Invalid duration", "%s must be a duration such as \"2s\" or \"1m30s\": %v.", name, err)
		return def
	case d <= 0:
		b.errorf(r, "Invalid duration", "%s must be positive; got %q.", name, s)
		return def
	}
	return d
}

// unit reports whether x is in [0,1] (false for NaN).
func unit(x float64) bool { return x >= 0 && x <= 1 && !math.IsNaN(x) }

func (b *builder) gate(blocks []*gateBlock) {
	out := Gate{
		Name:        GateCompaction,
		Threshold:   DefaultThreshold,
		MustKeep:    DefaultMustKeep(),
		GapWarning:  DefaultGapWarning,
		TrendWindow: DefaultTrendWindow,
	}
	var first *gateBlock
	for _, g := range blocks {
		if g.Name != GateCompaction {
			b.errorf(g.NameRange, "Unknown gate", "%q is not a gate; the only gate is \"compaction\".", g.Name)
			continue
		}
		if first != nil {
			b.errorf(g.NameRange, "Duplicate gate", "A gate \"compaction\" was already declared at %s.", first.DeclRange)
			continue
		}
		first = g
		out.DeclRange = g.DeclRange
		if g.Threshold != nil && b.decoded(g.ThresholdRange) {
			if unit(*g.Threshold) {
				out.Threshold = *g.Threshold
			} else {
				b.errorf(g.ThresholdRange, "Threshold out of range",
					"threshold is the anchored score a compaction must reach, in [0,1]; got %g.", *g.Threshold)
			}
		}
		if b.decoded(g.MustKeepRange) {
			mk := make([]string, 0, len(g.MustKeep))
			for _, c := range g.MustKeep {
				switch {
				case strings.TrimSpace(c) == "":
					b.errorf(g.MustKeepRange, "Invalid must_keep", "must_keep lists item categories; an empty name matches nothing.")
				case slices.Contains(mk, c):
					b.errorf(g.MustKeepRange, "Invalid must_keep", "must_keep lists category %q twice.", c)
				default:
					mk = append(mk, c)
				}
			}
			if len(mk) == 0 && len(g.MustKeep) == 0 {
				b.warnf(g.MustKeepRange, "Empty must_keep",
					"No category refuses a compaction on its own; only the threshold gates. The default is %s.", quoteList(DefaultMustKeep()))
			}
			out.MustKeep = mk
		}
		if g.GapWarning != nil && b.decoded(g.GapWarningRange) {
			if unit(*g.GapWarning) {
				out.GapWarning = *g.GapWarning
			} else {
				b.errorf(g.GapWarningRange, "Gap warning out of range",
					"gap_warning is a gap between self and anchored scores, in [0,1]; got %g.", *g.GapWarning)
			}
		}
		if g.CandidateFrames != nil {
			out.CandidateFrames = *g.CandidateFrames
		}
		if g.Scorers != nil && b.decoded(g.ScorersRange) {
			out.Scorers = b.gateScorers(g)
		}
		if g.TrendWindow != nil && b.decoded(g.TrendWindowRange) {
			if *g.TrendWindow >= 1 {
				out.TrendWindow = *g.TrendWindow
			} else {
				b.errorf(g.TrendWindowRange, "Invalid trend_window",
					"trend_window is a number of compactions, at least 1; got %d.", *g.TrendWindow)
			}
		}
	}
	if out.Scorers == nil {
		for _, p := range b.cfg.Plugins {
			if p.Kind == sdk.KindScorer {
				out.Scorers = append(out.Scorers, p.Name)
			}
		}
	}
	b.cfg.Gate = out
}

// gateScorers checks the gate's scorers list: every name a declared
// scorer, none twice, and every declared scorer listed (a scorer started
// but never asked is a mistake, not a spare).
func (b *builder) gateScorers(g *gateBlock) []string {
	declared := map[string]bool{}
	var order []string
	for _, p := range b.cfg.Plugins {
		if p.Kind == sdk.KindScorer {
			declared[p.Name] = true
			order = append(order, p.Name)
		}
	}
	if len(g.Scorers) == 0 {
		b.errorf(g.ScorersRange, "Empty scorers",
			"scorers lists the scorer plugins that judge a compaction; an empty list would judge nothing. Remove it to use every declared scorer.")
		return nil
	}
	var out []string
	for _, name := range g.Scorers {
		switch {
		case !declared[name]:
			b.errorf(g.ScorersRange, "Unknown scorer",
				"scorers names %q, but no plugin \"scorer\" %q block is declared (declared: %s).", name, name, quoteList(order))
		case slices.Contains(out, name):
			b.errorf(g.ScorersRange, "Invalid scorers", "scorers lists %q twice.", name)
		default:
			out = append(out, name)
		}
	}
	for _, name := range order {
		if !slices.Contains(g.Scorers, name) {
			b.errorf(g.ScorersRange, "Scorer not listed",
				"plugin \"scorer\" %q is declared but not in scorers; list it, or remove its block.", name)
		}
	}
	return out
}

func (b *builder) phases(blocks []*phaseBlock) {
	seen := map[string]hcl.Range{}
	for _, p := range blocks {
		if !b.newName(seen, "A", "phase", p.Name, p.NameRange, p.DeclRange) {
			continue
		}
		out := Phase{Name: p.Name, Policy: p.Policy, DeclRange: p.DeclRange}
		if b.decoded(p.PolicyRange) && b.cfg.Policy(p.Policy) == nil {
			b.errorf(p.PolicyRange, "Unknown policy",
				"Phase %q names policy %q, but no policy block declares it. Declared: %s.", p.Name, p.Policy, quoteList(policyNames(b.cfg)))
		}
		enterOK := p.EnterAbove != nil && b.decoded(p.EnterAboveRange)
		exitOK := p.ExitBelow != nil && b.decoded(p.ExitBelowRange)
		if enterOK {
			if unit(*p.EnterAbove) {
				v := *p.EnterAbove
				out.EnterAbove = &v
			} else {
				b.errorf(p.EnterAboveRange, "Phase score out of range", "enter_above is a phase score, in [0,1]; got %g.", *p.EnterAbove)
			}
		}
		if exitOK {
			if unit(*p.ExitBelow) {
				v := *p.ExitBelow
				out.ExitBelow = &v
			} else {
				b.errorf(p.ExitBelowRange, "Phase score out of range", "exit_below is a phase score, in [0,1]; got %g.", *p.ExitBelow)
			}
		}
		if out.EnterAbove != nil && out.ExitBelow != nil && *out.ExitBelow > *out.EnterAbove {
			b.errorf(p.ExitBelowRange, "exit_below above enter_above",
				"Phase %q would be left (exit_below = %g) before it could be entered (enter_above = %g); exit_below must be <= enter_above.",
				p.Name, *out.ExitBelow, *out.EnterAbove)
		}
		b.cfg.Phases = append(b.cfg.Phases, out)
	}
}

func (b *builder) hooks(blocks []*hookBlock) {
	seen := map[string]hcl.Range{}
	for _, h := range blocks {
		if h.Name != HookClaudeCode {
			b.errorf(h.NameRange, "Unknown hook", "%q is not a harness compactguard has hooks for; the only one is %q.", h.Name, HookClaudeCode)
			continue
		}
		if prev, dup := seen[h.Name]; dup {
			b.errorf(h.NameRange, "Duplicate hook", "A hook %q was already declared at %s.", h.Name, prev)
			continue
		}
		seen[h.Name] = h.DeclRange
		out := Hook{Name: h.Name, DeclRange: h.DeclRange}
		if h.BlockManualCompaction != nil && b.decoded(h.BlockManualCompactionRange) {
			out.BlockManualCompaction = *h.BlockManualCompaction
		}
		b.cfg.Hooks = append(b.cfg.Hooks, out)
	}
}

func (b *builder) policies(blocks []*policyBlock) {
	seen := map[string]hcl.Range{}
	for _, p := range blocks {
		if !b.newName(seen, "A", "policy", p.Name, p.NameRange, p.DeclRange) {
			continue
		}
		b.cfg.Policies = append(b.cfg.Policies, PolicyBlock{Name: p.Name, Body: p.Body, DeclRange: p.DeclRange})
	}
}

func authorityNames(c *Config) []string {
	out := make([]string, len(c.Authorities))
	for i, a := range c.Authorities {
		out[i] = a.Name
	}
	return out
}

func policyNames(c *Config) []string {
	out := make([]string, len(c.Policies))
	for i, p := range c.Policies {
		out[i] = p.Name
	}
	return out
}

func quoteList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
