package faulttest

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/sdk"
)

// TestScorerFaults: whatever the scorer does wrong over the real protocol,
// the compaction is refused, nothing else is written, and once the scorer
// behaves again (after a restart when it died) the same compaction is
// allowed.
func TestScorerFaults(t *testing.T) {
	// No case hangs; the timeout only has to let the scorer build and
	// send its 65 MiB oversize answer on a loaded machine, where 2 s cut
	// it off as a timeout and restarted the scorer (as TestExtractorOutput).
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindScorer: "10s"}})
	cases := []struct {
		mode    string
		reason  string
		restart bool // the fault kills the process: the supervisor restarts it
	}{
		{"kill", guard.ReasonPluginFailure, true},
		{"crash", guard.ReasonPluginFailure, true},
		{"self-crash", guard.ReasonPluginFailure, true},
		{"error", guard.ReasonPluginFailure, false},
		{"diag-error", guard.ReasonPluginFailure, false},
		{"oversize", guard.ReasonPluginFailure, false},
		{"nan", guard.ReasonInvalidPluginOutput, false},
		{"above-one", guard.ReasonInvalidPluginOutput, false},
		{"negative", guard.ReasonInvalidPluginOutput, false},
		{"item-nan", guard.ReasonInvalidPluginOutput, false},
		{"index-range", guard.ReasonInvalidPluginOutput, false},
		{"index-negative", guard.ReasonInvalidPluginOutput, false},
		{"duplicate-index", guard.ReasonInvalidPluginOutput, false},
		{"self-nan", guard.ReasonInvalidPluginOutput, false},
		// The host does not believe a verdict it cannot verify: the item
		// counts as lost, so the must-keep prohibition refuses.
		{"fake-evidence", guard.ReasonMustKeepItemMissing, false},
		{"no-evidence", guard.ReasonMustKeepItemMissing, false},
		{"no-verdicts", guard.ReasonMustKeepItemMissing, false},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			h.t = t
			sess := h.session()
			restarts := h.restarts(sdk.KindScorer)
			before := h.snap(sess)

			h.set(sdk.KindScorer, c.mode)
			d, err := h.rt.Guard.Compact(context.Background(), tenant, sess, faithful("s1", "s2"))
			wantRefused(t, d, err, c.reason)
			if c.reason == guard.ReasonPluginFailure || c.reason == guard.ReasonInvalidPluginOutput {
				if d.Plugin != "scorer.faulty" {
					t.Errorf("decision names plugin %q, want scorer.faulty", d.Plugin)
				}
			}
			if c.reason == guard.ReasonMustKeepItemMissing && (d.AnchoredScore == nil || *d.AnchoredScore != 0) {
				t.Errorf("anchored score %v: the scorer's unverified 1.0 must not stand", d.AnchoredScore)
			}
			h.checkNothingPartial(before, h.snap(sess), c.reason)

			h.set(sdk.KindScorer, "")
			if c.restart {
				time.Sleep(backoffWait)
			}
			d, err = h.rt.Guard.Compact(context.Background(), tenant, sess, faithful("s1", "s2"))
			wantAllowed(t, d, err)
			want := int64(0)
			if c.restart {
				want = 1
			}
			h.wantRestarts(sdk.KindScorer, restarts, want, false)
		})
	}
}

// TestScorerKilledMidCall: the scorer is inside a Score call when the test
// SIGKILLs its process from outside. The compaction is refused as a
// plugin failure at once (not at the call timeout), and the next call
// restarts the scorer and is decided normally.
func TestScorerKilledMidCall(t *testing.T) {
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindScorer: "20s"}})
	sess := h.session()
	before := h.snap(sess)
	entered := h.ctl[sdk.KindScorer] + ".entered"
	h.set(sdk.KindScorer, "hang")

	type result struct {
		d   *guard.Decision
		err error
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		d, err := h.rt.Guard.Compact(context.Background(), tenant, sess, faithful("s1", "s2"))
		done <- result{d, err}
	}()
	pid := waitEntered(t, entered)
	if want := h.pid(sdk.KindScorer); pid != want {
		t.Fatalf("the scorer in the call is pid %d, the supervisor's is %d", pid, want)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	var r result
	select {
	case r = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the compaction did not return 10s after its scorer was killed")
	}
	wantRefused(t, r.d, r.err, guard.ReasonPluginFailure)
	if !strings.Contains(r.d.Message, plugins.ErrUnavailable.Error()) {
		t.Errorf("message %q does not say the plugin is unavailable", r.d.Message)
	}
	if took := time.Since(start); took > 15*time.Second {
		t.Errorf("refusal took %s: the host waited for the call timeout instead of seeing the process die", took)
	}
	h.checkNothingPartial(before, h.snap(sess), guard.ReasonPluginFailure)

	h.set(sdk.KindScorer, "")
	time.Sleep(backoffWait)
	d, err := h.rt.Guard.Compact(context.Background(), tenant, sess, faithful("s1", "s2"))
	wantAllowed(t, d, err)
	if h.restarts(sdk.KindScorer) != 1 || h.pid(sdk.KindScorer) == pid {
		t.Errorf("scorer restarts %d, pid %d (was %d): want one restart, a new process", h.restarts(sdk.KindScorer), h.pid(sdk.KindScorer), pid)
	}
}

