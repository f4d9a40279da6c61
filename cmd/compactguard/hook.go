package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/replay"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/internal/builtinconfig"
	"github.com/compactguard/compactguard/sdk"
)

// `compactguard hook claude-code` answers one Claude Code hook event
// (docs/integrations/claude-code.md); `compactguard hook codex` one Codex
// hook event, with the same judgement and store (hook_codex.go,
// docs/integrations/codex.md):
//
//   - PreCompact: the must-keep items of the transcript so far, verbatim,
//     under one instruction to carry them into the summary. Claude Code
//     appends a PreCompact hook's stdout (on exit 0) to the compaction
//     instructions.
//   - PostCompact: the summary (compact_summary) judged against the
//     pinned transcript it replaced, recorded in the store, and a one-line
//     verdict for the person ({"systemMessage": ...}; PostCompact output
//     never reaches the model).
//   - SessionStart with source "compact": when the latest compaction lost
//     must-keep items, {"hookSpecificOutput": {"hookEventName":
//     "SessionStart", "additionalContext": ...}} restores them, verbatim,
//     into the model's context.
//
// The hook never strands a session: whatever goes wrong inside it is a
// warning on stderr and exit 0. The only other exit is 2, Claude Code's
// "block", for a manual compaction the configuration asks to refuse.

// hookConfigHead is the head of the hook's built-in configuration: its
// comments, its guard block and the hook block; the blocks it shares with
// inproc's built-in configuration follow it (builtinconfig.With).
//
//go:embed hookconfig.hcl
var hookConfigHead []byte

// builtinHookConfig is the configuration the hooks run with when none is
// named or found (hookConfigPath), as -print-default-config prints it.
func builtinHookConfig() []byte { return builtinconfig.With(hookConfigHead) }

const (
	// hookTenant holds every session the Claude Code hooks record.
	hookTenant = "claude-code"
	// hookDeadline bounds one hook run, plugin start included. Claude
	// Code kills a command hook after 60 s by default; answering a little
	// before that keeps the fallback ours (a warning, a note) rather than
	// a killed process.
	hookDeadline = 45 * time.Second
	// maxHookInput bounds the event read from stdin; a compact_summary is
	// tens of kilobytes.
	maxHookInput = 16 << 20
	// pinListLimit bounds the PreCompact pin list (bytes). It goes into
	// the compaction prompt, whose summary is a few thousand tokens: a
	// longer list would crowd out the summary it asks to be part of.
	pinListLimit = 20000
	// contextLimit bounds SessionStart's additionalContext for Claude
	// Code (bytes, which are never fewer than characters). Claude Code
	// injects only a preview of one over 50,000 characters.
	contextLimit = 49000
	// waitForOther is how long a hook waits for another hook process that
	// is judging the same summary (PostCompact and SessionStart can run
	// close together) before judging it again itself.
	waitForOther = 3 * time.Second
)

// ccHookInput is the part of a Claude Code hook event the hook reads.
// Every event carries session_id, transcript_path, cwd and
// hook_event_name; PreCompact adds trigger and custom_instructions,
// PostCompact trigger and compact_summary, SessionStart source.
type ccHookInput struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	HookEventName  string `json:"hook_event_name"`
	Trigger        string `json:"trigger"`
	CompactSummary string `json:"compact_summary"`
	Source         string `json:"source"`
}

func runHook(ctx context.Context, env *cliEnv, args []string) (err error) {
	// A hook's exit code is an answer to the harness: 2 blocks the
	// compaction. Only a configured block may say that, so a usage error
	// or a panic is a warning and exit 0, never a block.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(env.stderr, "compactguard hook: warning: internal error: %v; nothing done\n", r)
			err = nil
		}
	}()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(env.stderr, "Usage: compactguard hook claude-code|codex [-config FILE] < EVENT.json\n\n"+
			"  claude-code  answer one Claude Code hook event (PreCompact, PostCompact, SessionStart)\n"+
			"               read from stdin; `compactguard install claude-code` sets it up\n"+
			"  codex        answer one Codex hook event (PreCompact, PostCompact, SessionStart)\n"+
			"               read from stdin; `compactguard install codex` sets it up")
		if len(args) == 0 {
			fmt.Fprintln(env.stderr, "compactguard hook: warning: no harness named (claude-code, codex); nothing done")
		}
		return nil
	}
	hs := harnessNamed(args[0])
	if hs == nil {
		fmt.Fprintf(env.stderr, "compactguard hook: warning: no hooks for %q (claude-code, codex); nothing done\n", args[0])
		return nil
	}
	return runHookHarness(ctx, env, hs, args[1:])
}

