package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
)

// readmePath is the README whose quick start the tests replay.
var readmePath = filepath.Join("..", "..", "README.md")

// readmeBlocks returns the fenced code blocks of the README's section
// titled heading ("## Quick start"), in order.
func readmeBlocks(t *testing.T, heading string) []string {
	t.Helper()
	src, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(src), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no section %q", heading)
	}
	if i := strings.Index(section, "\n## "); i >= 0 {
		section = section[:i]
	}
	var blocks []string
	for {
		_, rest, ok := strings.Cut(section, "```")
		if !ok {
			return blocks
		}
		_, rest, _ = strings.Cut(rest, "\n") // the info string ("sh")
		body, after, ok := strings.Cut(rest, "```")
		if !ok {
			t.Fatalf("README.md %s: an unclosed code block", heading)
		}
		blocks = append(blocks, body)
		section = after
	}
}

// TestReadmeQuickStartHTTP replays the README's quick start over HTTP as a
// newcomer would: `compactguard serve` with the repository's own
// policies.hcl (copied beside a fresh store) and the token the README
// exports, then the README's curl block run by sh, word for word but for
// the port. The compaction the README proposes must come back refused
// for the rule it lost, with the rule in the repair block, and the audit
// trail read last must hold that one decision on an intact chain.
func TestReadmeQuickStartHTTP(t *testing.T) {
	bin := binaries(t)
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("curl is not installed: the README's quick start needs it (Debian: curl)")
	}
	var exportLine, curlBlock string
	for _, b := range readmeBlocks(t, "## Quick start") {
		if strings.Contains(b, "COMPACTGUARD_API_TOKEN=") && strings.Contains(b, "compactguard serve") {
			exportLine = b
		}
		if strings.Contains(b, "curl ") {
			curlBlock = b
		}
	}
	if exportLine == "" || curlBlock == "" {
		t.Fatal("README.md's quick start has no block exporting COMPACTGUARD_API_TOKEN and starting serve, or no curl block")
	}
	// The token the README exports, so the server and the curl lines agree
	// the way they would in the reader's shell.
	token := ""
	for _, l := range strings.Split(exportLine, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "export COMPACTGUARD_API_TOKEN="); ok {
			token = strings.Fields(v)[0]
		}
	}
	if token == "" {
		t.Fatal("no `export COMPACTGUARD_API_TOKEN=...` line in the README's serve block")
	}
	if n := len(strings.Split(strings.TrimSpace(curlBlock), "\n")); n > 5 {
		t.Errorf("the README's curl block is %d lines; the quick start promises five", n)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "policies.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "policies.hcl")
	if err := os.WriteFile(cfg, src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("COMPACTGUARD_API_TOKEN", token)
	s := startServe(t, bin, cfg, "")

	script := strings.ReplaceAll(curlBlock, "http://127.0.0.1:7700", s.URL)
	if script == curlBlock {
		t.Fatal("the curl block does not name http://127.0.0.1:7700, serve's default address")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-e")
	cmd.Stdin = strings.NewReader(script)
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(curl)+string(os.PathListSeparator)+os.Getenv("PATH"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("the README's curl block failed: %v\nstdout:\n%s\nstderr:\n%s\nserver:\n%s", err, out.String(), errOut.String(), s.stderr)
	}

	// Each curl prints one JSON answer: the session, the append, the
	// decision, the audit trail.
	var answers []json.RawMessage
	dec := json.NewDecoder(&out)
	for {
		var v json.RawMessage
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("answer %d is not JSON: %v\n%s", len(answers)+1, err, out.String())
		}
		answers = append(answers, v)
	}
	if len(answers) != 4 {
		t.Fatalf("%d answers, want 4 (create, append, compaction, decisions):\n%s", len(answers), out.String())
	}
	var st wire.SessionState
	if err := json.Unmarshal(answers[0], &st); err != nil || st.ID != "demo" {
		t.Errorf("create answered %s", answers[0])
	}
	var d guard.Decision
	if err := json.Unmarshal(answers[2], &d); err != nil {
		t.Fatalf("the compaction answer: %v\n%s", err, answers[2])
	}
	if d.Allowed == nil || *d.Allowed || d.Reason != guard.ReasonMustKeepItemMissing {
		t.Errorf("the README's compaction: allowed %v, reason %q; the README says refused, must_keep_item_missing\n%s", d.Allowed, d.Reason, answers[2])
	}
	if !strings.Contains(d.Repair, "Do not run DROP TABLE on legacy_orders") {
		t.Errorf("the repair block lacks the lost rule: %q", d.Repair)
	}
	var trail wire.AuditTrail
	if err := json.Unmarshal(answers[3], &trail); err != nil {
		t.Fatalf("the decisions answer: %v\n%s", err, answers[3])
	}
	if !trail.ChainOK || len(trail.Decisions) != 1 {
		t.Fatalf("the audit trail: chain_ok %v, %d decisions\n%s", trail.ChainOK, len(trail.Decisions), answers[3])
	}
	var recorded guard.Decision
	if err := json.Unmarshal(trail.Decisions[0].Body, &recorded); err != nil || recorded.Reason != guard.ReasonMustKeepItemMissing {
		t.Errorf("the audit trail holds %s, want the refusal", trail.Decisions[0].Body)
	}
}

// TestReadmeDemoExcerpt: the README's "What `make demo` shows" excerpt is
// what `replay --brief` prints for the migration incident today, line
// for line.
func TestReadmeDemoExcerpt(t *testing.T) {
	bin := binaries(t)
	blocks := readmeBlocks(t, "## What `make demo` shows")
	if len(blocks) == 0 {
		t.Fatal("README.md's demo section has no excerpt")
	}
	stdout, stderr, code := runCLI(t, bin, env(bin, ""), "replay", "--brief",
		"-config", filepath.Join(exampleDir, "policies.hcl"), filepath.Join(exampleDir, "session.jsonl"))
	if code != 0 {
		t.Fatalf("replay exited %d: %s", code, stderr)
	}
	// The README runs it from the repository root.
	stdout = strings.ReplaceAll(stdout, filepath.Join(exampleDir, "session.jsonl"), "examples/migration-drop-table/session.jsonl")
	if strings.TrimSpace(blocks[0]) != strings.TrimSpace(stdout) {
		t.Errorf("the README's demo excerpt is not what replay --brief prints now.\nREADME:\n%s\nreplay:\n%s", blocks[0], stdout)
	}
}