// waitEntered waits for a plugin to write its pid to the .entered file.
func waitEntered(t *testing.T, path string) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			pid, err := strconv.Atoi(string(b))
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the plugin never entered the call (%s)", path)
	return 0
}

// TestScorerHung: a scorer that never answers is cut off at its timeout
// (300ms here), killed, and restarted for the next call.
func TestScorerHung(t *testing.T) {
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindScorer: "300ms"}})
	sess := h.session()
	before := h.snap(sess)
	h.set(sdk.KindScorer, "hang")
	start := time.Now()
	d, err := h.rt.Guard.Compact(context.Background(), tenant, sess, faithful("s1", "s2"))
	wantRefused(t, d, err, guard.ReasonPluginFailure)
	if !strings.Contains(d.Message, plugins.ErrTimeout.Error()) {
		t.Errorf("message %q does not say the call timed out", d.Message)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("refusal took %s with a 300ms timeout", took)
	}
	h.checkNothingPartial(before, h.snap(sess), guard.ReasonPluginFailure)

	h.set(sdk.KindScorer, "")
	time.Sleep(backoffWait)
	d, err = h.rt.Guard.Compact(context.Background(), tenant, sess, faithful("s1", "s2"))
	wantAllowed(t, d, err)
	h.wantRestarts(sdk.KindScorer, 0, 1, true)
}

// TestExtractorDownAtAppend: an extractor that fails while spans are
// appended does not stop them being pinned; the compaction that covers
// them extracts again and fails closed while the extractor is still
// failing (in its restart backoff, or failing again after a restart), and
// is decided normally, with the new span's item, once it recovers.
func TestExtractorDownAtAppend(t *testing.T) {
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindExtractor: "300ms"}})
	for _, mode := range []string{"crash", "kill", "hang"} {
		t.Run(mode, func(t *testing.T) {
			h.t = t
			ctx := context.Background()
			sess := h.session()
			restarts := h.restarts(sdk.KindExtractor)
			h.set(sdk.KindExtractor, mode)
			s3 := sdk.Span{ID: "s3", Kind: "user", Text: "do not deploy on Friday"}
			res, err := h.rt.Guard.Append(ctx, tenant, sess, []sdk.Span{s3})
			if err != nil {
				t.Fatalf("append failed with the extractor down: %v", err)
			}
			if res.Appended != 1 || res.Items != 0 {
				t.Fatalf("append: %+v, want the span pinned with no items", res)
			}
			before := h.snap(sess)
			if before.records != 3 {
				t.Fatalf("ledger holds %d records, want 3", before.records)
			}
			compact := func() (*guard.Decision, error) {
				req := faithful("s1", "s2", "s3")
				req.Summary += " " + s3.Text
				return h.rt.Guard.Compact(ctx, tenant, sess, req)
			}

			// Still in its restart backoff: unavailable. On a loaded
			// machine the backoff may have passed before this call, which
			// then restarts the plugin and fails on the span again: a
			// refusal either way, and one restart more, counted here.
			d, err := compact()
			wantRefused(t, d, err, guard.ReasonPluginFailure)
			h.checkNothingPartial(before, h.snap(sess), guard.ReasonPluginFailure)
			early := h.restarts(sdk.KindExtractor) - restarts
			if early > 1 {
				t.Fatalf("extractor restarted %d times by the first compaction, want at most 1", early)
			}

			// Restarted, and failing again on the same span.
			time.Sleep(backoffWait)
			before = h.snap(sess)
			d, err = compact()
			wantRefused(t, d, err, guard.ReasonPluginFailure)
			h.checkNothingPartial(before, h.snap(sess), guard.ReasonPluginFailure)

			h.set(sdk.KindExtractor, "")
			time.Sleep(2 * backoffWait)
			d, err = compact()
			wantAllowed(t, d, err)
			if len(d.Items) != 2 {
				t.Errorf("decided on %d items, want 2 (s1's and s3's, re-extracted)", len(d.Items))
			}
			h.wantRestarts(sdk.KindExtractor, restarts, 2+early, mode == "hang")
		})
	}
}

