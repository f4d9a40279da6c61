// Command cgload is compactguard's load generator. It drives concurrent
// sessions through a running `compactguard serve` on loopback — appends,
// faithful, lossy, unpinned and dedup compactions, summaries of summaries,
// phase signals, policy edits (configured names, HCL that fits, HCL over
// budget, HCL that carries a budget, broken HCL), budget changes with the
// authority's credential, a tenant's token and a wrong one — optionally
// killing plugin processes as it goes, then hands everything it sent and
// was answered to the independent checker (internal/invcheck), which
// reads each session's audit trail and verifies the guard's invariants.
//
// Usage:
//
//	cgload -url http://127.0.0.1:7700 -token $TOKEN -authority-credential $CRED \
//	    -sessions 16 -duration 5m -max-ops 1000000 -seed 1 \
//	    [-config policies.hcl] [-serve-pid PID -kill-every 10s -max-kills 30] \
//	    [-log events.jsonl] [-json report.json]
//
// It prints ops/s and p50/p99 latency per operation type, the faults
// injected and the checker's violations, and exits 1 when there is any.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/compactguard/compactguard/internal/invcheck"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code, err := mainErr(ctx, os.Args[1:], os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cgload:", err)
	}
	os.Exit(code)
}

// mainErr parses flags, runs the load and the checker, prints the summary
// and returns the exit code: 0 clean, 1 violations, 2 a usage or run error.
func mainErr(ctx context.Context, args []string, stdout io.Writer) (int, error) {
	fs := flag.NewFlagSet("cgload", flag.ContinueOnError)
	var cfg Config
	fs.StringVar(&cfg.URL, "url", "http://127.0.0.1:7700", "compactguard server `URL` (loopback only)")
	fs.StringVar(&cfg.Token, "token", os.Getenv("COMPACTGUARD_API_TOKEN"), "tenant bearer `TOKEN` (default $COMPACTGUARD_API_TOKEN)")
	fs.StringVar(&cfg.AuthorityCredential, "authority-credential", os.Getenv("COMPACTGUARD_BUDGET_CREDENTIAL"), "budget authority `CREDENTIAL` (default $COMPACTGUARD_BUDGET_CREDENTIAL)")
	fs.IntVar(&cfg.Sessions, "sessions", 4, "concurrent sessions")
	fs.DurationVar(&cfg.Duration, "duration", 10*time.Second, "run at most this long")
	fs.IntVar(&cfg.MaxOps, "max-ops", 100000, "run at most this many operations in total")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed")
	configPath := fs.String("config", "", "the server's config `FILE`, to read its policy names from")
	policies := fs.String("policies", "explore,synthesize,verify,repair", "comma-separated configured policy names (when -config is not given)")
	fs.IntVar(&cfg.ServePID, "serve-pid", 0, "`PID` of the compactguard serve process, whose children (the plugins) -kill-every kills")
	fs.DurationVar(&cfg.KillEvery, "kill-every", 0, "SIGKILL one plugin process this often (0: no faults; needs -serve-pid)")
	fs.IntVar(&cfg.MaxKills, "max-kills", 1000, "kill at most this many plugin processes")
	logPath := fs.String("log", "", "write every request and answer to this JSON-lines `FILE`")
	jsonPath := fs.String("json", "", "write the summary and the checker's report as JSON to `FILE`")
	noCheck := fs.Bool("no-check", false, "skip the invariant checker")
	noisy := NoisyConfig{}
	fs.StringVar(&noisy.Token, "noisy-token", "", "run a noisy neighbour as the tenant of this bearer `TOKEN` (see docs/load.md)")
	fs.IntVar(&noisy.Spans, "noisy-spans", 100000, "spans of the noisy neighbour's big batch")
	fs.IntVar(&noisy.BatchMax, "noisy-batch-max", 0, "send the big batch in requests of at most this many spans (0: one request)")
	fs.IntVar(&noisy.ViewSpans, "noisy-view-spans", 500, "spans of the session the noisy neighbour's slow policy is evaluated on")
	fs.IntVar(&noisy.PolicyElems, "noisy-policy-elems", 2000, "length of the list literal in the noisy neighbour's slow policy")
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	if cfg.Token == "" {
		return 2, errors.New("-token (or $COMPACTGUARD_API_TOKEN) is required")
	}
	if noisy.Token != "" {
		cfg.Noisy = &noisy
	}
	cfg.Policies = splitList(*policies)
	if *configPath != "" {
		names, err := policyNames(*configPath)
		if err != nil {
			return 2, err
		}
		cfg.Policies = names
	}
	if *logPath != "" {
		f, err := os.Create(*logPath)
		if err != nil {
			return 2, err
		}
		defer f.Close()
		cfg.Log = f
	}
	res, err := Run(ctx, cfg)
	if err != nil {
		return 2, err
	}
	var rep *invcheck.Report
	if !*noCheck {
		rep, err = CheckRun(context.Background(), cfg, res)
		if err != nil {
			return 2, err
		}
	}
	Print(stdout, cfg, res, rep)
	if *jsonPath != "" {
		if err := writeJSON(*jsonPath, cfg, res, rep); err != nil {
			return 2, err
		}
	}
	if rep != nil && len(rep.Violations) > 0 {
		return 1, nil
	}
	return 0, nil
}

