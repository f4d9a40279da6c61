package session

import (
	"strings"
	"testing"
)

// TestParseSuggestsTheFieldMeant: an unknown field near a field of the
// format is reported with that field as a hint, naming the line; one near
// none gets no hint.
func TestParseSuggestsTheFieldMeant(t *testing.T) {
	cases := []struct{ line, want string }{
		{`{"type":"compaction","covers":["s1"],"sumary":"x"}`, `s.jsonl:1: sumary: unknown field; did you mean "summary"?`},
		{`{"type":"span","id":"a","knd":"user","text":"t"}`, `s.jsonl:1: knd: unknown field; did you mean "kind"?`},
		{`{"type":"span","id":"a","kind":"user","text":"t","zzzzzzzz":1}`, `s.jsonl:1: zzzzzzzz: unknown field`},
	}
	for _, tc := range cases {
		_, err := Parse(strings.NewReader(tc.line+"\n"), "s.jsonl")
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%s) = %v, want %q", tc.line, err, tc.want)
		}
	}
}