// runHookHarness answers one hook event of harness hs.
func runHookHarness(ctx context.Context, env *cliEnv, hs *harness, args []string) error {
	fs := newFlags(env, "hook "+hs.name, "hook "+hs.name+" [-config FILE] < EVENT.json")
	cfgPath := fs.String("config", "", "the configuration `FILE` (default: $XDG_CONFIG_HOME/compactguard/policies.hcl\n"+
		"or ~/.config/compactguard/policies.hcl if it exists, else the built-in one)")
	printConfig := fs.Bool("print-default-config", false, "print the built-in configuration and exit")
	h := &hookRun{env: env, hs: hs}
	if _, err := parseFlags(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		// A usage error exits 2, which Claude Code reads as "block" on
		// PreCompact: a mistyped hook command must not stop compaction.
		h.warn("%v (the event was not read)", err)
		return nil
	}
	if *printConfig {
		_, err := env.stdout.Write(builtinHookConfig())
		return err
	}
	h.cfgPath = *cfgPath
	ctx, cancel := context.WithTimeout(ctx, hookDeadline)
	defer cancel()
	stdin := env.stdin
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	raw, err := io.ReadAll(io.LimitReader(stdin, maxHookInput+1))
	if err == nil && len(raw) > maxHookInput {
		err = fmt.Errorf("more than %d bytes", maxHookInput)
	}
	var in ccHookInput
	if err == nil {
		err = json.Unmarshal(raw, &in)
	}
	if err != nil {
		h.warn("reading the hook event from stdin: %v; nothing done", err)
		return nil
	}
	switch in.HookEventName {
	case "PreCompact":
		if hs.pinsToUser {
			h.preCompactNotice(ctx, in)
			return nil
		}
		return h.preCompact(ctx, in)
	case "PostCompact":
		h.postCompact(ctx, in)
	case "SessionStart":
		if in.Source == "compact" {
			h.sessionStart(ctx, in)
		}
	default:
		h.warn("hook event %q is not one compactguard answers (PreCompact, PostCompact, SessionStart); nothing done", in.HookEventName)
	}
	return nil
}

// hookRun is one run of the hook for one harness.
type hookRun struct {
	env     *cliEnv
	hs      *harness
	cfgPath string
}

func (h *hookRun) warn(format string, args ...any) {
	fmt.Fprintf(h.env.stderr, "compactguard hook "+h.hs.name+": warning: "+format+"\n", args...)
}

// ---------------------------------------------------------------------------
// PreCompact

func (h *hookRun) preCompact(ctx context.Context, in ccHookInput) error {
	pins, cfg, err := h.pins(ctx, in)
	if err != nil {
		h.warn("PreCompact: %v; the compaction goes ahead without a pin list", err)
		return nil
	}
	if len(pins) == 0 {
		return nil
	}
	if in.Trigger == "manual" && cfg.Hook(config.HookClaudeCode).BlockManualCompaction {
		return &exitError{code: 2, msg: fmt.Sprintf("compactguard: this /compact is refused: %s pinned in this session, and %s sets hook \"claude-code\" { block_manual_compaction = true }. "+
			"Automatic compaction is not affected; set it to false to allow /compact.", plural(len(pins), "constraint is", "constraints are"), cfg.Filename)}
	}
	if _, err := io.WriteString(h.env.stdout, renderPins(pins, in.TranscriptPath)); err != nil {
		h.warn("PreCompact: writing the pin list: %v", err)
	}
	return nil
}

// pins returns the must-keep items of the whole transcript: the guard's
// decision-relevant set of the spans (Guard.Items, as GET
// /v1/sessions/{id}/items serves it), extracted by the configured
// extractors from the sources that can set rules. Compactions already in
// the transcript do not change it: the set is taken from the root
// originals either way, so only the spans are appended, in memory.
func (h *hookRun) pins(ctx context.Context, in ccHookInput) ([]lostItem, *config.Config, error) {
	t, err := h.hs.read(in.TranscriptPath)
	if err != nil {
		return nil, nil, err
	}
	return h.pinsOf(ctx, t.events)
}