// CheckRun runs the independent checker over a finished run.
func CheckRun(ctx context.Context, cfg Config, res *Result) (*invcheck.Report, error) {
	ch, err := invcheck.New(invcheck.Options{})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	return ch.Check(ctx, res.Logs, invcheck.HTTPFetcher(&http.Client{Timeout: time.Minute}, cfg.URL, cfg.Token))
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

var policyBlock = regexp.MustCompile(`(?m)^\s*policy\s+"([^"]+)"`)

// policyNames reads the names of the policy blocks of a config file.
func policyNames(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range policyBlock.FindAllSubmatch(b, -1) {
		out = append(out, string(m[1]))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no policy blocks", path)
	}
	return out, nil
}

// opOrder is the print order of operation types.
var opOrder = []string{invcheck.OpAppend, invcheck.OpCompaction, invcheck.OpPhaseSignal, invcheck.OpPolicyEdit, invcheck.OpBudget}

// Print writes the human summary.
func Print(w io.Writer, cfg Config, res *Result, rep *invcheck.Report) {
	fmt.Fprintf(w, "sessions %d, %d ops in %s: %.1f ops/s\n", cfg.Sessions, res.Ops, res.Elapsed.Round(time.Millisecond), float64(res.Ops)/res.Elapsed.Seconds())
	fmt.Fprintf(w, "%-13s %7s %7s %9s %9s\n", "op", "count", "errors", "p50", "p99")
	for _, op := range opOrder {
		st := res.Stats[op]
		if st == nil {
			continue
		}
		fmt.Fprintf(w, "%-13s %7d %7d %9s %9s\n", op, st.Count, st.Errors, ms(st.Percentile(50)), ms(st.Percentile(99)))
	}
	byName := map[string]int{}
	for _, f := range res.Faults {
		byName[f.Name]++
	}
	fmt.Fprintf(w, "%-13s %7d %7d %9s %9s\n", "all", res.All.Count, res.All.Errors, ms(res.All.Percentile(50)), ms(res.All.Percentile(99)))
	fmt.Fprintf(w, "throttled (429, retried): %d; decisions refused plugin_failure: %d\n", res.All.Throttled, res.PluginFailures)
	if res.Noisy != nil {
		fmt.Fprintf(w, "noisy neighbour:\n")
		ops := make([]string, 0, len(res.Noisy.Stats))
		for op := range res.Noisy.Stats {
			ops = append(ops, op)
		}
		sort.Strings(ops)
		for _, op := range ops {
			st := res.Noisy.Stats[op]
			fmt.Fprintf(w, "  %-13s %7d %7d %9s %9s\n", op, st.Count, st.Errors, ms(st.Percentile(50)), ms(st.Percentile(99)))
		}
		keys := make([]string, 0, len(res.Noisy.Reasons))
		for k := range res.Noisy.Reasons {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "  %-40s %6d\n", k, res.Noisy.Reasons[k])
		}
	}
	fmt.Fprintf(w, "faults: %d plugin processes killed %v\n", len(res.Faults), byName)
	if rep == nil {
		return
	}
	fmt.Fprintf(w, "checker: %d sessions, %d events, %d decisions %v\n", rep.Sessions, rep.Events, rep.Decisions, rep.ByType)
	keys := make([]string, 0, len(rep.ByReason))
	for k := range rep.ByReason {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "  %-60s %6d\n", k, rep.ByReason[k])
	}
	fmt.Fprintf(w, "ledger chain: %s\n", rep.LedgerChain)
	for i, n := range rep.Notes {
		if i == 10 {
			fmt.Fprintf(w, "  ... %d more notes\n", len(rep.Notes)-10)
			break
		}
		fmt.Fprintf(w, "note: %s\n", n)
	}
	fmt.Fprintf(w, "violations: %d\n", len(rep.Violations))
	for _, v := range rep.Violations {
		fmt.Fprintf(w, "  %s\n", v)
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

func writeJSON(path string, cfg Config, res *Result, rep *invcheck.Report) error {
	type opStat struct {
		Count  int     `json:"count"`
		Errors int     `json:"errors"`
		P50MS  float64 `json:"p50_ms"`
		P99MS  float64 `json:"p99_ms"`
	}
	out := struct {
		Sessions  int               `json:"sessions"`
		Ops       int               `json:"ops"`
		ElapsedS  float64           `json:"elapsed_s"`
		OpsPerSec float64           `json:"ops_per_s"`
		Stats     map[string]opStat `json:"stats"`
		Faults    []Fault           `json:"faults"`
		Report    *invcheck.Report  `json:"report,omitempty"`
		// The sessions' operations together, and the noisy neighbour's.
		All            opStat            `json:"all"`
		Throttled      int               `json:"throttled"`
		PluginFailures int               `json:"plugin_failures"`
		Noisy          map[string]opStat `json:"noisy,omitempty"`
		NoisyReasons   map[string]int    `json:"noisy_reasons,omitempty"`
	}{Sessions: cfg.Sessions, Ops: res.Ops, ElapsedS: res.Elapsed.Seconds(), OpsPerSec: float64(res.Ops) / res.Elapsed.Seconds(), Stats: map[string]opStat{}, Faults: res.Faults, Report: rep,
		All:       opStat{res.All.Count, res.All.Errors, float64(res.All.Percentile(50).Microseconds()) / 1000, float64(res.All.Percentile(99).Microseconds()) / 1000},
		Throttled: res.All.Throttled, PluginFailures: res.PluginFailures}
	if res.Noisy != nil {
		out.Noisy, out.NoisyReasons = map[string]opStat{}, res.Noisy.Reasons
		for op, st := range res.Noisy.Stats {
			out.Noisy[op] = opStat{st.Count, st.Errors, float64(st.Percentile(50).Microseconds()) / 1000, float64(st.Percentile(99).Microseconds()) / 1000}
		}
	}
	for op, st := range res.Stats {
		out.Stats[op] = opStat{st.Count, st.Errors, float64(st.Percentile(50).Microseconds()) / 1000, float64(st.Percentile(99).Microseconds()) / 1000}
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