// TestExtractorOutput: an extractor that answers an error, invalid items,
// enormous or noisy output. Spans are appended while the fault is on (so
// nothing is cached) and compacted while it is still on, then again after
// it clears. Invalid output refuses; output the host can take in (100,000
// items, a 60 MiB message, noise on stdout after the handshake) is decided
// normally; a message above the 64 MiB limit fails closed without harming
// the host.
func TestExtractorOutput(t *testing.T) {
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindExtractor: "10s", sdk.KindScorer: "10s"}})
	long := "do not " + strings.Repeat("touch the legacy_orders table ", 20)
	cases := []struct {
		mode   string
		reason string // "" when the fault is harmless: decided normally
		items  int    // with reason "": at least this many items in the decision
	}{
		{"error", guard.ReasonPluginFailure, 0},
		{"oversize", guard.ReasonPluginFailure, 0},
		{"bad-range", guard.ReasonInvalidPluginOutput, 0},
		{"foreign", guard.ReasonInvalidPluginOutput, 0},
		{"nocategory", guard.ReasonInvalidPluginOutput, 0},
		// 100,000 items cross the plugin boundary and the guard; they are
		// copies of one rule ("do not"), which the guard keeps once.
		{"many", "", 2},
		{"big", "", 2},
		{"noise", "", 2},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			h.t = t
			ctx := context.Background()
			sess := h.session()
			h.set(sdk.KindExtractor, c.mode)
			if c.mode == "noise" {
				h.set(sdk.KindScorer, "noise")
			}
			s3 := sdk.Span{ID: "s3", Kind: "user", Text: long}
			if _, err := h.rt.Guard.Append(ctx, tenant, sess, []sdk.Span{s3}); err != nil {
				t.Fatalf("append: %v", err)
			}
			req := faithful("s1", "s2", "s3")
			req.Summary += " " + long
			before := h.snap(sess)
			d, err := h.rt.Guard.Compact(ctx, tenant, sess, req)
			if c.reason == "" {
				wantAllowed(t, d, err)
				if len(d.Items) < c.items {
					t.Errorf("decided on %d items, want at least %d", len(d.Items), c.items)
				}
				if n := h.restarts(sdk.KindExtractor) + h.restarts(sdk.KindScorer); n != 0 {
					t.Errorf("%d restarts for a harmless fault", n)
				}
				h.set(sdk.KindExtractor, "")
				h.set(sdk.KindScorer, "")
				return
			}
			wantRefused(t, d, err, c.reason)
			if d.Plugin != "extractor.faulty" {
				t.Errorf("decision names plugin %q, want extractor.faulty", d.Plugin)
			}
			h.checkNothingPartial(before, h.snap(sess), c.reason)

			h.set(sdk.KindExtractor, "")
			d, err = h.rt.Guard.Compact(ctx, tenant, sess, req)
			wantAllowed(t, d, err)
		})
	}
}

// TestNoiseFlood: a plugin that writes one line longer than 64 KiB
// straight to its stdout after the handshake. go-plugin's stdout scanner
// gives up on the line and stops draining the pipe, so the plugin's write
// blocks and the call hangs: the host must fail closed at the call
// timeout, kill and restart the plugin, and recover.
func TestNoiseFlood(t *testing.T) {
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindExtractor: "500ms"}})
	ctx := context.Background()
	sess := h.session()
	h.set(sdk.KindExtractor, "flood")
	s3 := sdk.Span{ID: "s3", Kind: "user", Text: "do not deploy on Friday"}
	if _, err := h.rt.Guard.Append(ctx, tenant, sess, []sdk.Span{s3}); err != nil {
		t.Fatalf("append: %v", err)
	}
	req := faithful("s1", "s2", "s3")
	req.Summary += " " + s3.Text
	before := h.snap(sess)
	d, err := h.rt.Guard.Compact(ctx, tenant, sess, req)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case isYes(d.Allowed) && d.Reason == guard.ReasonAnchoredScorePassed:
		// go-plugin drained the flood after all: decided normally.
		t.Logf("the flood was tolerated: %s", d.Reason)
		return
	default:
		wantRefused(t, d, nil, guard.ReasonPluginFailure)
		h.checkNothingPartial(before, h.snap(sess), guard.ReasonPluginFailure)
	}
	h.set(sdk.KindExtractor, "")
	time.Sleep(2 * backoffWait)
	d, err = h.rt.Guard.Compact(ctx, tenant, sess, req)
	wantAllowed(t, d, err)
}

