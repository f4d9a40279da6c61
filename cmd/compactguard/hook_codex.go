package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/session"
)

// The harnesses `compactguard hook` answers, and what differs between
// them. The judgement, the store and the restore are one code path
// (hook.go); a harness says how to read its transcript, where its
// PreCompact output goes, and how much context it injects.
//
// Codex (codex-rs/hooks, docs/integrations/codex.md) sends PreCompact,
// PostCompact and SessionStart (source "compact" after a compaction) with
// session_id, turn_id, transcript_path (the rollout, or null), cwd,
// model, trigger or source. Unlike Claude Code:
//   - PreCompact's plain stdout is ignored and no field adds to the
//     compaction prompt, so the pins cannot reach the summarizer: the
//     hook shows them to the person ({"systemMessage": ...}) and checks
//     the summary afterwards. It never stops a compaction (Codex would
//     honour {"continue": false}, but the configuration has no
//     block_manual_compaction for Codex).
//   - PostCompact carries no summary: the hook judges the rollout's
//     latest compacted record.
//   - With the OpenAI provider, Codex compacts on the server and the
//     summary is an encrypted item. That compaction cannot be judged:
//     PostCompact says so, and SessionStart re-injects every must-keep
//     item pinned from the session instead of only the lost ones.
//   - Codex keeps hook text the model sees within 2,500 tokens (about
//     10,000 bytes, codex-rs/hooks/src/output_spill.rs) and replaces a
//     longer one by a preview and a file path: the restore stays under it.

// harness is one agent the hook serves.
type harness struct {
	// name is the hook subcommand ("claude-code", "codex"), the store
	// tenant of its judgements and the prefix of their request ids.
	name string
	// display names it in messages.
	display string
	// prefix starts its store session ids ("cc-", "cx-").
	prefix string
	// read imports a transcript.
	read func(path string) (*transcript, error)
	// pinsToUser: PreCompact output reaches only the person (Codex), so
	// the pins are shown to them instead of added to the compaction
	// prompt (Claude Code).
	pinsToUser bool
	// contextLimit bounds the additionalContext SessionStart injects, in
	// bytes.
	contextLimit int
	// recordLag is how long PostCompact waits for the compaction's record
	// when the event does not carry the summary (Codex writes its rollout
	// through an asynchronous writer); 0: the event carries it.
	recordLag time.Duration
}

// transcript is a harness transcript, imported.
type transcript struct {
	events []session.Event
	// compactions counts its compaction records, judged or not.
	compactions int
	// unjudged says why its latest compaction cannot be judged
	// ("encrypted", "no_summary"); "" when it can, or there is none.
	unjudged string
}

const (
	// codexContextLimit bounds what the Codex SessionStart hook injects:
	// Codex spills hook text over 2,500 tokens (its approx_token_count,
	// four bytes a token) to a file and shows the model a preview.
	codexContextLimit = 9000
	// codexPinNoticeLimit bounds the pin list PreCompact shows the person.
	codexPinNoticeLimit = 4000
)

// claudeCodeHarness and codexHarness describe the two harnesses the hook
// and install commands serve (functions, not package variables: the
// package keeps no global state).
func claudeCodeHarness() *harness {
	return &harness{name: hookTenant, display: "Claude Code", prefix: "cc-", read: readClaudeCode, contextLimit: contextLimit}
}

func codexHarness() *harness {
	return &harness{name: "codex", display: "Codex", prefix: "cx-", read: readCodex, pinsToUser: true, contextLimit: codexContextLimit, recordLag: 2 * time.Second}
}

// harnessNamed is the harness a hook or install command names, or nil.
func harnessNamed(name string) *harness {
	for _, hs := range []*harness{claudeCodeHarness(), codexHarness()} {
		if hs.name == name {
			return hs
		}
	}
	return nil
}

// readCodex imports a Codex rollout and says whether its latest
// compaction can be judged.
func readCodex(path string) (*transcript, error) {
	f, err := openTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ro, err := session.ImportCodexRollout(bufio.NewReaderSize(f, 1<<20), path)
	if err != nil {
		return nil, fmt.Errorf("importing the rollout %s: %w", path, err)
	}
	return &transcript{events: ro.Events, compactions: len(ro.Compactions), unjudged: ro.LatestUnjudged()}, nil
}

