package sdktest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
)

// explain adds to a failed call's error what the plugin should change.
func explain(err error, timeout time.Duration) string {
	msg := err.Error()
	switch {
	case errors.Is(err, errTimeout):
		return fmt.Sprintf("%s; the plugin did not answer within %s: answer faster, or honour the call's context (its deadline is the host's timeout) and return an error when it passes", msg, timeout)
	case status.Code(err) == codes.ResourceExhausted:
		return fmt.Sprintf("%s; the message is above the plugin's gRPC size limit: set the server's max receive and send message sizes to %d bytes (sdk.MaxMessageBytes; sdk.Serve does)", msg, sdk.MaxMessageBytes)
	case errors.Is(err, errUnavailable):
		return fmt.Sprintf("%s; the plugin process died or closed its connection: check its stderr for a crash", msg)
	}
	return msg + "; a well-formed request must not fail: report inputs the plugin cannot judge as diagnostics"
}

func unit(x float64) bool { return !math.IsNaN(x) && x >= 0 && x <= 1 }

// scoreRun is the answer to one scoreCase.
type scoreRun struct {
	c    scoreCase
	resp *sdk.ScoreResponse
	err  error
}

func (k *kit) scorerChecks(ctx context.Context, s sdk.Scorer) {
	var runs []scoreRun
	var callFail string
	for _, c := range scoreCases() {
		resp, err := s.Score(ctx, c.req)
		if err == nil && resp == nil {
			resp = &sdk.ScoreResponse{}
		}
		runs = append(runs, scoreRun{c, resp, err})
		if err != nil {
			// One failed call is enough to judge; a hung plugin would
			// otherwise cost a timeout per case.
			callFail = fmt.Sprintf("Score (%s) failed: %s", c.name, explain(err, k.cfg.Timeout))
			break
		}
	}
	k.timed(CheckDeterminism, func() {
		c := scoreCases()[0]
		a, err := s.Score(ctx, c.req)
		if err != nil {
			k.fail(CheckDeterminism, "Score failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		b, err := s.Score(ctx, c.req)
		if err != nil {
			k.fail(CheckDeterminism, "Score failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		// Usage is what an answer cost (a cache hit costs nothing), not
		// part of the answer.
		a.Usage, b.Usage = nil, nil
		if !reflect.DeepEqual(a, b) {
			k.fail(CheckDeterminism, "the same Score request got two answers (score %v then %v); a scorer must be a function of its request: no randomness, no state carried between calls", a.Score, b.Score)
			return
		}
		sa, errA := s.SelfScore(ctx, &sdk.SelfScoreRequest{Candidate: faithful})
		sb, errB := s.SelfScore(ctx, &sdk.SelfScoreRequest{Candidate: faithful})
		if err := errors.Join(errA, errB); err != nil {
			k.fail(CheckDeterminism, "SelfScore failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		if !reflect.DeepEqual(sa, sb) {
			k.fail(CheckDeterminism, "the same SelfScore request got two answers (%v then %v); a scorer must be a function of its request", sa.Score, sb.Score)
			return
		}
		k.pass(CheckDeterminism, "Score and SelfScore answered the same request the same way twice")
	})
	k.timed(CheckScoreRange, func() {
		if callFail != "" {
			k.fail(CheckScoreRange, "%s", callFail)
			return
		}
		for _, r := range runs {
			if r.resp.Diagnostics.HasErrors() {
				k.fail(CheckScoreRange, "Score (%s) returned error diagnostics for a well-formed request: %v; the host fails closed on them, so keep them for inputs the plugin truly cannot judge", r.c.name, r.resp.Diagnostics.Err())
				return
			}
			if !unit(r.resp.Score) {
				k.fail(CheckScoreRange, "Score (%s) returned score %v; scores must be numbers in [0,1] (the host refuses with invalid_plugin_output otherwise): clamp, and never divide by a count that can be 0", r.c.name, r.resp.Score)
				return
			}
			for _, is := range r.resp.Items {
				if !unit(is.Score) {
					k.fail(CheckScoreRange, "Score (%s) gave item %d the score %v; item scores must be numbers in [0,1]", r.c.name, is.Index, is.Score)
					return
				}
			}
		}
		k.pass(CheckScoreRange, "%d requests (empty candidate, no items, 50 items, unicode, ...): every score in [0,1]", len(runs))
	})
	k.timed(CheckEvidence, func() {
		if callFail != "" {
			k.fail(CheckEvidence, "%s", callFail)
			return
		}
		rd, err := kitReader()
		if err != nil {
			k.fail(CheckEvidence, "the kit could not load the SDK's built-in lexicons to hold kept verdicts to the host floor: %v; this is a fault of the SDK build, not of the plugin", err)
			return
		}
		preserved, floored := 0, 0
		for _, r := range runs {
			cites := rd.NewCitations(r.c.req.Candidate)
			for _, is := range r.resp.Items {
				if !is.Preserved {
					continue
				}
				preserved++
				if is.Index < 0 || is.Index >= len(r.c.req.Items) {
					continue // CheckItemIndexes reports it
				}
				// The host's own rule, called rather than copied, so a
				// verdict the kit passes is one the host keeps.
				err := cites.Cite(is.Index, is.Evidence, r.c.req.Items[is.Index], func() *frame.Doc { return rd.ReadIn(is.Evidence, r.c.req.Candidate) })
				switch {
				case errors.Is(err, sdk.ErrNoEvidence):
					k.fail(CheckEvidence, "Score (%s) called item %d preserved but cited no evidence; set ItemScore.Evidence to the text copied from the candidate that keeps the item (the host counts it as lost otherwise)", r.c.name, is.Index)
					return
				case errors.Is(err, sdk.ErrEvidenceNotInCandidate):
					k.fail(CheckEvidence, "Score (%s) called item %d preserved with evidence %q, which is not in the candidate (case and whitespace folded); copy the evidence from the candidate, not from the item or the originals", r.c.name, is.Index, clip(is.Evidence))
					return
				case errors.Is(err, frame.ErrQuoteTaken):
					k.fail(CheckEvidence, "Score (%s) called item %d preserved with evidence %q, which shares no term with the item and already backs another item of the same answer; a quote in another language with no value of the item may stand for one item only (frame.Citations)", r.c.name, is.Index, clip(is.Evidence))
					return
				case err != nil:
					k.fail(CheckEvidence, "Score (%s) called item %d preserved with evidence %q, which shares no term with the item (%v); cite the part of the candidate that keeps this item, holding at least one of its key terms or words (sdk.Cites; the host counts it as lost otherwise)", r.c.name, is.Index, clip(is.Evidence), err)
					return
				}
				if r.c.req.Items[is.Index].Frame != nil {
					floored++
				}
				if note := floorMiss(rd, r.c.req, is); note != "" {
					k.fail(CheckEvidence, "Score (%s) called item %d preserved with evidence %q, which does not state the item's frame: %s; cite the one clause of the candidate (or a heading and its line) that holds the item's values and names and, for a rule, its restriction: the host's floor (frame.Reader.Cites) counts the item altered otherwise", r.c.name, is.Index, clip(is.Evidence), note)
					return
				}
			}
		}
		k.pass(CheckEvidence, "%d items called preserved, each with evidence found in its candidate and sharing a term with its item; the %d with a frame each cite a clause that states it (the host floor)", preserved, floored)
	})
	k.timed(CheckItemIndexes, func() {
		if callFail != "" {
			k.fail(CheckItemIndexes, "%s", callFail)
			return
		}
		for _, r := range runs {
			n := len(r.c.req.Items)
			seen := make([]bool, n)
			for _, is := range r.resp.Items {
				if is.Index < 0 || is.Index >= n {
					k.fail(CheckItemIndexes, "Score (%s) gave a verdict for item %d of %d; ItemScore.Index is the item's position in ScoreRequest.Items", r.c.name, is.Index, n)
					return
				}
				if seen[is.Index] {
					k.fail(CheckItemIndexes, "Score (%s) gave two verdicts for item %d; give exactly one per item", r.c.name, is.Index)
					return
				}
				seen[is.Index] = true
			}
			if i := slices.Index(seen, false); i >= 0 {
				k.fail(CheckItemIndexes, "Score (%s) gave no verdict for item %d of %d; answer one ItemScore per item (the host counts a missing one as lost and caps the score)", r.c.name, i, n)
				return
			}
		}
		k.pass(CheckItemIndexes, "one verdict per item, every index valid")
	})
	k.timed(CheckSelfScore, func() {
		for _, cand := range []string{"", faithful, "Worked on the migration.", "東京リージョンのみ使用する。🚫"} {
			resp, err := s.SelfScore(ctx, &sdk.SelfScoreRequest{Candidate: cand})
			if err != nil {
				k.fail(CheckSelfScore, "SelfScore failed: %s", explain(err, k.cfg.Timeout))
				return
			}
			if resp.Diagnostics.HasErrors() {
				k.fail(CheckSelfScore, "SelfScore returned error diagnostics for a well-formed request: %v", resp.Diagnostics.Err())
				return
			}
			if !unit(resp.Score) {
				k.fail(CheckSelfScore, "SelfScore of %q returned %v; it must be a number in [0,1]", clip(cand), resp.Score)
				return
			}
		}
		k.pass(CheckSelfScore, "SelfScore in [0,1] for an empty, a plain and a unicode candidate")
	})
	k.timed(CheckTimeout, func() {
		k.within(ctx, CheckTimeout, "Score", func(ctx context.Context) error {
			_, err := s.Score(ctx, scoreCases()[0].req)
			return err
		})
	})
	k.timed(CheckLargeInput, func() {
		cand := largeCandidate(largeCandidateBytes)
		many, spans, _ := manyItems(50)
		req := &sdk.ScoreRequest{Candidate: cand, Items: append(items(), many...), Originals: append(append(originals(), spans...), largeOriginals(largeOriginalsBytes)...)}
		what := fmt.Sprintf("Score of a %d KiB candidate against %d MiB of originals (%d items)", len(cand)>>10, largeOriginalsBytes>>20, len(req.Items))
		start := time.Now()
		resp, err := s.Score(ctx, req)
		took := time.Since(start)
		if err != nil {
			k.fail(CheckLargeInput, "%s failed after %s (allowed: %s, the per-call timeout): %s", what, took.Round(time.Millisecond), k.cfg.Timeout, explain(err, k.cfg.Timeout))
			return
		}
		if !unit(resp.Score) {
			k.fail(CheckLargeInput, "%s returned %v, not a number in [0,1]", what, resp.Score)
			return
		}
		k.pass(CheckLargeInput, "%s answered in %s (allowed: %s, the per-call timeout)", what, took.Round(time.Millisecond), k.cfg.Timeout)
	})
}

func (k *kit) extractorChecks(ctx context.Context, x sdk.Extractor) {
	k.timed(CheckDeterminism, func() {
		a, errA := x.Extract(ctx, &sdk.ExtractRequest{Spans: extractBatch()})
		b, errB := x.Extract(ctx, &sdk.ExtractRequest{Spans: extractBatch()})
		if err := errors.Join(errA, errB); err != nil {
			k.fail(CheckDeterminism, "Extract failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		if !reflect.DeepEqual(a, b) {
			k.fail(CheckDeterminism, "the same Extract request got two answers (%d items then %d); an extractor must be a function of its batch, in a stable order", len(a.Items), len(b.Items))
			return
		}
		k.pass(CheckDeterminism, "Extract answered the same batch the same way twice")
	})
	k.timed(CheckExtractSpans, func() {
		batch := extractBatch()
		resp, err := x.Extract(ctx, &sdk.ExtractRequest{Spans: batch})
		if err != nil {
			k.fail(CheckExtractSpans, "Extract failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		if msg := checkItems(batch, resp); msg != "" {
			k.fail(CheckExtractSpans, "%s", msg)
			return
		}
		if _, err := x.Extract(ctx, &sdk.ExtractRequest{}); err != nil {
			k.fail(CheckExtractSpans, "Extract of an empty batch failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		framed := 0
		for _, it := range resp.Items {
			if it.Frame != nil {
				framed++
			}
		}
		k.pass(CheckExtractSpans, "%d items, each citing a span of the batch with a valid byte range and a category; %d with a frame, each well formed", len(resp.Items), framed)
	})
	k.timed(CheckTimeout, func() {
		k.within(ctx, CheckTimeout, "Extract", func(ctx context.Context) error {
			_, err := x.Extract(ctx, &sdk.ExtractRequest{Spans: extractBatch()})
			return err
		})
	})
	k.timed(CheckLargeInput, func() {
		calls := []struct {
			what  string
			batch []sdk.Span
		}{
			{fmt.Sprintf("a chunk of %d spans (the most the host sends in one call)", largeBatchSpans), largeBatch(largeBatchSpans)},
			{fmt.Sprintf("one span of %d MiB (a long tool output, which the host sends alone)", largeSpanBytes>>20), []sdk.Span{largeSpan(largeSpanBytes)}},
		}
		var done []string
		for _, c := range calls {
			start := time.Now()
			resp, err := x.Extract(ctx, &sdk.ExtractRequest{Spans: c.batch})
			took := time.Since(start)
			if err != nil {
				k.fail(CheckLargeInput, "Extract of %s failed after %s (allowed: %s, the per-call timeout): %s", c.what, took.Round(time.Millisecond), k.cfg.Timeout, explain(err, k.cfg.Timeout))
				return
			}
			if msg := checkItems(c.batch, resp); msg != "" {
				k.fail(CheckLargeInput, "on %s: %s", c.what, msg)
				return
			}
			done = append(done, fmt.Sprintf("%s in %s", c.what, took.Round(time.Millisecond)))
		}
		k.pass(CheckLargeInput, "extracted %s (allowed: %s each, the per-call timeout)", strings.Join(done, "; "), k.cfg.Timeout)
	})
}

// checkItems says what is wrong with an extractor's answer, or "".
func checkItems(batch []sdk.Span, resp *sdk.ExtractResponse) string {
	if resp.Diagnostics.HasErrors() {
		return fmt.Sprintf("Extract returned error diagnostics for a well-formed batch: %v; the host fails closed on them", resp.Diagnostics.Err())
	}
	texts := make(map[string]string, len(batch))
	for _, s := range batch {
		texts[s.ID] = s.Text
	}
	for i, it := range resp.Items {
		text, ok := texts[it.Span]
		switch {
		case strings.TrimSpace(it.Category) == "":
			return fmt.Sprintf("item %d (%q) has no category; name one (prohibition, numeric_commitment, entity, failed_attempt or your own)", i, clip(it.Text))
		case !ok:
			return fmt.Sprintf("item %d cites span %q, which is not in the batch; Item.Span must be the id of the span the evidence is in", i, it.Span)
		case it.Start < 0 || it.End < it.Start || it.End > len(text):
			return fmt.Sprintf("item %d cites bytes [%d,%d) of span %q, which is %d bytes long; Start and End are byte offsets into the span's text, End exclusive", i, it.Start, it.End, it.Span, len(text))
		case !utf8.ValidString(text[it.Start:it.End]):
			return fmt.Sprintf("item %d cites bytes [%d,%d) of span %q, which cut a UTF-8 character; offsets are in bytes, not characters (Python: use len(text[:i].encode()))", i, it.Start, it.End, it.Span)
		}
	}
	return checkFrames(resp.Items)
}

func (k *kit) policyChecks(ctx context.Context, p sdk.Policy) {
	k.timed(CheckDeterminism, func() {
		a, errA := p.PhaseSignal(ctx, phaseRequest(originals()))
		b, errB := p.PhaseSignal(ctx, phaseRequest(originals()))
		pa, errC := p.ProposePolicy(ctx, proposeRequest())
		pb, errD := p.ProposePolicy(ctx, proposeRequest())
		if err := errors.Join(errA, errB, errC, errD); err != nil {
			k.fail(CheckDeterminism, "a call failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		if !reflect.DeepEqual(a, b) {
			k.fail(CheckDeterminism, "the same PhaseSignal request got two answers (%v then %v); the host freezes a signal per context version, so it must be a function of the view", a.Scores, b.Scores)
			return
		}
		if !reflect.DeepEqual(pa, pb) {
			k.fail(CheckDeterminism, "the same ProposePolicy request got two answers (%q then %q)", pa.PolicyName+clip(pa.PolicyHCL), pb.PolicyName+clip(pb.PolicyHCL))
			return
		}
		k.pass(CheckDeterminism, "PhaseSignal and ProposePolicy answered the same request the same way twice")
	})
	k.timed(CheckPhaseSignal, func() {
		for _, view := range [][]sdk.Span{originals(), nil, extractBatch()} {
			req := phaseRequest(view)
			resp, err := p.PhaseSignal(ctx, req)
			if err != nil {
				k.fail(CheckPhaseSignal, "PhaseSignal on a view of %d spans failed: %s", len(view), explain(err, k.cfg.Timeout))
				return
			}
			if msg := checkPhaseScores(req, resp); msg != "" {
				k.fail(CheckPhaseSignal, "PhaseSignal on a view of %d spans: %s", len(view), msg)
				return
			}
		}
		k.pass(CheckPhaseSignal, "a score in [0,1] for every requested phase, on an empty and two small views")
	})
	k.timed(CheckProposePolicy, func() {
		req := proposeRequest()
		resp, err := p.ProposePolicy(ctx, req)
		if err != nil {
			k.fail(CheckProposePolicy, "ProposePolicy failed: %s", explain(err, k.cfg.Timeout))
			return
		}
		if resp.Diagnostics.HasErrors() {
			k.fail(CheckProposePolicy, "ProposePolicy returned error diagnostics for a well-formed request: %v", resp.Diagnostics.Err())
			return
		}
		switch {
		case resp.PolicyHCL != "":
			if err := k.cfg.ParsePolicy([]byte(resp.PolicyHCL), "proposal.hcl"); err != nil {
				k.fail(CheckProposePolicy, "ProposePolicy returned HCL the host cannot parse: %s; send one `policy \"NAME\" { ... }` block as policies.hcl writes it", err)
				return
			}
			k.pass(CheckProposePolicy, "proposed a policy block the host parses")
		case resp.PolicyName != "":
			if !slices.Contains(req.Policies, resp.PolicyName) {
				k.fail(CheckProposePolicy, "ProposePolicy named policy %q, which is not one of the request's policies %v; name a configured policy or send HCL", resp.PolicyName, req.Policies)
				return
			}
			k.pass(CheckProposePolicy, "proposed configured policy %q", resp.PolicyName)
		default:
			k.fail(CheckProposePolicy, "ProposePolicy returned neither a policy name nor HCL; set PolicyName to one of the request's Policies, or PolicyHCL")
		}
	})
	k.timed(CheckTimeout, func() {
		k.within(ctx, CheckTimeout, "PhaseSignal", func(ctx context.Context) error {
			_, err := p.PhaseSignal(ctx, phaseRequest(originals()))
			return err
		})
	})
	k.timed(CheckLargeInput, func() {
		view := largeBatch(largeViewSpans)
		req := phaseRequest(view)
		start := time.Now()
		resp, err := p.PhaseSignal(ctx, req)
		took := time.Since(start)
		if err != nil {
			k.fail(CheckLargeInput, "PhaseSignal on a view of %d spans failed after %s (allowed: %s, the per-call timeout): %s", len(view), took.Round(time.Millisecond), k.cfg.Timeout, explain(err, k.cfg.Timeout))
			return
		}
		if msg := checkPhaseScores(req, resp); msg != "" {
			k.fail(CheckLargeInput, "PhaseSignal on a view of %d spans: %s", len(view), msg)
			return
		}
		k.pass(CheckLargeInput, "a phase signal on a view of %d spans in %s (allowed: %s, the per-call timeout)", len(view), took.Round(time.Millisecond), k.cfg.Timeout)
	})
}

// checkPhaseScores says what is wrong with a phase signal, or "".
func checkPhaseScores(req *sdk.PhaseSignalRequest, resp *sdk.PhaseSignalResponse) string {
	if resp.Diagnostics.HasErrors() {
		return fmt.Sprintf("error diagnostics for a well-formed request: %v", resp.Diagnostics.Err())
	}
	for _, ph := range req.Phases {
		s, ok := resp.Scores[ph.Name]
		if !ok {
			return fmt.Sprintf("no score for phase %q; score every phase of the request (a phase without a score can never be entered)", ph.Name)
		}
		if !unit(s) {
			return fmt.Sprintf("phase %q scored %v; phase scores must be numbers in [0,1]", ph.Name, s)
		}
	}
	return ""
}

// within checks that one typical call is answered within the per-call
// timeout, as the host applies it.
func (k *kit) within(ctx context.Context, name, op string, call func(ctx context.Context) error) {
	start := time.Now()
	err := call(ctx)
	took := time.Since(start)
	switch {
	case errors.Is(err, errTimeout):
		k.fail(name, "%s did not answer within the %s timeout: %s", op, k.cfg.Timeout, explain(err, k.cfg.Timeout))
	case err != nil:
		k.fail(name, "%s failed: %s", op, explain(err, k.cfg.Timeout))
	case took > k.cfg.Timeout+time.Second:
		k.fail(name, "%s took %s, past the %s timeout", op, took.Round(time.Millisecond), k.cfg.Timeout)
	default:
		k.pass(name, "%s answered in %s (timeout %s)", op, took.Round(10*time.Microsecond), k.cfg.Timeout)
	}
}

// checkShutdown closes the plugin and checks every process the kit
// started exited when asked to, before go-plugin resorted to killing it.
func (k *kit) checkShutdown(c *conn) {
	pids := slices.Clone(c.pids)
	start := time.Now()
	c.close()
	took := time.Since(start)
	for _, pid := range pids {
		if alive(pid) {
			k.fail(CheckShutdown, "process %d is still running after the host closed the plugin; exit when GRPCController.Shutdown is called", pid)
			return
		}
	}
	if took >= gracefulExit {
		k.fail(CheckShutdown, "the plugin took %s to exit: it ignored go-plugin's GRPCController.Shutdown and was killed; serve that service and exit the process when it is called", took.Round(time.Millisecond))
		return
	}
	k.pass(CheckShutdown, "exited %s after the host closed it", took.Round(time.Millisecond))
}

// clip shortens s for a message.
func clip(s string) string {
	const n = 80
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
