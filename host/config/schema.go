package config

import "github.com/hashicorp/hcl/v2"

// The structs in this file are the HCL schema of policies.hcl, written as
// gohcl struct tags. gohcl decodes a file into them (rejecting unknown blocks
// and attributes with its own diagnostics); validate.go then checks the
// semantic rules and builds the typed Config. They stay unexported so the
// rest of the host depends on Config, not on how the file is spelled.
//
// Optional attributes are pointers so a rule can tell "absent, use the
// default" from "set to the zero value". Every attribute that a semantic
// rule may complain about carries an attr_value_range field so the
// diagnostic points at the offending value.

// fileSchema is the root body of policies.hcl.
type fileSchema struct {
	Guard       *guardBlock       `hcl:"guard,block"`
	API         *apiBlock         `hcl:"api,block"`
	Authorities []*authorityBlock `hcl:"authority,block"`
	Budget      *budgetBlock      `hcl:"budget,block"`
	Plugins     []*pluginBlock    `hcl:"plugin,block"`
	Gates       []*gateBlock      `hcl:"gate,block"`
	Phases      []*phaseBlock     `hcl:"phase,block"`
	Policies    []*policyBlock    `hcl:"policy,block"`
	Hooks       []*hookBlock      `hcl:"hook,block"`
	Audit       *auditBlock       `hcl:"audit,block"`
}

// guardBlock is `guard { ... }`: host-wide settings.
type guardBlock struct {
	Tokenizer      *string   `hcl:"tokenizer,optional"`
	TokenizerRange hcl.Range `hcl:"tokenizer,attr_value_range"`
	Store          *string   `hcl:"store,optional"`
	StoreRange     hcl.Range `hcl:"store,attr_value_range"`
	// PolicyLimits bounds the policy text tenants and plugins propose.
	PolicyLimits *policyLimitsBlock `hcl:"policy_limits,block"`
	DeclRange    hcl.Range          `hcl:",def_range"`
}

// policyLimitsBlock is `policy_limits { ... }` inside guard: the bounds on
// policy text from a tenant or a plugin and on its evaluation.
type policyLimitsBlock struct {
	MaxBytes             *int      `hcl:"max_bytes,optional"`
	MaxBytesRange        hcl.Range `hcl:"max_bytes,attr_value_range"`
	MaxDepth             *int      `hcl:"max_depth,optional"`
	MaxDepthRange        hcl.Range `hcl:"max_depth,attr_value_range"`
	MaxUnaryRun          *int      `hcl:"max_unary_run,optional"`
	MaxUnaryRunRange     hcl.Range `hcl:"max_unary_run,attr_value_range"`
	MaxConditionals      *int      `hcl:"max_conditionals,optional"`
	MaxConditionalsRange hcl.Range `hcl:"max_conditionals,attr_value_range"`
	MaxExpressions       *int      `hcl:"max_expressions,optional"`
	MaxExpressionsRange  hcl.Range `hcl:"max_expressions,attr_value_range"`
	MaxCollection        *int      `hcl:"max_collection,optional"`
	MaxCollectionRange   hcl.Range `hcl:"max_collection,attr_value_range"`
	MaxSpanSteps         *int      `hcl:"max_span_steps,optional"`
	MaxSpanStepsRange    hcl.Range `hcl:"max_span_steps,attr_value_range"`
	EvalTimeout          *string   `hcl:"eval_timeout,optional"`
	EvalTimeoutRange     hcl.Range `hcl:"eval_timeout,attr_value_range"`
	DeclRange            hcl.Range `hcl:",def_range"`
}