// TestStartTimeout: a plugin slower to start than its start_timeout makes
// runtime.Open fail with an error naming the plugin, and leaves no
// process behind; one that starts just inside it works.
func TestStartTimeout(t *testing.T) {
	cases := []struct {
		name, delay, startTimeout string
		ok                        bool
	}{
		{"exceeded", "1500ms", "500ms", false},
		{"just-under", "500ms", "1500ms", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path, _ := writeConfig(t, setup{startTimeout: c.startTimeout, startDelay: map[sdk.Kind]string{sdk.KindExtractor: c.delay}})
			rt, err := runtime.Open(context.Background(), path, runtime.Options{Store: ledger.NewMemory(), Logger: quiet()})
			if c.ok {
				if err != nil {
					t.Fatalf("runtime.Open: %v", err)
				}
				rt.Close()
				return
			}
			if err == nil {
				rt.Close()
				t.Fatal("runtime.Open succeeded with a plugin slower than its start_timeout")
			}
			if !errors.Is(err, plugins.ErrStart) {
				t.Errorf("error %q is not plugins.ErrStart", err)
			}
			msg := err.Error()
			for _, want := range []string{"extractor", "faulty", "timeout"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not mention %q", msg, want)
				}
			}
		})
	}
}

// TestPolicyFaults: a policy plugin that fails on PhaseSignal leaves the
// phase as it was (the signal is not accepted: plugin_failure or
// invalid_plugin_output); one that fails on ProposePolicy leaves the
// active policy as it was. Both recover after the fault clears.
func TestPolicyFaults(t *testing.T) {
	h := open(t, setup{timeout: map[sdk.Kind]string{sdk.KindPolicy: "500ms"}})
	signalCases := []struct {
		mode, reason string
		restart      bool
	}{
		{"crash-signal", guard.ReasonPluginFailure, true},
		{"hang-signal", guard.ReasonPluginFailure, true},
		{"nan-signal", guard.ReasonInvalidPluginOutput, false},
	}
	for _, c := range signalCases {
		t.Run(c.mode, func(t *testing.T) {
			h.t = t
			ctx := context.Background()
			sess := h.session()
			before := h.snap(sess)
			h.set(sdk.KindPolicy, c.mode)
			d, err := h.rt.Guard.PhaseSignal(ctx, tenant, sess, "")
			wantNotAccepted(t, d, err, guard.TypePhaseSignal, c.reason)
			if d.PhaseChanged != nil && *d.PhaseChanged {
				t.Error("a failed signal changed the phase")
			}
			h.checkNothingPartial(before, h.snap(sess), c.reason)

			h.set(sdk.KindPolicy, "")
			if c.restart {
				time.Sleep(backoffWait)
			}
			d, err = h.rt.Guard.PhaseSignal(ctx, tenant, sess, "")
			if err != nil || !isYes(d.Accepted) || d.Reason != guard.ReasonFrozen || d.Phase != "synthesis" {
				t.Fatalf("after recovery: %+v, %v; want the signal frozen and the phase synthesis", d, err)
			}
		})
	}

	proposeCases := []struct {
		mode, reason string
		restart      bool
	}{
		{"crash-propose", guard.ReasonPluginFailure, true},
		{"hang-propose", guard.ReasonPluginFailure, true},
		{"empty-propose", guard.ReasonInvalidPluginOutput, false},
		{"garbage-propose", guard.ReasonInvalidPolicy, false},
	}
	for _, c := range proposeCases {
		t.Run(c.mode, func(t *testing.T) {
			h.t = t
			ctx := context.Background()
			sess := h.session()
			if d, err := h.rt.Guard.PhaseSignal(ctx, tenant, sess, ""); err != nil || !isYes(d.Accepted) {
				t.Fatalf("phase signal: %+v, %v", d, err)
			}
			before := h.snap(sess)
			h.set(sdk.KindPolicy, c.mode)
			d, err := h.rt.Guard.EditPolicy(ctx, tenant, sess, guard.EditRequest{Signal: "latest"})
			wantNotAccepted(t, d, err, guard.TypePolicyEdit, c.reason)
			if d.ActivePolicy != "explore@1" {
				t.Errorf("active policy %q after a failed edit, want explore@1", d.ActivePolicy)
			}
			h.checkNothingPartial(before, h.snap(sess), c.reason)

			h.set(sdk.KindPolicy, "")
			if c.restart {
				time.Sleep(backoffWait)
			}
			d, err = h.rt.Guard.EditPolicy(ctx, tenant, sess, guard.EditRequest{Signal: "latest"})
			if err != nil || !isYes(d.Accepted) || d.Reason != guard.ReasonBoundVerified || d.ActivePolicy != "synthesize@2" {
				t.Fatalf("after recovery: %+v, %v; want synthesize accepted on its bound", d, err)
			}
		})
	}
}