// pinsOf is pins of a transcript already read.
func (h *hookRun) pinsOf(ctx context.Context, events []session.Event) ([]lostItem, *config.Config, error) {
	rt, err := h.open(ctx, false)
	if err != nil {
		return nil, nil, err
	}
	defer rt.Close()
	var spans []session.Event
	for _, e := range events {
		if e.Span != nil {
			spans = append(spans, e)
		}
	}
	if len(spans) == 0 {
		return nil, rt.Config, nil
	}
	const id = "precompact"
	if _, err := replay.Run(ctx, rt.Guard, h.hs.name, id, spans, nil); err != nil {
		return nil, nil, fmt.Errorf("appending the transcript's spans: %w", err)
	}
	res, err := rt.Guard.Items(ctx, h.hs.name, id)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the decision-relevant items: %w", err)
	}
	if n := len(res.Unextracted); n > 0 {
		// An extractor failed on some spans: the list is partial, and
		// the compaction will be judged on those spans again.
		h.warn("PreCompact: %s could not be read by the extractors; the pin list may be incomplete", plural(n, "span", "spans"))
	}
	keep := mustKeep(res.Items)
	texts, err := spanTexts(ctx, rt.Store, h.hs.name, id, keep)
	if err != nil {
		return nil, nil, err
	}
	return rankItems(keep, texts), rt.Config, nil
}

// mustKeep keeps the items whose loss refuses a compaction on its own.
// Guard.Items already holds the standing rules only (one copy of a
// repeated rule; a delegation's rule only when given in more than one).
func mustKeep(items []guard.DecisionItem) []guard.DecisionItem {
	var out []guard.DecisionItem
	for _, it := range items {
		if it.MustKeep {
			out = append(out, it)
		}
	}
	return out
}

func renderPins(pins []lostItem, transcript string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "compactguard: the constraints below were set earlier in this session and are still in force. "+
		"In the summary, add a section titled \"Constraints still in force\" and copy each of them into it verbatim, "+
		"with the transcript line in brackets (%s):\n", filepath.Base(transcript))
	writeItems(&b, pins, pinListLimit, "the list is capped; compactguard still checks the summary against all of them")
	return b.String()
}

// ---------------------------------------------------------------------------
// PostCompact

func (h *hookRun) postCompact(ctx context.Context, in ccHookInput) {
	msg, err := h.judgePostCompact(ctx, in)
	if err != nil {
		h.warn("PostCompact: %v", err)
		msg = "compactguard could not check this compaction: " + oneLine(err.Error())
	}
	h.tellUser(msg)
}

// tellUser shows one line to the person. PostCompact output never reaches
// the model, and its plain stdout is only in the transcript view:
// systemMessage is the field Claude Code shows as a notice.
func (h *hookRun) tellUser(msg string) {
	b, _ := json.Marshal(struct {
		SystemMessage string `json:"systemMessage"`
	}{msg})
	fmt.Fprintf(h.env.stdout, "%s\n", b)
}

func (h *hookRun) judgePostCompact(ctx context.Context, in ccHookInput) (string, error) {
	if err := checkSessionID(in.SessionID); err != nil {
		return "", err
	}
	t, err := h.hs.read(in.TranscriptPath)
	if err != nil {
		return "", err
	}
	if t.unjudged != "" {
		// The latest compaction cannot be judged: say so, and what
		// SessionStart will do instead.
		return h.unjudgedVerdict(ctx, t), nil
	}
	var rt *runtime.Runtime
	if h.hs.recordLag > 0 {
		// The event carries no summary, and the harness may not have
		// written its record yet: wait a little for a record no hook
		// has judged.
		if rt, err = h.open(ctx, true); err != nil {
			return "", err
		}
		defer rt.Close()
		if t = h.awaitRecord(ctx, rt.Store, in, t); t.unjudged != "" {
			return h.unjudgedVerdict(ctx, t), nil
		}
	}
	evs, fp, err := postCompactEvents(t.events, in.CompactSummary)
	if err != nil {
		return "", err
	}
	if rt == nil {
		if rt, err = h.open(ctx, true); err != nil {
			return "", err
		}
		defer rt.Close()
	}
	j, err := h.judgement(ctx, rt, in.SessionID, evs, fp)
	if err != nil {
		return "", err
	}
	return verdict(j), nil
}

