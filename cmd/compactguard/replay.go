package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/replay"
	"github.com/compactguard/compactguard/host/report"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
)

func runReplay(ctx context.Context, env *cliEnv, args []string) error {
	fs := newFlags(env, "replay", "replay [-config FILE] [--json] SESSION.jsonl...")
	cfgPath := configFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON decision per line instead of the report")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return &usageError{"no session file given"}
	}
	// Read every file before starting anything: a bad file is refused
	// whole and nothing runs.
	type loaded struct {
		file   string
		events []session.Event
	}
	var inputs []loaded
	for _, f := range files {
		events, err := readSession(f)
		if err != nil {
			return err
		}
		inputs = append(inputs, loaded{f, events})
	}
	rt, err := runtime.Open(ctx, *cfgPath, runtime.Options{Logger: env.reportLog()})
	if err != nil {
		return err
	}
	defer rt.Close()
	enc := json.NewEncoder(env.stdout)
	used := map[string]int{}
	for _, in := range inputs {
		id := strings.TrimSuffix(filepath.Base(in.file), filepath.Ext(in.file))
		if used[id]++; used[id] > 1 {
			id = fmt.Sprintf("%s-%d", id, used[id])
		}
		var onDecision func(*guard.Decision)
		if *asJSON {
			onDecision = func(d *guard.Decision) { _ = enc.Encode(d) }
		}
		res, err := replay.Run(ctx, rt.Guard, "replay", id, in.events, onDecision)
		if err != nil {
			return err
		}
		res.File = in.file
		if !*asJSON {
			report.WriteReplay(env.stdout, res)
		}
	}
	return nil
}

func readSession(path string) ([]session.Event, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return session.Parse(f, path)
}