// apiBlock is `api { ... }`: the orchestrator HTTP API.
type apiBlock struct {
	Listen                 *string   `hcl:"listen,optional"`
	ListenRange            hcl.Range `hcl:"listen,attr_value_range"`
	TLSCert                *string   `hcl:"tls_cert,optional"`
	TLSCertRange           hcl.Range `hcl:"tls_cert,attr_value_range"`
	TLSKey                 *string   `hcl:"tls_key,optional"`
	TLSKeyRange            hcl.Range `hcl:"tls_key,attr_value_range"`
	MaxBodyBytes           *int64    `hcl:"max_body_bytes,optional"`
	MaxBodyBytesRange      hcl.Range `hcl:"max_body_bytes,attr_value_range"`
	MaxSpans               *int      `hcl:"max_spans_per_batch,optional"`
	MaxSpansRange          hcl.Range `hcl:"max_spans_per_batch,attr_value_range"`
	AuthFailBurst          *int      `hcl:"auth_fail_burst,optional"`
	AuthFailBurstRange     hcl.Range `hcl:"auth_fail_burst,attr_value_range"`
	TenantMaxInflight      *int      `hcl:"tenant_max_inflight,optional"`
	TenantMaxInflightRange hcl.Range `hcl:"tenant_max_inflight,attr_value_range"`
	TenantRate             *float64  `hcl:"tenant_rate,optional"`
	TenantRateRange        hcl.Range `hcl:"tenant_rate,attr_value_range"`
	TenantBurst            *int      `hcl:"tenant_burst,optional"`
	TenantBurstRange       hcl.Range `hcl:"tenant_burst,attr_value_range"`
	// Connection timeouts, durations ("10s", "2m").
	ReadHeaderTimeout      *string        `hcl:"read_header_timeout,optional"`
	ReadHeaderTimeoutRange hcl.Range      `hcl:"read_header_timeout,attr_value_range"`
	ReadTimeout            *string        `hcl:"read_timeout,optional"`
	ReadTimeoutRange       hcl.Range      `hcl:"read_timeout,attr_value_range"`
	IdleTimeout            *string        `hcl:"idle_timeout,optional"`
	IdleTimeoutRange       hcl.Range      `hcl:"idle_timeout,attr_value_range"`
	Tenants                []*tenantBlock `hcl:"tenant,block"`
	DeclRange              hcl.Range      `hcl:",def_range"`
}

// tenantBlock is `tenant "NAME" { ... }` inside api.
type tenantBlock struct {
	Name          string    `hcl:"name,label"`
	NameRange     hcl.Range `hcl:"name,label_range"`
	TokenEnv      string    `hcl:"token_env"`
	TokenEnvRange hcl.Range `hcl:"token_env,attr_value_range"`
	DeclRange     hcl.Range `hcl:",def_range"`
}

// authorityBlock is `authority "NAME" { ... }`.
type authorityBlock struct {
	Name                  string    `hcl:"name,label"`
	NameRange             hcl.Range `hcl:"name,label_range"`
	CredentialEnv         *string   `hcl:"credential_env,optional"`
	CredentialEnvRange    hcl.Range `hcl:"credential_env,attr_value_range"`
	CredentialSHA256      *string   `hcl:"credential_sha256,optional"`
	CredentialSHA256Range hcl.Range `hcl:"credential_sha256,attr_value_range"`
	DeclRange             hcl.Range `hcl:",def_range"`
}

// budgetBlock is `budget { ... }`.
type budgetBlock struct {
	Tokens         int       `hcl:"tokens"`
	TokensRange    hcl.Range `hcl:"tokens,attr_value_range"`
	Authority      string    `hcl:"authority"`
	AuthorityRange hcl.Range `hcl:"authority,attr_value_range"`
	DeclRange      hcl.Range `hcl:",def_range"`
}

// pluginBlock is `plugin "KIND" "NAME" { ... }`.
type pluginBlock struct {
	Kind              string             `hcl:"kind,label"`
	KindRange         hcl.Range          `hcl:"kind,label_range"`
	Name              string             `hcl:"name,label"`
	NameRange         hcl.Range          `hcl:"name,label_range"`
	Command           string             `hcl:"command"`
	CommandRange      hcl.Range          `hcl:"command,attr_value_range"`
	Args              []string           `hcl:"args,optional"`
	SHA256            *string            `hcl:"sha256,optional"`
	SHA256Range       hcl.Range          `hcl:"sha256,attr_value_range"`
	Timeout           *string            `hcl:"timeout,optional"`
	TimeoutRange      hcl.Range          `hcl:"timeout,attr_value_range"`
	StartTimeout      *string            `hcl:"start_timeout,optional"`
	StartTimeoutRange hcl.Range          `hcl:"start_timeout,attr_value_range"`
	Env               []string           `hcl:"env,optional"`
	EnvRange          hcl.Range          `hcl:"env,attr_value_range"`
	Config            *pluginConfigBlock `hcl:"config,block"`
	DeclRange         hcl.Range          `hcl:",def_range"`
}