// postCompactEvents returns the events to judge the summary a PostCompact
// hook was given: the transcript up to the compaction record holding that
// summary, or, when Claude Code has not written it yet, the whole
// transcript followed by a compaction covering what the importer's chain
// would (every span since the previous compaction, and that compaction's
// summary). It also returns the summary's fingerprint.
func postCompactEvents(events []session.Event, summary string) ([]session.Event, string, error) {
	if strings.TrimSpace(summary) == "" {
		// An older Claude Code: judge the last compaction it wrote.
		k := lastCompaction(events)
		if k < 0 {
			return nil, "", errors.New("the event has no compact_summary and the transcript holds no compaction")
		}
		return events[:k+1], summaryFingerprint(events[k].Compaction.Summary), nil
	}
	fp, core := summaryFingerprint(summary), coreSummary(summary)
	for k := len(events) - 1; k >= 0; k-- {
		c := events[k].Compaction
		if c == nil {
			continue
		}
		// The record wraps the summary in Claude Code's own sentences;
		// it is what the agent reads, so it is what gets judged.
		if rfp := summaryFingerprint(c.Summary); rfp == fp || strings.Contains(coreSummary(c.Summary), core) {
			return events[:k+1], rfp, nil
		}
		break // only the newest compaction can be this one
	}
	var covers []string
	for _, e := range events {
		switch {
		case e.Span != nil:
			covers = append(covers, e.Span.ID)
		case e.Compaction != nil && e.Compaction.ID != "":
			covers = []string{e.Compaction.ID}
		}
	}
	if len(covers) == 0 {
		return nil, "", errors.New("the transcript holds nothing the summary could have replaced")
	}
	c := &guard.CompactionRequest{ID: "claude-code-summary-" + fp, Covers: covers, Summary: summary}
	file := ""
	if len(events) > 0 {
		file = events[0].File
	}
	evs := append(events[:len(events):len(events)], session.Event{File: file, Type: session.EventCompaction, Compaction: c})
	return evs, fp, nil
}

func lastCompaction(events []session.Event) int {
	for k := len(events) - 1; k >= 0; k-- {
		if events[k].Compaction != nil {
			return k
		}
	}
	return -1
}

// verdict is PostCompact's line for the person.
func verdict(j *judgement) string {
	d := j.decision
	lost := j.lost()
	switch {
	case d.Reason == guard.ReasonNoDecisionRelevantItems:
		return "compactguard: nothing to check: the compacted part of the conversation sets no constraint."
	case d.Allowed != nil && *d.Allowed:
		kept := 0
		for _, it := range d.Items {
			if it.MustKeep {
				kept++
			}
		}
		return fmt.Sprintf("compactguard: the summary kept every must-keep constraint (%d checked, anchored score %.2f).", kept, deref(d.AnchoredScore))
	case len(lost) > 0:
		return fmt.Sprintf("compactguard: the summary lost %s (%s); %s restored verbatim when the session resumes.",
			plural(len(lost), "must-keep constraint", "must-keep constraints"), categoryCounts(lost), pick(len(lost), "it is", "they are"))
	case d.Reason == guard.ReasonBelowThreshold:
		return fmt.Sprintf("compactguard: the summary keeps every must-keep constraint but scores %.2f against the original (below %.2f).", deref(d.AnchoredScore), deref(d.Threshold))
	default:
		return "compactguard could not check this compaction: " + oneLine(d.Message)
	}
}

// ---------------------------------------------------------------------------
// SessionStart (source "compact")

func (h *hookRun) sessionStart(ctx context.Context, in ccHookInput) {
	text, note, err := h.restore(ctx, in)
	if err != nil {
		h.warn("SessionStart: %v", err)
		text, note = "compactguard could not check this compaction: "+oneLine(err.Error()), ""
	}
	if text == "" {
		return
	}
	type specific struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext"`
	}
	b, _ := json.Marshal(struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
		SystemMessage      string   `json:"systemMessage,omitempty"`
	}{specific{"SessionStart", text}, note})
	fmt.Fprintf(h.env.stdout, "%s\n", b)
}

// restore finds the judgement of this session's latest compaction and
// returns the additionalContext restoring what it lost ("" when nothing
// was lost) and a line for the person.
func (h *hookRun) restore(ctx context.Context, in ccHookInput) (text, note string, err error) {
	if err := checkSessionID(in.SessionID); err != nil {
		return "", "", err
	}
	t, err := h.hs.read(in.TranscriptPath)
	if err != nil {
		return "", "", err
	}
	if t.unjudged != "" {
		return h.reinject(ctx, in.TranscriptPath, t)
	}
	events := t.events
	rt, err := h.open(ctx, true)
	if err != nil {
		return "", "", err
	}
	defer rt.Close()
	j, err := h.latest(ctx, rt, in.SessionID, events)
	if err != nil {
		return "", "", err
	}
	d := j.decision
	if d.Allowed != nil && *d.Allowed {
		return "", "", nil
	}
	lost := j.lost()
	if len(lost) == 0 {
		switch d.Reason {
		case guard.ReasonBelowThreshold, guard.ReasonMustKeepItemMissing:
			return "", "", nil
		}
		return "compactguard could not check this compaction: " + oneLine(d.Message), "", nil
	}
	return renderRestore(lost, in.TranscriptPath, h.hs),
		fmt.Sprintf("compactguard restored %s the compaction summary lost (%s).", plural(len(lost), "constraint", "constraints"), categoryCounts(lost)), nil
}

