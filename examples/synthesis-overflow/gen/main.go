// Command gen writes examples/synthesis-overflow/session.jsonl: the recorded
// session of the second incident (a controller entering synthesis rewrites
// its compaction policy to keep all file reads and test failures; four
// categories each under a 20k cap retain about 61k against a 48k budget).
//
// The session is generated, deterministically, from a fixed PCG seed, with
// token counts taken by the host's tokenizer (o200k_base), so the figures
// in the README can be regenerated and checked:
//
//	go run ./examples/synthesis-overflow/gen -out examples/synthesis-overflow
//	go run ./examples/synthesis-overflow/gen -report
//
// -report prints, for every phase signal and policy edit, the classifier's
// scores and each policy's worst case on the view at that point.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	out := flag.String("out", "", "directory to write session.jsonl to (default: print nothing)")
	report := flag.Bool("report", false, "print the phase scores and worst cases at each checkpoint")
	flag.Parse()
	s, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if *out != "" {
		if err := os.WriteFile(filepath.Join(*out, "session.jsonl"), s.jsonl, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	if *report || *out == "" {
		os.Stdout.WriteString(s.report())
	}
}
