package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/compactguard/compactguard/host/eval/labels"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/replay"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
)

// fileList is a repeatable flag of file names.
type fileList []string

func (l *fileList) String() string { return strings.Join(*l, " ") }

func (l *fileList) Set(v string) error {
	*l = append(*l, v)
	return nil
}

// labelledTranscript is one raw transcript named by the labels, read and
// imported before anything is replayed.
type labelledTranscript struct {
	labels.File
	index  *labels.Index
	events []session.Event
}

// runEvalLabels is `eval --labels`: it replays each labelled transcript
// as `replay --format claude-code` would and compares the compaction
// decisions with the hand labels, counting as shared/tools/real_replay.py
// does (package labels). The figures are a report: it returns an error
// only for bad input or config, never for a figure.
func runEvalLabels(ctx context.Context, env *cliEnv, cfgPath string, labelFiles []string, asJSON bool) error {
	var comps []labels.Compaction
	for _, f := range labelFiles {
		cs, err := labels.Load(f)
		if err != nil {
			return err
		}
		comps = append(comps, cs...)
	}
	files := labels.ByFile(comps)
	if len(files) == 0 {
		return fmt.Errorf("%s: no labelled compactions", strings.Join(labelFiles, ", "))
	}
	// Read and import every transcript first, as replay does: a missing
	// or unreadable one is bad input, refused before anything runs.
	var ts []labelledTranscript
	for _, f := range files {
		data, err := os.ReadFile(f.Path)
		if err != nil {
			return fmt.Errorf("%s: reading the transcript: %w", f.Compactions[0].Field("file"), err)
		}
		events, _, err := readSession(env, f.Path, formatClaudeCode, session.ClaudeCodeOptions{})
		if err != nil {
			return fmt.Errorf("%s: %w", f.Compactions[0].Field("file"), err)
		}
		ts = append(ts, labelledTranscript{File: f, index: labels.NewIndex(data), events: events})
	}

	enc := json.NewEncoder(env.stdout)
	var results []labels.Result
	for i, t := range ts {
		fmt.Fprintf(env.stderr, "eval: [%d/%d] replaying %s (%s)\n", i+1, len(ts), t.Path,
			plural(len(t.Compactions), "labelled compaction", "labelled compactions"))
		start := time.Now()
		decisions, err := replayLabelled(ctx, env, cfgPath, t)
		var failed *replayFailure
		switch {
		case errors.As(err, &failed):
			// The script reports a transcript whose replay failed and
			// counts its compactions as undecided; so does this.
			fmt.Fprintf(env.stderr, "eval: replay failed on %s: %v\n", t.Path, failed.err)
		case err != nil:
			return err
		default:
			fmt.Fprintf(env.stderr, "eval: [%d/%d] %s: %s in %.1fs\n", i+1, len(ts), t.Path,
				plural(len(decisions), "decision", "decisions"), time.Since(start).Seconds())
		}
		for _, c := range t.Compactions {
			r := labels.Unjudged(c, "no decision (replay failed)")
			if failed == nil {
				r = labels.Compare(c, t.index, decisions)
			}
			results = append(results, r)
			if asJSON {
				if err := enc.Encode(r); err != nil {
					return fmt.Errorf("writing the result of %s L%d: %w", c.Path, c.SummaryLine, err)
				}
				continue
			}
			fmt.Fprint(env.stdout, r.String())
		}
	}
	totals := labels.Summarise(results)
	if asJSON {
		if err := enc.Encode(map[string]labels.Totals{"totals": totals}); err != nil {
			return fmt.Errorf("writing the totals: %w", err)
		}
		return nil
	}
	fmt.Fprint(env.stdout, "\n"+totals.String())
	return nil
}

// replayFailure is a replay that stopped partway: the transcript's
// compactions go undecided, the run goes on.
type replayFailure struct{ err error }

func (e *replayFailure) Error() string { return "replay failed: " + e.err.Error() }
func (e *replayFailure) Unwrap() error { return e.err }

// replayLabelled replays one transcript in a runtime of its own (fresh
// plugins, in-memory store), as one `replay` process judges it, and
// returns every decision as its JSON reads. A config or plugin start
// problem is an error of its own; a replay that fails is a *replayFailure.
func replayLabelled(ctx context.Context, env *cliEnv, cfgPath string, t labelledTranscript) ([]labels.Decision, error) {
	rt, err := runtime.Open(ctx, cfgPath, runtime.Options{Store: ledger.NewMemory(), Logger: env.reportLog()})
	if err != nil {
		return nil, err
	}
	defer rt.Close()
	// The session id and tenant are the ones `replay` gives the file.
	id := strings.TrimSuffix(filepath.Base(t.Path), filepath.Ext(t.Path))
	// An imported chain of compactions covers the previous summary; when
	// the guard refuses one, later ones cover its spans instead.
	follow := session.FollowRefusals(t.events)
	var decisions []labels.Decision
	var decodeErr error
	_, err = replay.Run(ctx, rt.Guard, "replay", id, t.events, func(d *guard.Decision) {
		follow(d)
		if decodeErr != nil {
			return
		}
		// Through JSON: the comparison reads what `replay --json` prints.
		b, err := json.Marshal(d)
		if err != nil {
			decodeErr = fmt.Errorf("encoding decision %d: %w", d.Seq, err)
			return
		}
		ld, err := labels.ParseDecision(b)
		if err != nil {
			decodeErr = fmt.Errorf("decision %d: %w", d.Seq, err)
			return
		}
		decisions = append(decisions, ld)
	})
	if err == nil {
		err = decodeErr
	}
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, fmt.Errorf("replaying %s: %w", t.Path, ctxErr)
		}
		return nil, &replayFailure{err}
	}
	return decisions, nil
}