// latest picks the judgement of the session's latest compaction: the
// transcript's last compaction, judged now if no hook judged it before;
// or, when PostCompact judged a summary the transcript does not hold yet,
// that one.
func (h *hookRun) latest(ctx context.Context, rt *runtime.Runtime, sessionID string, events []session.Event) (*judgement, error) {
	js, err := h.judgements(ctx, rt.Store, sessionID)
	if err != nil {
		return nil, err
	}
	inFile := map[string]bool{}
	for _, e := range events {
		if e.Compaction != nil {
			inFile[summaryFingerprint(e.Compaction.Summary)] = true
		}
	}
	var newest *judgement
	if len(js) > 0 {
		newest = js[len(js)-1]
	}
	pending := newest != nil && !inFile[newest.fp]
	k := lastCompaction(events)
	if k < 0 {
		if pending {
			return newest, nil
		}
		return nil, errors.New("the transcript holds no compaction, and no PostCompact judgement was recorded for this session")
	}
	fp := summaryFingerprint(events[k].Compaction.Summary)
	for _, j := range js {
		if j.fp != fp {
			continue
		}
		if pending && newest.created.After(j.created) {
			return newest, nil
		}
		return j, nil
	}
	if pending {
		// PostCompact judged a summary the transcript does not hold yet:
		// it is newer than any the file holds, judged or not.
		return newest, nil
	}
	// PostCompact never ran for it (an older Claude Code, a path that
	// skipped it, a store that forgets): judge it from the transcript.
	return h.judgement(ctx, rt, sessionID, events[:k+1], fp)
}

func renderRestore(lost []lostItem, transcript string, hs *harness) string {
	var b strings.Builder
	fmt.Fprintf(&b, "compactguard checked the summary this conversation was just compacted into against the original transcript (%s). ", transcript)
	if len(lost) == 1 {
		b.WriteString("The summary lost 1 constraint that is still in force; it is restored here verbatim from the original, with its transcript line. Keep following it:\n")
	} else {
		fmt.Fprintf(&b, "The summary lost %d constraints that are still in force; they are restored here verbatim from the original, each with its transcript line. Keep following them:\n", len(lost))
	}
	writeItems(&b, lost, hs.contextLimit, "restored by priority (prohibitions, then numeric commitments, then entities) within "+hs.display+"'s context limit")
	return b.String()
}

// ---------------------------------------------------------------------------
// Judgements: one stored session per harness session and summary.

// judgement is the recorded decision on one compaction summary.
type judgement struct {
	id       string // the store session
	fp       string
	created  time.Time
	decision *guard.Decision
	texts    map[string]string // span id → text of the spans lost items cite
}

// lost returns the must-keep items the summary did not preserve, ranked.
// When the summary could not be judged (a plugin failed or lied), none of
// its items is known to be kept: all of them are restored, so a failure
// restores too much rather than too little.
func (j *judgement) lost() []lostItem {
	unjudged := j.decision.Reason == guard.ReasonPluginFailure || j.decision.Reason == guard.ReasonInvalidPluginOutput
	var out []guard.DecisionItem
	for _, it := range j.decision.Items {
		if it.MustKeep && (unjudged || it.Preserved != nil && !*it.Preserved) {
			out = append(out, it)
		}
	}
	return rankItems(out, j.texts)
}

// The store keys a judgement by the harness session and the summary:
// under the harness's tenant, session "<prefix><session>-<fingerprint>"
// ("cc-" for Claude Code, "cx-" for Codex; a suffix "-<n>" when a
// judgement had to be made again), decision request id
// "<harness>:<fingerprint>".
func (hs *harness) sessionPrefix(sessionID string) string { return hs.prefix + sessionID + "-" }

func (hs *harness) requestID(fp string) string { return hs.name + ":" + fp }

// checkSessionID refuses a session_id that cannot be part of a store
// session id: Claude Code's and Codex's are UUIDs.
func checkSessionID(id string) error {
	if id == "" {
		return errors.New("the event has no session_id")
	}
	if len(id) > 128 {
		return fmt.Errorf("session_id is %d bytes long (at most 128)", len(id))
	}
	for _, r := range id {
		if !(r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Errorf("session_id %q holds %q (letters, digits, '-', '_' and '.' only)", id, r)
		}
	}
	return nil
}

