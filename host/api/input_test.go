package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCheckUTF8 names the field of the first string that is not UTF-8 or
// escapes half a surrogate pair, keys included, and lets everything else
// through: raw multibyte text, escaped pairs, an escaped backslash before
// "ud800".
func TestCheckUTF8(t *testing.T) {
	tests := []struct {
		name, body string
		field      string // "" with ok
		ok         bool
		what       string // in the message
	}{
		{"ascii", `{"spans":[{"id":"a","kind":"user","text":"t"}]}`, "", true, ""},
		{"raw multibyte", `{"summary":"déjà vu — 東京 😀"}`, "", true, ""},
		{"escaped pair", `{"summary":"\ud83d\ude00"}`, "", true, ""},
		{"escaped BMP", `{"summary":"\u00e9\uD7FF\uE000"}`, "", true, ""},
		{"escaped backslash before ud800", `{"summary":"\\ud800"}`, "", true, ""},
		{"invalid byte in text", "{\"spans\":[{\"id\":\"a\",\"kind\":\"user\",\"text\":\"ok\"},{\"id\":\"b\",\"kind\":\"user\",\"text\":\"x\xffy\"}]}", "spans[1].text", false, "byte 0xff"},
		{"invalid byte in an id", "{\"spans\":[{\"id\":\"\xc3\",\"kind\":\"user\",\"text\":\"t\"}]}", "spans[0].id", false, "byte 0xc3"},
		{"overlong slash", "{\"summary\":\"\xc0\xaf\"}", "summary", false, "byte 0xc0"},
		{"surrogate encoded as UTF-8", "{\"summary\":\"\xed\xa0\x80\"}", "summary", false, "byte 0xed"},
		{"lone high surrogate escape", `{"summary":"a\ud800b"}`, "summary", false, `\ud800`},
		{"lone low surrogate escape", `{"covers":["s1","\udc00"]}`, "covers[1]", false, `\udc00`},
		{"high then a non-surrogate escape", `{"summary":"\ud800\u0041"}`, "summary", false, `\ud800`},
		{"high surrogate at the end", `{"summary":"\uD83D"}`, "summary", false, `\ud83d`},
		{"meta value", "{\"spans\":[{\"id\":\"a\",\"kind\":\"user\",\"text\":\"t\",\"meta\":{\"path\":\"x\",\"tool\":\"\xfe\"}}]}", "spans[0].meta.tool", false, "byte 0xfe"},
		{"meta key", "{\"spans\":[{\"id\":\"a\",\"kind\":\"user\",\"text\":\"t\",\"meta\":{\"to\xffol\":\"x\"}}]}", "spans[0].meta", false, "byte 0xff"},
		{"after nested arrays and escaped quotes", "{\"originals\":[{\"id\":\"x\\\"]\",\"kind\":\"user\",\"text\":\"[]{},:\"},{\"id\":\"y\",\"kind\":\"user\",\"text\":\"\x80\"}]}", "originals[1].text", false, "byte 0x80"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkUTF8([]byte(tt.body))
			if tt.ok {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var he *httpError
			if !errors.As(err, &he) || he.status != 400 || he.body.Field != tt.field || !strings.Contains(he.body.Error, tt.what) {
				t.Fatalf("got %v (%+v), want 400 naming %q and saying %q", err, he, tt.field, tt.what)
			}
			if strings.Contains(tt.name, "key") != strings.HasPrefix(he.body.Error, "a key in ") {
				t.Errorf("message %q does not say whether a key is at fault", he.body.Error)
			}
		})
	}
}

// TestCheckRequestID pins the request_id limits: at most 128 bytes of
// ASCII letters, digits and -._~; empty means none.
func TestCheckRequestID(t *testing.T) {
	tests := []struct {
		id   string
		want string // in the error; "" when accepted
	}{
		{"", ""},
		{"r1", ""},
		{"0f8fad5b-d9cb-469f-a165-70867728950e", ""},
		{"01ARZ3NDEKTSV4RRFFQ69G5FAV", ""},
		{"a.b_c-d~e", ""},
		{strings.Repeat("k", 128), ""},
		{strings.Repeat("k", 129), "129 bytes long, at most 128"},
		{strings.Repeat("k", 10<<10), "10240 bytes long"},
		{"a\x00b", "byte 1 is 0x00"},
		{"a b", "byte 1 is ' '"},
		{"tenant:x", "byte 6 is ':'"},
		{"line\nbreak", "byte 4 is 0x0a"},
		{"é", "byte 0 is 0xc3"},
		{"../etc", "byte 2 is '/'"},
	}
	for _, tt := range tests {
		err := checkRequestID(tt.id)
		if tt.want == "" {
			if err != nil {
				t.Errorf("%q refused: %v", tt.id, err)
			}
			continue
		}
		var he *httpError
		if !errors.As(err, &he) || he.status != 400 || he.body.Field != "request_id" || !strings.Contains(he.body.Error, tt.want) {
			t.Errorf("%.20q: got %v, want 400 on request_id saying %q", tt.id, err, tt.want)
		}
	}
}

// FuzzCheckUTF8: whatever the document, the walk never panics, and when
// it lets a body through, decoding it replaced nothing: no decoded string
// (key or value) holds U+FFFD unless the body sent one.
func FuzzCheckUTF8(f *testing.F) {
	for _, s := range []string{`{"a":"b"}`, `{"a":["\ud800",{"b\u00e9":"\udc00"}]}`, "{\"a\":\"\xff\"}", `[[[[{"x":"\\"}]]]]`, `{"s":"\ud83d\ude00"}`} {
		f.Add([]byte(s))
	}
	// Deep nesting: the walk keeps its own stack and does not recurse.
	f.Add([]byte(strings.Repeat(`{"a":[`, 2000) + "\"\xff\"" + strings.Repeat("]}", 2000)))
	f.Fuzz(func(t *testing.T, body []byte) {
		var v any
		if json.Unmarshal(body, &v) != nil {
			return
		}
		if checkUTF8(body) != nil {
			return
		}
		if bytes.Contains(body, []byte("\uFFFD")) || bytes.Contains(bytes.ToLower(body), []byte(`\ufffd`)) {
			return // the body sent U+FFFD itself, raw or escaped
		}
		if s, ok := replaced(v); ok {
			t.Fatalf("accepted %q, but decoding replaced something in %q", body, s)
		}
	})
}

// replaced finds a decoded string holding U+FFFD.
func replaced(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, strings.ContainsRune(x, utf8.RuneError)
	case []any:
		for _, e := range x {
			if s, ok := replaced(e); ok {
				return s, true
			}
		}
	case map[string]any:
		for k, e := range x {
			if strings.ContainsRune(k, utf8.RuneError) {
				return k, true
			}
			if s, ok := replaced(e); ok {
				return s, true
			}
		}
	}
	return "", false
}
