package rules

import (
	"fmt"
	"os"
	"testing"
)

func TestZZCues(t *testing.T) {
	s := os.Getenv("TXT")
	if s == "" {
		t.Skip()
	}
	e := testEngine(t, Options{})
	for _, h := range e.cues.scan(s, nil) {
		st, ok := e.cueAt(s, h)
		fmt.Printf("cue %q at %d word-ok=%v restrict=%v\n", s[st:h.End], st, ok, e.restrictCue[h.Cue])
	}
}