// judgements lists the complete judgements recorded for a session, oldest
// first.
func (h *hookRun) judgements(ctx context.Context, store ledger.Store, sessionID string) ([]*judgement, error) {
	infos, err := store.Sessions(ctx, h.hs.name)
	if err != nil {
		return nil, fmt.Errorf("listing recorded judgements: %w", err)
	}
	var out []*judgement
	for _, info := range infos {
		rest, ok := strings.CutPrefix(info.ID, h.hs.sessionPrefix(sessionID))
		if !ok || len(rest) < 16 {
			continue
		}
		j, err := h.loadJudgement(ctx, store, info, rest[:16])
		if err != nil {
			return nil, err
		}
		if j != nil {
			out = append(out, j)
		}
	}
	return out, nil
}

// loadJudgement reads the decision on summary fp from a store session, or
// nil when it holds none (yet).
func (h *hookRun) loadJudgement(ctx context.Context, store ledger.Store, info ledger.SessionInfo, fp string) (*judgement, error) {
	j := &judgement{id: info.ID, fp: fp, created: info.Created}
	err := store.View(ctx, h.hs.name, info.ID, func(tx ledger.Tx) error {
		rec, err := tx.DecisionByRequest(h.hs.requestID(fp))
		if err != nil || rec == nil {
			return err
		}
		var d guard.Decision
		if err := json.Unmarshal(rec.Body, &d); err != nil {
			return fmt.Errorf("decoding decision %d: %w", rec.Seq, err)
		}
		j.decision = &d
		var ids []string
		for _, it := range d.Items {
			ids = append(ids, it.Span)
		}
		recs, err := tx.RecordsByID(ids)
		if err != nil {
			return err
		}
		j.texts = map[string]string{}
		for id, r := range recs {
			j.texts[id] = r.Span.Text
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading judgement %s: %w", info.ID, err)
	}
	if j.decision == nil {
		return nil, nil
	}
	return j, nil
}

// judgement returns the recorded judgement of the compaction that ends
// events, judging it now (and recording it) when no hook has.
func (h *hookRun) judgement(ctx context.Context, rt *runtime.Runtime, sessionID string, events []session.Event, fp string) (*judgement, error) {
	js, err := h.judgements(ctx, rt.Store, sessionID)
	if err != nil {
		return nil, err
	}
	for _, j := range js {
		if j.fp == fp {
			return j, nil
		}
	}
	base := h.hs.sessionPrefix(sessionID) + fp
	target := events[len(events)-1].Compaction
	target.RequestID = h.hs.requestID(fp)
	for attempt := 0; ; attempt++ {
		id := base
		if attempt > 0 {
			// The session under base was left without its decision (a
			// hook killed mid-way, or one still at work after the wait):
			// judge under a new id; judgements() reads either.
			id = base + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		}
		// replay.Run makes one decision per compaction, in order, as
		// FollowRefusals needs: an earlier compaction the guard refused
		// leaves its spans live for the later ones to cover.
		_, err := replay.Run(ctx, rt.Guard, h.hs.name, id, events, session.FollowRefusals(events))
		switch {
		case err == nil:
			j, err := h.waitJudgement(ctx, rt.Store, id, fp, 0)
			if err == nil && j == nil {
				err = errors.New("the replay recorded no decision on the summary")
			}
			if err != nil {
				return nil, fmt.Errorf("judging the summary: %w", err)
			}
			return j, nil
		case attempt == 0 && errors.Is(err, ledger.ErrExists):
			j, err := h.waitJudgement(ctx, rt.Store, id, fp, waitForOther)
			if err != nil || j != nil {
				return j, err
			}
		default:
			return nil, fmt.Errorf("judging the summary: %w", err)
		}
	}
}

// waitJudgement reads the judgement in store session id, polling up to
// wait for another hook process to finish it.
func (h *hookRun) waitJudgement(ctx context.Context, store ledger.Store, id, fp string, wait time.Duration) (*judgement, error) {
	deadline := time.Now().Add(wait)
	for {
		infos, err := store.Sessions(ctx, h.hs.name)
		if err != nil {
			return nil, fmt.Errorf("listing recorded judgements: %w", err)
		}
		for _, info := range infos {
			if info.ID == id {
				j, err := h.loadJudgement(ctx, store, info, fp)
				if err != nil || j != nil {
					return j, err
				}
			}
		}
		if !time.Now().Before(deadline) {
			return nil, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// ---------------------------------------------------------------------------
// Items, verbatim

// lostItem is one must-keep item as the hooks print it.
type lostItem struct {
	category string
	text     string // verbatim from the pinned span, whitespace collapsed
	cite     string // "file:line" of the transcript, or the span id
}

// categoryRank orders what is restored first when not everything fits:
// prohibitions, then numeric commitments, then entities, then any other
// must-keep category a configuration adds.
func categoryRank(c string) int {
	switch c {
	case sdk.CategoryProhibition:
		return 0
	case sdk.CategoryNumericCommitment:
		return 1
	case sdk.CategoryEntity:
		return 2
	}
	return 3
}

// rankItems turns decision items into printable ones: verbatim text from
// the span each cites, ordered by category priority, then transcript
// order, and one line per distinct text (an item repeated in the
// transcript is one rule, and a sentence that is both a prohibition and
// names an entity is printed once, under its first category).
func rankItems(items []guard.DecisionItem, texts map[string]string) []lostItem {
	all := make([]lostItem, 0, len(items))
	for _, it := range items {
		cite := it.Span
		if it.Origin != nil {
			cite = filepath.Base(it.Origin.File) + ":" + strconv.Itoa(it.Origin.Line)
		}
		all = append(all, lostItem{category: it.Category, text: verbatim(it, texts), cite: cite})
	}
	sort.SliceStable(all, func(a, b int) bool {
		ra, rb := categoryRank(all[a].category), categoryRank(all[b].category)
		if ra != rb {
			return ra < rb
		}
		return ra == 3 && all[a].category < all[b].category
	})
	seen := map[string]bool{}
	var out []lostItem
	for _, it := range all {
		key := strings.ToLower(it.text)
		if it.text == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, it)
	}
	return out
}

// verbatim is the item's evidence as the transcript has it: the bytes of
// the pinned span the item cites, whitespace collapsed (as the guard's
// repair block does), else the extractor's text.
func verbatim(it guard.DecisionItem, texts map[string]string) string {
	if src, ok := texts[it.Span]; ok && it.Start >= 0 && it.Start < it.End && it.End <= len(src) && utf8.ValidString(src[it.Start:it.End]) {
		return strings.Join(strings.Fields(src[it.Start:it.End]), " ")
	}
	return strings.Join(strings.Fields(it.Text), " ")
}

// spanTexts reads the text of every span the items cite.
func spanTexts(ctx context.Context, store ledger.Store, tenant, id string, items []guard.DecisionItem) (map[string]string, error) {
	ids := make([]string, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.Span)
	}
	texts := map[string]string{}
	err := store.View(ctx, tenant, id, func(tx ledger.Tx) error {
		recs, err := tx.RecordsByID(ids)
		for sid, r := range recs {
			texts[sid] = r.Span.Text
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading the pinned spans: %w", err)
	}
	return texts, nil
}

// writeItems writes one line per item, "- [category, file:line] text",
// stopping before the text would pass limit bytes and saying how many
// were left out and why.
func writeItems(b *strings.Builder, items []lostItem, limit int, why string) {
	for i, it := range items {
		line := fmt.Sprintf("- [%s, %s] %s\n", it.category, it.cite, it.text)
		// Room for the closing line, should one be needed.
		if b.Len()+len(line)+len(why)+80 > limit {
			fmt.Fprintf(b, "(%d more not shown: %s.)\n", len(items)-i, why)
			return
		}
		b.WriteString(line)
	}
}

func categoryCounts(items []lostItem) string {
	var order []string
	n := map[string]int{}
	for _, it := range items {
		if n[it.category] == 0 {
			order = append(order, it.category)
		}
		n[it.category]++
	}
	parts := make([]string, len(order))
	for i, c := range order {
		parts[i] = fmt.Sprintf("%s %d", strings.ReplaceAll(c, "_", " "), n[c])
	}
	return strings.Join(parts, ", ")
}

// ---------------------------------------------------------------------------
// Summaries

// summaryFingerprint identifies a summary across the two forms Claude Code
// gives it: compact_summary in the PostCompact event and the
// isCompactSummary record in the transcript, which wraps it in sentences
// of its own.
func summaryFingerprint(s string) string {
	sum := sha256.Sum256([]byte(coreSummary(s)))
	return hex.EncodeToString(sum[:8])
}

// coreSummary is a summary without Claude Code's wrapping ("This session
// is being continued from a previous conversation ..." before it, "If you
// need specific details from before compaction ..." after it) and with
// whitespace collapsed.
func coreSummary(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "This session is being continued from a previous conversation") {
		if _, rest, ok := strings.Cut(s, "\n\n"); ok {
			s = rest
		}
	}
	for _, tail := range []string{"\nIf you need specific details from before compaction", "\nPlease continue the conversation from where we left"} {
		if i := strings.LastIndex(s, tail); i >= 0 {
			s = s[:i]
		}
	}
	return strings.Join(strings.Fields(s), " ")
}

// ---------------------------------------------------------------------------
// Transcript, configuration, store

// readClaudeCode imports a Claude Code transcript; each of its
// compactions can be judged.
func readClaudeCode(path string) (*transcript, error) {
	f, err := openTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	events, _, err := session.ImportClaudeCode(bufio.NewReaderSize(f, 1<<20), path)
	if err != nil {
		return nil, fmt.Errorf("importing the transcript %s: %w", path, err)
	}
	return &transcript{events: events}, nil
}

func openTranscript(path string) (*os.File, error) {
	if path == "" {
		return nil, errors.New("the event has no transcript_path")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the transcript: %w", err)
	}
	return f, nil
}

// open starts the host the hook runs: the configuration (-config, else
// the per-user one, else the built-in one), its plugins, found beside this
// executable as well as where the configuration says, and a store. With
// record false the store is in memory (PreCompact records nothing).
func (h *hookRun) open(ctx context.Context, record bool) (*runtime.Runtime, error) {
	exeDirs := executableDirs()
	path, src, err := hookConfigPath(h.cfgPath, exeDirs)
	if err != nil {
		return nil, err
	}
	var cfg *config.Config
	if src != nil {
		cfg, _, err = runtime.LoadConfigSource(path, src)
	} else {
		cfg, _, err = runtime.LoadConfig(path)
	}
	if err != nil {
		return nil, err
	}
	opts := runtime.Options{Logger: h.env.reportLog(), Source: src, PluginDirs: exeDirs}
	switch {
	case !record:
		opts.Store = ledger.NewMemory()
	case cfg.Guard.Store.Range.Filename == "":
		// The configuration names no store: the hooks' own database, so
		// SessionStart finds what PostCompact recorded.
		db, err := hookStorePath()
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(filepath.Dir(db), 0o700); err != nil {
			return nil, fmt.Errorf("making the store's folder: %w", err)
		}
		if opts.Store, err = sqlstore.OpenSQLite(ctx, db); err != nil {
			return nil, fmt.Errorf("opening the store %s: %w", db, err)
		}
	}
	rt, err := runtime.Open(ctx, path, opts)
	if err != nil {
		if opts.Store != nil {
			opts.Store.Close()
		}
		if runtime.IsConfigError(err) {
			return nil, err
		}
		// The loader's message lists where it looked, but not the
		// executable's folder this hook added.
		return nil, fmt.Errorf("starting the guard with %s (plugins are also looked for in %s): %w", path, strings.Join(exeDirs, ", "), err)
	}
	return rt, nil
}

// hookConfigPath picks the configuration: the flag's file; else
// $XDG_CONFIG_HOME/compactguard/policies.hcl (~/.config/... when unset) if
// it exists; else the built-in one (src non-nil), read as if it lay beside
// the executable so that its plugins are looked for there first.
func hookConfigPath(flagPath string, exeDirs []string) (path string, src []byte, err error) {
	if flagPath != "" {
		return flagPath, nil, nil
	}
	if dir, err := userDir("XDG_CONFIG_HOME", ".config"); err == nil {
		p := filepath.Join(dir, "compactguard", "policies.hcl")
		if _, err := os.Stat(p); err == nil {
			return p, nil, nil
		}
	}
	dir := "."
	if len(exeDirs) > 0 {
		dir = exeDirs[0]
	}
	return filepath.Join(dir, "compactguard-hook-builtin.hcl"), builtinHookConfig(), nil
}

// hookStorePath is the per-user database of the hooks:
// $XDG_STATE_HOME/compactguard/hooks.db (~/.local/state/... when unset).
func hookStorePath() (string, error) {
	dir, err := userDir("XDG_STATE_HOME", filepath.Join(".local", "state"))
	if err != nil {
		return "", fmt.Errorf("finding the store: %w", err)
	}
	return filepath.Join(dir, "compactguard", "hooks.db"), nil
}

// userDir is an XDG base directory: the variable when it holds an
// absolute path (the spec ignores a relative one), else ~/fallback.
func userDir(env, fallback string) (string, error) {
	if d := os.Getenv(env); filepath.IsAbs(d) {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("neither $%s nor $HOME is set: %w", env, err)
	}
	return filepath.Join(home, fallback), nil
}

// executableDirs are the folders the plugins may sit in beside this
// binary: its own, and, when it was started through a symlink (a
// ~/bin/compactguard pointing into a build), the link target's.
func executableDirs() []string {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	dirs := []string{filepath.Dir(exe)}
	if real, err := filepath.EvalSymlinks(exe); err == nil && filepath.Dir(real) != dirs[0] {
		dirs = append(dirs, filepath.Dir(real))
	}
	return dirs
}

// oneLine collapses a message to one line of at most 400 runes.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 400 {
		s = string(r[:400]) + "…"
	}
	return s
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}
