// Command benchtable turns `go test -bench` output into BENCHMARKS.md: the
// machine, the command, and each figure beside its baseline from the same
// run, with the goal it is held to. `make bench` runs it.
//
// Usage: go test -bench ... | benchtable -cmd "COMMAND" > BENCHMARKS.md
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// result is one benchmark line: its name (without the -N cpu suffix) and
// every metric it reported, by unit.
type result struct {
	name    string
	metrics map[string]float64
}

var lineRE = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+(\d+)\s+(.*)$`)

func parse(r io.Reader) (map[string]result, []string, error) {
	out := map[string]result{}
	var order []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := lineRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		res := result{name: m[1], metrics: map[string]float64{}}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			res.metrics[f[i+1]] = v
		}
		if _, seen := out[res.name]; !seen {
			order = append(order, res.name)
		}
		out[res.name] = res
	}
	return out, order, sc.Err()
}

// comparison pairs a figure with its baseline and a goal on the ratio or
// on the figure itself.
type comparison struct {
	title    string
	bench    string
	baseline string
	unit     string // metric compared, e.g. "ns/op", "p50-ms", "MB/s"
	// goal is checked against the ratio bench/baseline when maxRatio > 0,
	// else against the figure with max or min.
	maxRatio float64
	max, min float64
	note     string
	// each makes bench a name prefix: every benchmark under it gets a
	// row, labelled with the title and the rest of its name (for a
	// sub-benchmark named after its input, e.g. the file and its size).
	each bool
}

var comparisons = []comparison{
	{title: "Compaction decision, 40k tokens covered, plugins out of process vs in process (p50)", bench: "BenchmarkDecision40k/plugins=out-of-process", baseline: "BenchmarkDecision40k/plugins=in-process", unit: "p50-ms", maxRatio: 1.5, note: "the cost of the plugin boundary"},
	{title: "Compaction decision, 40k tokens covered, out of process (p50, ms)", bench: "BenchmarkDecision40k/plugins=out-of-process", unit: "p50-ms", max: 5},
	{title: "Compaction decision, 40k tokens covered, out of process (p99, ms)", bench: "BenchmarkDecision40k/plugins=out-of-process", unit: "p99-ms"},
	{title: "Append one span at 1M vs 10k session tokens (p50; extraction out of process)", bench: "BenchmarkAppend/session=1000k", baseline: "BenchmarkAppend/session=10k", unit: "p50-µs", maxRatio: 1.2},
	{title: "Append one span at 100k vs 10k session tokens (p50)", bench: "BenchmarkAppend/session=100k", baseline: "BenchmarkAppend/session=10k", unit: "p50-µs", maxRatio: 1.2},
	{title: "Decision covering 200 spans: 20k-span vs 1k-span session", bench: "BenchmarkDecisionScaling/session=20000/covered=200", baseline: "BenchmarkDecisionScaling/session=1000/covered=200", unit: "ns/op", maxRatio: 1.5, note: "cost follows the spans covered, not the session"},
	{title: "Decision covering 800 vs 200 spans (same 20k-span session)", bench: "BenchmarkDecisionScaling/session=20000/covered=800", baseline: "BenchmarkDecisionScaling/session=20000/covered=200", unit: "ns/op", note: "grows with the spans covered"},
	{title: "Extraction throughput, mixed transcript text vs raw regexp scan of the same rules (MB/s)", bench: "BenchmarkExtract", baseline: "BenchmarkBaselineRawRegexps", unit: "MB/s", min: 100},
	{title: "Extraction throughput, cue-dense prose only (MB/s)", bench: "BenchmarkExtractProse", unit: "MB/s"},
	{title: "Policy-edit verification: worst case of a structural edit, 10k spans / 1M tokens (ms)", bench: "BenchmarkWorstCase10kSpans", unit: "ns/op", max: 20e6},
	{title: "Scoring a ~40k-token candidate against 40 items (frame judge, words alone)", bench: "BenchmarkScore40kTokens40Items", unit: "ns/op"},
	{title: "HTTP + SQLite: span appends per second (batches of 20, extraction out of process)", bench: "BenchmarkHTTP/append/batch=20", unit: "spans/s", min: 2000},
	{title: "HTTP + SQLite: compaction decision on a ~40k-token session (p50, ms)", bench: "BenchmarkHTTP/compaction/covered=40k-tokens", unit: "p50-ms", max: 10},
	{title: "HTTP + SQLite: compaction decision on a ~40k-token session (p99, ms)", bench: "BenchmarkHTTP/compaction/covered=40k-tokens", unit: "p99-ms", max: 50},
	{title: "SQLite store: append at 100k vs 10k existing records", bench: "BenchmarkSQLiteAppend/existing=100k", baseline: "BenchmarkSQLiteAppend/existing=10k", unit: "ns/op", maxRatio: 1.2},
	{title: "`bin/compactguard replay --format claude-code --json` of the largest real Claude Code session, plugin start included, no plugin_failure (median wall, s)", bench: "BenchmarkReplayClaudeCode/", unit: "median-s", max: 2, each: true},
	{title: "`bin/compactguard replay --format claude-code --json` of the largest real Claude Code session, plugin start included (max wall, s)", bench: "BenchmarkReplayClaudeCode/", unit: "max-s", each: true},
	{title: "`bin/compactguard hook claude-code`, one hook event on the largest real Claude Code session (SessionStart judges its last compaction), plugin start included (median wall, s)", bench: "BenchmarkHookClaudeCode/", unit: "median-s", max: 3, each: true},
	{title: "A pathological policy_hcl of issue 17 sent over HTTP to `compactguard serve`, refused invalid_policy before the parser (it crashed the server or held it 31–102 s) (median wall, ms)", bench: "BenchmarkPathologicalPolicy/", unit: "median-ms", max: 1000, each: true},
	{title: "A pathological policy_hcl of issue 17, as above (max wall, ms)", bench: "BenchmarkPathologicalPolicy/", unit: "max-ms", max: 1000, each: true},
}

func main() {
	cmdline := flag.String("cmd", "make bench", "the command that produced the input, for the record")
	flag.Parse()
	results, order, err := parse(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	if len(results) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no benchmark lines on stdin")
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "# Benchmarks\n\nWritten by `make bench` on %s. Every figure is from one run of the command below, each beside the baseline measured in the same run. Timings on a shared 2-core machine vary by ±20%% between runs; the ratios are steadier than the absolute numbers.\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(w, "## Machine\n\n%s\n\n## Command\n\n```\n%s\n```\n\n", machine(), *cmdline)
	fmt.Fprintf(w, "## Against baselines and goals\n\n| what | figure | baseline | ratio | goal | met |\n|---|---|---|---|---|---|\n")
	for _, row := range rows(comparisons, results, order) {
		c, b := row.c, row.r
		v, ok := b.metrics[c.unit]
		if !ok {
			continue
		}
		fig, base, ratio, goal, met := format(v, c.unit), "", "", "", ""
		if c.baseline != "" {
			if bb, ok := results[c.baseline]; ok {
				if bv, ok := bb.metrics[c.unit]; ok && bv > 0 {
					base = format(bv, c.unit)
					ratio = fmt.Sprintf("%.2f×", v/bv)
					if c.maxRatio > 0 {
						goal = fmt.Sprintf("≤ %.1f×", c.maxRatio)
						met = yes(v/bv <= c.maxRatio)
					}
				}
			}
		}
		switch {
		case c.max > 0:
			goal = "≤ " + format(c.max, c.unit)
			met = yes(v <= c.max)
		case c.min > 0:
			goal = "≥ " + format(c.min, c.unit)
			met = yes(v >= c.min)
		}
		title := c.title
		if c.note != "" {
			title += " — " + c.note
		}
		if c.each {
			title += " — `" + strings.TrimPrefix(b.name, c.bench) + "`"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", title, fig, base, ratio, goal, met)
	}
	fmt.Fprintf(w, "\n## Every benchmark of the run\n\n| benchmark | metrics |\n|---|---|\n")
	sort.Strings(order)
	for _, name := range order {
		r := results[name]
		units := make([]string, 0, len(r.metrics))
		for u := range r.metrics {
			units = append(units, u)
		}
		sort.Strings(units)
		parts := make([]string, len(units))
		for i, u := range units {
			f := format(r.metrics[u], u)
			if u == "ns/op" {
				f += "/op" // format already gave the time unit
			} else {
				f += " " + u
			}
			parts[i] = f
		}
		fmt.Fprintf(w, "| %s | %s |\n", name, strings.Join(parts, ", "))
	}
}

// row is one line of the goals table: a comparison and the benchmark it
// reads.
type row struct {
	c comparison
	r result
}

// rows pairs each comparison with its benchmark, or with every benchmark
// under its prefix (in the order of the run) when it is an each one.
// Comparisons whose benchmark did not run are left out.
func rows(cs []comparison, results map[string]result, order []string) []row {
	var out []row
	for _, c := range cs {
		if !c.each {
			if r, ok := results[c.bench]; ok {
				out = append(out, row{c, r})
			}
			continue
		}
		for _, name := range order {
			if strings.HasPrefix(name, c.bench) {
				out = append(out, row{c, results[name]})
			}
		}
	}
	return out
}

func yes(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

func format(v float64, unit string) string {
	switch {
	case unit == "ns/op" && v >= 1e6:
		return fmt.Sprintf("%.2f ms", v/1e6)
	case unit == "ns/op" && v >= 1e3:
		return fmt.Sprintf("%.1f µs", v/1e3)
	case v == float64(int64(v)):
		return strconv.FormatInt(int64(v), 10)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

func machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
				break
			}
		}
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		f := strings.Fields(strings.SplitN(string(b), "\n", 2)[0])
		if len(f) >= 2 {
			if kb, err := strconv.Atoi(f[1]); err == nil {
				mem = fmt.Sprintf(", %.0f GiB RAM", float64(kb)/(1<<20))
			}
		}
	}
	kernel := ""
	if out, err := exec.Command("uname", "-sr").Output(); err == nil {
		kernel = ", " + strings.TrimSpace(string(out))
	}
	return fmt.Sprintf("%s, %d cores%s%s, %s %s/%s", cpu, runtime.NumCPU(), mem, kernel, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
