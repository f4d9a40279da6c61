package guard

import (
	"context"
	"errors"
	"fmt"
	goruntime "runtime"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Guard decides. It is safe for concurrent use: per-session serialisation
// comes from the Store.
type Guard struct {
	store ledger.Store
	tok   tokens.Counter
	// Every plugin is called through ask (calls.go), which makes the
	// call outside the store's write lock.
	extractors []plugin[sdk.Extractor]
	// scorers in the gate's order; the first also gives the self score.
	scorers []plugin[sdk.Scorer]
	// policy is nil when no policy plugin is configured.
	policy *plugin[sdk.Policy]
	// extractorSet identifies the configured extractors (names, versions,
	// binary hashes): part of every extraction cache key.
	extractorSet string
	// frames reads evidence for the floor every scorer is held to
	// (frame.Reader.Cites), with the sdk's lexicons.
	frames   *frame.Reader
	set      Settings
	log      hclog.Logger
	mustKeep map[string]bool
	// inline: do plugin calls, tokenizing and policy evaluation inside
	// the store update (Options.InlineWork).
	inline bool
	// extractChunk bounds one extractor call (Options.ExtractChunk).
	extractChunk ExtractChunk
	// appendChunk bounds the spans one append update writes
	// (Options.AppendCommitSpans).
	appendChunk int
	// gate shares outside work between tenants (fair.go).
	gate *outsideGate
}

// Options assemble a Guard.
type Options struct {
	Store      ledger.Store
	Tokens     tokens.Counter
	Extractors []Extractor
	// Scorers are asked about every item, strictest wins (combine, scoring.go);
	// the first also gives the self score. Scorer and ScorerName are the
	// one-scorer form, used when Scorers is empty.
	Scorers    []Scorer
	Scorer     sdk.Scorer
	ScorerName string
	// Policy is the policy plugin; nil disables phase signals and plugin
	// proposals. PolicyName names it in messages and diagnostics.
	Policy     sdk.Policy
	PolicyName string
	// ExtractorSet identifies the extractors (e.g. a hash of their names,
	// versions and binary sha256s). Extraction is cached under it, so a
	// changed extractor set extracts again instead of reusing old items.
	ExtractorSet string
	Settings     Settings
	Logger       hclog.Logger
	// InlineWork does plugin calls, tokenizing and policy evaluation
	// inside the store's update, holding its write lock, instead of
	// outside it (calls.go). Only for tests: it is the behaviour the
	// outside-the-lock tests must tell apart.
	InlineWork bool
	// ExtractChunk bounds the spans and bytes of one extractor call; zero
	// fields take DefaultExtractChunk's (drs.go).
	ExtractChunk ExtractChunk
	// AppendCommitSpans bounds the spans one store update of an append
	// writes (DefaultAppendCommitSpans when 0); a larger batch is
	// committed in parts (see Append).
	AppendCommitSpans int
	// OutsideSlots is what tenants' fair shares of outside work divide
	// (fair.go): while several tenants do outside work, each runs at
	// most OutsideSlots / (active tenants) pieces at once, at least one.
	// 0 takes runtime.GOMAXPROCS(0), the CPUs this process may use; a
	// negative value turns the sharing off.
	OutsideSlots int
	// Lexicon holds the languages the evidence floor reads candidates
	// in; nil loads the built-in ones (lexicon.Default). Loading them
	// takes a noticeable while, so a process that builds many guards
	// (a test suite) loads them once and passes the same set to each.
	// Pass only a set lexicon.Default returned: sdktest holds plugins to
	// the floor read with the built-in languages, and a guard reading
	// with others could override a verdict the kit accepted.
	Lexicon *lexicon.Set
}

// New checks the options and returns a Guard.
func New(o Options) (*Guard, error) {
	switch {
	case o.Store == nil:
		return nil, errors.New("guard: no store")
	case o.Tokens == nil:
		return nil, errors.New("guard: no tokenizer")
	case len(o.Extractors) == 0:
		return nil, errors.New("guard: no extractor plugin: the decision-relevant set could never be shown empty")
	case o.Scorer == nil && len(o.Scorers) == 0:
		return nil, errors.New("guard: no scorer plugin")
	case len(o.Settings.Phases) == 0:
		return nil, errors.New("guard: no phase configured")
	}
	for _, ph := range o.Settings.Phases {
		if o.Settings.Policies[ph.Policy] == nil {
			return nil, fmt.Errorf("guard: phase %q names unknown policy %q", ph.Name, ph.Policy)
		}
	}
	if o.Logger == nil {
		o.Logger = hclog.NewNullLogger()
	}
	if o.Settings.TrendWindow < 2 {
		o.Settings.TrendWindow = 3
	}
	if len(o.Scorers) == 0 {
		if o.ScorerName == "" {
			o.ScorerName = "scorer"
		}
		o.Scorers = []Scorer{{Name: o.ScorerName, Scorer: o.Scorer}}
	}
	seenScorer := map[string]bool{}
	for _, s := range o.Scorers {
		switch {
		case s.Scorer == nil:
			return nil, fmt.Errorf("guard: scorer %q is nil", s.Name)
		case s.Name == "" || seenScorer[s.Name]:
			return nil, fmt.Errorf("guard: scorer names must be set and distinct, got %q twice or empty", s.Name)
		}
		seenScorer[s.Name] = true
	}
	if o.PolicyName == "" {
		o.PolicyName = "policy"
	}
	if o.AppendCommitSpans <= 0 {
		o.AppendCommitSpans = DefaultAppendCommitSpans
	}
	if o.ExtractChunk.Spans <= 0 {
		o.ExtractChunk.Spans = DefaultExtractChunk.Spans
	}
	if o.ExtractChunk.Bytes <= 0 {
		o.ExtractChunk.Bytes = DefaultExtractChunk.Bytes
	}
	if o.OutsideSlots == 0 {
		o.OutsideSlots = goruntime.GOMAXPROCS(0)
	}
	lex := o.Lexicon
	if lex == nil {
		var err error
		if lex, err = lexicon.Default(); err != nil {
			return nil, fmt.Errorf("guard: %w", err)
		}
	}
	g := &Guard{
		store: o.Store, tok: o.Tokens, frames: frame.NewReader(lex),
		extractorSet: o.ExtractorSet, set: o.Settings, log: o.Logger,
		mustKeep: map[string]bool{}, inline: o.InlineWork, extractChunk: o.ExtractChunk, appendChunk: o.AppendCommitSpans,
		gate: newOutsideGate(o.OutsideSlots, defaultActiveWindow, nil),
	}
	for _, s := range o.Scorers {
		g.scorers = append(g.scorers, plugin[sdk.Scorer]{kind: sdk.KindScorer, name: s.Name, impl: s.Scorer})
	}
	if o.Policy != nil {
		g.policy = &plugin[sdk.Policy]{kind: sdk.KindPolicy, name: o.PolicyName, impl: o.Policy}
	}
	for _, x := range o.Extractors {
		g.extractors = append(g.extractors, plugin[sdk.Extractor]{kind: sdk.KindExtractor, name: x.Name, impl: x.Extractor})
	}
	for _, c := range o.Settings.MustKeep {
		g.mustKeep[c] = true
	}
	return g, nil
}

// Extractor is an extractor plugin with the name it was configured under.
type Extractor struct {
	Name string
	sdk.Extractor
}

// Scorer is a scorer plugin with the name it was configured under.
type Scorer struct {
	Name string
	sdk.Scorer
}

// Phase is one configured phase. Nil thresholds take the defaults:
// enter_above 0.5, exit_below none (the phase may be left whenever another
// phase enters).
type Phase struct {
	Name       string
	Policy     string
	EnterAbove *float64
	ExitBelow  *float64
}

// Settings are the host-side rules, decoded from policies.hcl by the caller.
type Settings struct {
	// Threshold gates the anchored score.
	Threshold float64
	// MustKeep lists categories whose missing items refuse on their own.
	MustKeep []string
	// GapWarning and TrendWindow drive the gap trend warning.
	GapWarning  float64
	TrendWindow int
	// CandidateFrames: read each candidate with the extractors and send
	// the items to the scorer (gate "compaction" candidate_frames).
	CandidateFrames bool
	// Budget is a new session's token budget; BudgetAuthority may change it.
	Budget          int
	BudgetAuthority string
	Authorities     map[string]Authority
	// Phases in declaration order; the first is a new session's phase.
	Phases []Phase
	// Policies by name, compiled from the config file.
	Policies map[string]*policy.Policy
	// PolicyLimits bound policy text from a tenant (policy_hcl) or the
	// policy plugin before it is parsed, and every evaluation of a policy
	// on a view (EvalTimeout, within the request's deadline). The zero
	// value means policy.DefaultLimits.
	PolicyLimits policy.Limits
}

// Store returns the guard's store (for audit and state readers).
func (g *Guard) Store() ledger.Store { return g.store }

// CreateSession makes a session with the configured budget, the first
// phase and that phase's policy active.
func (g *Guard) CreateSession(ctx context.Context, tenant, id string) error {
	if err := checkID("id", id); err != nil {
		return err
	}
	first := g.set.Phases[0]
	st := ledger.State{
		Tokenizer: g.tok.Name(),
		Budget:    g.set.Budget,
		Policy:    first.Policy, PolicyVersion: 1,
		Phase: first.Name,
	}
	return g.store.CreateSession(ctx, ledger.SessionInfo{ID: id, Tenant: tenant}, st)
}

// State returns a session's state for readers (the API's GET).
func (g *Guard) State(ctx context.Context, tenant, session string) (ledger.State, error) {
	var st ledger.State
	err := g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		var err error
		st, err = tx.State()
		return err
	})
	return st, err
}