// pluginConfigBlock is `config { ... }` inside a plugin block. Its content
// is kept undecoded: the plugin declares its own schema at run time, and the
// loader decodes the body against it with hcldec.
type pluginConfigBlock struct {
	Body      hcl.Body  `hcl:",remain"`
	DeclRange hcl.Range `hcl:",def_range"`
}

// gateBlock is `gate "compaction" { ... }`.
type gateBlock struct {
	Name             string    `hcl:"name,label"`
	NameRange        hcl.Range `hcl:"name,label_range"`
	Threshold        *float64  `hcl:"threshold,optional"`
	ThresholdRange   hcl.Range `hcl:"threshold,attr_value_range"`
	MustKeep         []string  `hcl:"must_keep,optional"`
	MustKeepRange    hcl.Range `hcl:"must_keep,attr_value_range"`
	GapWarning       *float64  `hcl:"gap_warning,optional"`
	GapWarningRange  hcl.Range `hcl:"gap_warning,attr_value_range"`
	TrendWindow      *int      `hcl:"trend_window,optional"`
	TrendWindowRange hcl.Range `hcl:"trend_window,attr_value_range"`
	CandidateFrames  *bool     `hcl:"candidate_frames,optional"`
	Scorers          []string  `hcl:"scorers,optional"`
	ScorersRange     hcl.Range `hcl:"scorers,attr_value_range"`
	DeclRange        hcl.Range `hcl:",def_range"`
}

// phaseBlock is `phase "NAME" { ... }`.
type phaseBlock struct {
	Name            string    `hcl:"name,label"`
	NameRange       hcl.Range `hcl:"name,label_range"`
	Policy          string    `hcl:"policy"`
	PolicyRange     hcl.Range `hcl:"policy,attr_value_range"`
	EnterAbove      *float64  `hcl:"enter_above,optional"`
	EnterAboveRange hcl.Range `hcl:"enter_above,attr_value_range"`
	ExitBelow       *float64  `hcl:"exit_below,optional"`
	ExitBelowRange  hcl.Range `hcl:"exit_below,attr_value_range"`
	DeclRange       hcl.Range `hcl:",def_range"`
}

// hookBlock is `hook "HARNESS" { ... }`: how the hooks compactguard
// installs into an agent harness behave (`compactguard hook claude-code`).
type hookBlock struct {
	Name                       string    `hcl:"name,label"`
	NameRange                  hcl.Range `hcl:"name,label_range"`
	BlockManualCompaction      *bool     `hcl:"block_manual_compaction,optional"`
	BlockManualCompactionRange hcl.Range `hcl:"block_manual_compaction,attr_value_range"`
	DeclRange                  hcl.Range `hcl:",def_range"`
}

// auditBlock is `audit { ... }`: the signing key of the audit trail's
// checkpoints, and where else they are written.
type auditBlock struct {
	SigningKeyFile      *string   `hcl:"signing_key_file,optional"`
	SigningKeyFileRange hcl.Range `hcl:"signing_key_file,attr_value_range"`
	SigningKeyEnv       *string   `hcl:"signing_key_env,optional"`
	SigningKeyEnvRange  hcl.Range `hcl:"signing_key_env,attr_value_range"`
	CheckpointFile      *string   `hcl:"checkpoint_file,optional"`
	CheckpointFileRange hcl.Range `hcl:"checkpoint_file,attr_value_range"`
	DeclRange           hcl.Range `hcl:",def_range"`
}

// policyBlock is `policy "NAME" { ... }`. Its body is compiled by
// host/policy (top_k, category blocks, expressions over span), so only the
// name and the source location are decoded here.
type policyBlock struct {
	Name      string    `hcl:"name,label"`
	NameRange hcl.Range `hcl:"name,label_range"`
	Body      hcl.Body  `hcl:",remain"`
	DeclRange hcl.Range `hcl:",def_range"`
}
