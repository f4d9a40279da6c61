package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRegenerationIsByteIdentical fails when session.jsonl was edited by
// hand or the generator changed without regenerating it.
func TestRegenerationIsByteIdentical(t *testing.T) {
	s, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join("..", "session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.jsonl, committed) {
		t.Fatal("session.jsonl differs from the generator's output; run: go run ./examples/synthesis-overflow/gen -out examples/synthesis-overflow")
	}
	again, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.jsonl, again.jsonl) {
		t.Fatal("two runs of the generator differ")
	}
}

// TestEveryLineParses checks each line is one event of DESIGN.md's
// "Session JSONL" with the fields its type needs.
func TestEveryLineParses(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	ids := map[string]bool{}
	signals := 0
	for n := 1; sc.Scan(); n++ {
		var e event
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		switch e.Type {
		case "span":
			if e.ID == "" || e.Kind == "" || ids[e.ID] {
				t.Fatalf("line %d: span needs a fresh id and a kind: %+v", n, e)
			}
			ids[e.ID] = true
		case "phase_signal":
			signals++
		case "policy_edit":
			if (e.Policy == "") == (e.PolicyHCL == "") || e.Signal == "" {
				t.Fatalf("line %d: policy_edit needs one of policy or policy_hcl, and a signal", n)
			}
			if k, err := strconv.Atoi(e.Signal); e.Signal != "latest" && (err != nil || k < 1 || k > signals) {
				t.Fatalf("line %d: signal %q is neither \"latest\" nor the ordinal of an earlier phase_signal", n, e.Signal)
			}
		case "budget":
			if e.Tokens <= 0 || e.Authority == "" || e.Credential == "" {
				t.Fatalf("line %d: budget needs tokens, authority, credential", n)
			}
		case "compaction":
			for _, id := range e.Covers {
				if !ids[id] {
					t.Fatalf("line %d: compaction covers unknown span %q", n, id)
				}
			}
		default:
			t.Fatalf("line %d: unknown event type %q", n, e.Type)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if signals != 7 {
		t.Errorf("phase signals = %d, want 7", signals)
	}
}

// TestFigures pins the figures the README states and the classifier's
// verdict at every phase signal.
func TestFigures(t *testing.T) {
	s, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	if s.turns < 130 || s.turns > 150 {
		t.Errorf("turns = %d, want about 140", s.turns)
	}
	var synthPoint *checkpoint
	budget := 48000
	active := "explore"
	for i := range s.checkpoints {
		c := &s.checkpoints[i]
		if strings.HasPrefix(c.Expected, "budget_changed") {
			budget = 64000
		}
		// The active policy never exceeds the budget on any checkpoint's view
		// (explore's figure ignores its age conditions: an upper bound).
		if w := c.Worst[active]; w > budget {
			t.Errorf("line %d: active policy %s worst case %d > budget %d", c.Line, active, w, budget)
		}
		if c.Event.Type == "policy_edit" && strings.HasPrefix(c.Expected, "bound_verified") {
			active = c.Event.Policy
			if w := c.Worst[active]; w > budget {
				t.Errorf("line %d: %s expected bound_verified but worst case %d > %d", c.Line, active, w, budget)
			}
		}
		if c.Event.Type == "policy_edit" && strings.HasPrefix(c.Expected, "over_budget") {
			name := c.Event.Policy
			if name == "" {
				name = strings.Trim(strings.Fields(c.Event.PolicyHCL)[1], `"`)
			}
			if w := c.Worst[name]; w <= budget {
				t.Errorf("line %d: %s expected over_budget but worst case %d <= %d", c.Line, name, w, budget)
			}
		}
		if c.Event.Type == "phase_signal" && synthPoint == nil && c.Scores.Top() == "synthesis" {
			synthPoint = c
		}
	}
	if synthPoint == nil {
		t.Fatal("no phase signal says synthesis")
	}
	tests := []struct {
		name    string
		got     int
		lo, hi  int
		comment string
	}{
		{"synthesize worst case", synthPoint.Worst["synthesize"], 58000, 64000, "about 61k"},
		{"synthesize_more worst case", synthPoint.Worst["synthesize_more"], synthPoint.Worst["synthesize"] + 1, 1 << 30, "larger than synthesize"},
		{"explore worst case (upper bound)", synthPoint.Worst["explore"], 0, 48000, "within the budget"},
	}
	for _, tt := range tests {
		if tt.got < tt.lo || tt.got > tt.hi {
			t.Errorf("%s = %d, want in [%d, %d] (%s)", tt.name, tt.got, tt.lo, tt.hi, tt.comment)
		}
	}
	for _, f := range synthPoint.Figures["synthesize"] {
		if f.Counts >= f.Cap {
			t.Errorf("synthesize category %s = %d reaches its cap %d; each must stay under it", f.Name, f.Counts, f.Cap)
		}
	}
	if synthPoint.Scores.Synthesis <= 0.7 {
		t.Errorf("synthesis score at the synthesis point = %.3f, want > 0.7", synthPoint.Scores.Synthesis)
	}
}

// TestPhaseSignals checks every phase signal scores as the README says:
// each intended phase clears its enter_above with the previous phase below
// its exit_below, and the signal on compaction output points elsewhere.
func TestPhaseSignals(t *testing.T) {
	s, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		phase string
		min   float64
	}{
		{"exploration", 0.6}, {"synthesis", 0.7}, {"synthesis", 0.7}, {"verification", 0.6},
		{"synthesis", 0.7}, // on compaction output: would flip back; the host refuses
		{"repair", 0.6}, {"verification", 0.6},
	}
	exitBelow := map[string]float64{"exploration": 0.4, "synthesis": 0.5, "verification": 0.4, "repair": 0.4}
	i, prev := 0, ""
	for _, c := range s.checkpoints {
		if c.Event.Type != "phase_signal" {
			continue
		}
		if i >= len(want) {
			t.Fatalf("more phase signals than expected")
		}
		got, _ := c.Scores.Get(want[i].phase)
		if c.Scores.Top() != want[i].phase || got <= want[i].min {
			t.Errorf("signal %d (line %d): scores %+v, want %s above %.1f", i+1, c.Line, c.Scores, want[i].phase, want[i].min)
		}
		if p, _ := c.Scores.Get(prev); prev != "" && prev != want[i].phase && p >= exitBelow[prev] {
			t.Errorf("signal %d (line %d): previous phase %s scores %.3f, want below its exit_below %.1f", i+1, c.Line, prev, p, exitBelow[prev])
		}
		if i != 4 { // the signal on compaction output does not change the phase
			prev = want[i].phase
		}
		i++
	}
}