// awaitRecord returns the transcript once its newest compaction is one no
// hook has judged yet, rereading it for up to the harness's recordLag:
// PostCompact can run before the harness has written the record of the
// compaction it reports. After the wait it returns what there is, so a
// second PostCompact for the same compaction reads its judgement back.
func (h *hookRun) awaitRecord(ctx context.Context, store ledger.Store, in ccHookInput, t *transcript) *transcript {
	deadline := time.Now().Add(h.hs.recordLag)
	seen := t.compactions
	for {
		if k := lastCompaction(t.events); k >= 0 && t.unjudged == "" {
			fp := summaryFingerprint(t.events[k].Compaction.Summary)
			js, err := h.judgements(ctx, store, in.SessionID)
			if err != nil || !slices.ContainsFunc(js, func(j *judgement) bool { return j.fp == fp }) {
				return t // not judged yet: the record of this compaction
			}
		}
		if !time.Now().Before(deadline) {
			return t
		}
		select {
		case <-ctx.Done():
			return t
		case <-time.After(200 * time.Millisecond):
		}
		next, err := h.hs.read(in.TranscriptPath)
		if err != nil {
			return t
		}
		if next.compactions > seen {
			return next
		}
		t = next
	}
}

// unjudgedWhy says in words why a compaction cannot be judged.
func unjudgedWhy(reason string) string {
	switch reason {
	case "encrypted":
		return "Codex compacted this session on the server (OpenAI provider) and its summary is encrypted"
	case "no_summary":
		return "the rollout's compacted record holds no summary text"
	}
	return "its summary is not in the rollout (" + reason + ")"
}

// preCompactNotice shows the person the pins before a Codex compaction:
// Codex passes PreCompact output to nobody else.
func (h *hookRun) preCompactNotice(ctx context.Context, in ccHookInput) {
	pins, _, err := h.pins(ctx, in)
	if err != nil {
		h.warn("PreCompact: %v; the compaction goes ahead without a pin list", err)
		return
	}
	if len(pins) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "compactguard pinned %s set earlier in this session (%s). Codex does not let a hook add them to the compaction prompt; "+
		"compactguard checks the summary after the compaction and restores what it lost:\n", plural(len(pins), "constraint", "constraints"), categoryCounts(pins))
	writeItems(&b, pins, codexPinNoticeLimit, "the list is capped; compactguard still checks the summary against all of them")
	h.tellUser(strings.TrimRight(b.String(), "\n"))
}

// unjudgedVerdict is PostCompact's line when the latest compaction cannot
// be judged.
func (h *hookRun) unjudgedVerdict(ctx context.Context, t *transcript) string {
	msg := "compactguard could not check this compaction: " + unjudgedWhy(t.unjudged) + ". "
	pins, _, err := h.pinsOf(ctx, t.events)
	switch {
	case err != nil:
		h.warn("PostCompact: %v", err)
		return msg + "The must-keep constraints could not be listed either."
	case len(pins) == 0:
		return msg + "This session sets no must-keep constraint, so there is nothing to re-inject."
	}
	return msg + fmt.Sprintf("The %s pinned from this session (%s) %s re-injected verbatim when the session resumes.",
		plural(len(pins), "must-keep constraint", "must-keep constraints"), categoryCounts(pins), pick(len(pins), "is", "are"))
}

// reinject is SessionStart's answer when the latest compaction cannot be
// judged: every must-keep item of the session, verbatim, since none is
// known to be kept.
func (h *hookRun) reinject(ctx context.Context, path string, t *transcript) (text, note string, err error) {
	pins, _, err := h.pinsOf(ctx, t.events)
	if err != nil {
		return "", "", err
	}
	if len(pins) == 0 {
		return "", "", nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "compactguard could not check the summary this conversation was just compacted into: %s. "+
		"So every constraint still in force is re-injected here verbatim from the original transcript (%s), each with its transcript line. Keep following them:\n",
		unjudgedWhy(t.unjudged), path)
	writeItems(&b, pins, h.hs.contextLimit, "re-injected by priority (prohibitions, then numeric commitments, then entities) within "+h.hs.display+"'s context limit")
	return b.String(), fmt.Sprintf("compactguard re-injected %s (%s): %s, so it could not check which the summary kept.",
		plural(len(pins), "constraint", "constraints"), categoryCounts(pins), unjudgedWhy(t.unjudged)), nil
}
