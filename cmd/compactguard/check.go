package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/compactguard/compactguard/host/eval"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/report"
	"github.com/compactguard/compactguard/host/runtime"
)

func runCheck(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "check", "check [-config FILE] --original ORIGINAL.jsonl --candidate CANDIDATE.txt [--self-score X] [--unpinned] [--json]")
	cfgPath := configFlag(fs)
	original := fs.String("original", "", "span events of the original context (`FILE`, JSONL)")
	candidate := fs.String("candidate", "", "the proposed compaction of all of them (`FILE`, text)")
	selfScore := fs.String("self-score", "", "the caller's own fidelity score of the candidate, in [0,1]")
	unpinned := fs.Bool("unpinned", false, "offer the originals only with the compaction, as caller-supplied text")
	asJSON := fs.Bool("json", false, "print the decision as JSON")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 || *original == "" || *candidate == "" {
		return &usageError{"need --original FILE and --candidate FILE"}
	}
	var self *float64
	if *selfScore != "" {
		x, err := strconv.ParseFloat(*selfScore, 64)
		if err != nil || x < 0 || x > 1 {
			return fmt.Errorf("--self-score: must be a number in [0,1], got %q", *selfScore)
		}
		self = &x
	}
	spans, err := eval.ReadSpans(*original)
	if err != nil {
		return err
	}
	cand, err := os.ReadFile(*candidate)
	if err != nil {
		return err
	}
	rt, err := runtime.Open(ctx, *cfgPath, runtime.Options{Store: ledger.NewMemory(), Logger: env.reportLog()})
	if err != nil {
		return err
	}
	defer rt.Close()
	d, err := eval.Judge(ctx, rt.Guard, "check", "check", spans, string(cand), self, *unpinned)
	if err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(env.stdout).Encode(d)
	}
	report.WriteDecision(env.stdout, d)
	return nil
}

func runEval(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "eval", "eval [-config FILE] [--json] [--verbose] DIR\n       compactguard eval [-config FILE] [--json] --labels LABELS.json [LABELS2.json ...]")
	cfgPath := configFlag(fs)
	asJSON := fs.Bool("json", false, "one JSON object per case (per compaction with --labels), then one with the totals")
	verbose := fs.Bool("verbose", false, "one line per case, then recall per category and the cases judged wrong (without it: one summary line)")
	var labelFiles fileList
	fs.Var(&labelFiles, "labels", "replay the real transcripts `LABELS.json` names and compare them with its hand labels\n(shared/eval/real/README.md); more labels files may follow as arguments")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(labelFiles) > 0 {
		return runEvalLabels(ctx, env, *cfgPath, append(labelFiles, rest...), *asJSON)
	}
	if len(rest) != 1 {
		return &usageError{"need exactly one case directory"}
	}
	cases, err := eval.LoadDir(rest[0])
	if err != nil {
		return err
	}
	rt, err := runtime.Open(ctx, *cfgPath, runtime.Options{Store: ledger.NewMemory(), Logger: env.reportLog()})
	if err != nil {
		return err
	}
	defer rt.Close()
	enc := json.NewEncoder(env.stdout)
	results, totals, err := eval.Run(ctx, rt.Guard, cases, func(r eval.Result) {
		if *asJSON {
			_ = enc.Encode(r)
			return
		}
		if !*verbose {
			return
		}
		mark := "ok   "
		if !r.Correct {
			mark = "WRONG"
		}
		fmt.Fprintf(env.stdout, "%s %-34s expected %-6s got %-6s %s\n", mark, r.Case, r.Expected, r.Got, r.Reason)
		if !r.Correct {
			for _, l := range r.Lost {
				fmt.Fprintf(env.stdout, "        lost %s\n", l)
			}
			if r.Error != "" {
				fmt.Fprintf(env.stdout, "        error %s\n", r.Error)
			}
		}
	})
	if err != nil {
		return err
	}
	_ = results
	if *asJSON {
		return enc.Encode(map[string]any{"totals": totals})
	}
	if !*verbose {
		fmt.Fprint(env.stdout, totals.Line(rest[0])+totals.UsageLines())
		return nil
	}
	fmt.Fprint(env.stdout, "\n"+totals.String())
	return nil
}
