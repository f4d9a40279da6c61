package ledger_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// The reference implementations below are the hash helpers as first
// written, with fmt: the hashed bytes are a contract (internal/invcheck
// re-implements them independently), so the fmt-free versions in
// ledger.go must produce the same hashes for every input.

func refContentHash(s sdk.Span) string {
	h := sha256.New()
	write := func(v string) {
		fmt.Fprintf(h, "%d:%s;", len(v), v)
	}
	write(s.ID)
	write(s.Kind)
	write(s.Text)
	keys := make([]string, 0, len(s.Meta))
	for k := range s.Meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(h, "meta%d;", len(keys))
	for _, k := range keys {
		write(k)
		write(s.Meta[k])
	}
	fmt.Fprintf(h, "covers%d;", len(s.Covers))
	for _, c := range s.Covers {
		write(c)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func refTextHash(kind, text string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s;%s", len(kind), kind, text)
	return hex.EncodeToString(h.Sum(nil))
}

func refSHA256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func refLP(s string) string { return fmt.Sprintf("%d:%s", len(s), s) }

func refGenesisHash(tenant, session string) string {
	return refSHA256Hex([]byte(fmt.Sprintf("compactguard/v1|%s|%s", refLP(tenant), refLP(session))))
}

func refRecordHash(prev string, seq int64, t time.Time, tokens int, contentHash string) string {
	return refSHA256Hex([]byte(fmt.Sprintf("record|%s|%d|%d|%d|%s", prev, seq, t.UnixNano(), tokens, contentHash)))
}

func refDecisionHash(prev string, seq int64, t time.Time, typ, requestID string, body []byte) string {
	return refSHA256Hex([]byte(fmt.Sprintf("decision|%s|%d|%d|%s|%s|%s", prev, seq, t.UnixNano(), refLP(typ), refLP(requestID), refSHA256Hex(body))))
}

func hashSpans() []sdk.Span {
	manyMeta := map[string]string{}
	for i := range 20 { // more keys than ContentHash keeps on its stack
		manyMeta["key-"+strconv.Itoa(i)] = strings.Repeat("v", i)
	}
	return []sdk.Span{
		{},
		{ID: "s1"},
		{ID: "s1", Kind: "user", Text: ""},
		{ID: "s1", Kind: "user", Text: "do not run DROP TABLE on legacy_orders"},
		{ID: "ü-1", Kind: "user", Text: "ne jamais dépasser 45 % — 日本語のテキスト 🙂"},
		{ID: "bad-utf8", Kind: "tool_result", Text: "\xff\xfe\x00;5:x;"},
		{ID: "s2", Kind: "tool_result", Text: "ok", Meta: map[string]string{"tool": "bash"}},
		{ID: "s3", Kind: "tool_result", Text: "ok", Meta: map[string]string{"tool": "bash", "exit": "0", "cwd": "/srv/app", "": "empty key", "empty": ""}},
		{ID: "s4", Kind: "tool_result", Text: "many", Meta: manyMeta},
		{ID: "summary-1", Kind: "summary", Text: "kept", Covers: []string{"s1", "s2"}},
		{ID: "summary-2", Kind: "summary", Text: "kept", Meta: map[string]string{"model": "m"}, Covers: []string{"summary-1", "", "ü-1"}},
		{ID: "empty-covers", Kind: "summary", Covers: []string{}},
		{ID: "big", Kind: "user", Text: strings.Repeat("0123456789abcdef", 1<<12)},  // past the pooled buffer's first size
		{ID: "huge", Kind: "user", Text: strings.Repeat("0123456789abcdef", 1<<17)}, // past the largest pooled buffer
		{ID: "after-huge", Kind: "user", Text: "a short span after a huge one"},
	}
}

func TestContentHashMatchesReference(t *testing.T) {
	for _, s := range hashSpans() {
		name := s.ID
		if name == "" {
			name = "zero"
		}
		t.Run(name, func(t *testing.T) {
			for range 3 { // again, with buffers reused from the pool
				if got, want := ledger.ContentHash(s), refContentHash(s); got != want {
					t.Fatalf("ContentHash = %s, reference %s", got, want)
				}
			}
		})
	}
}

func TestTextHashMatchesReference(t *testing.T) {
	for _, s := range hashSpans() {
		for _, kind := range []string{s.Kind, "", "extractors-v1\x00" + s.Kind, "ünï"} {
			if got, want := ledger.TextHash(kind, s.Text), refTextHash(kind, s.Text); got != want {
				t.Fatalf("TextHash(%q, text of %q) = %s, reference %s", kind, s.ID, got, want)
			}
		}
	}
}

func TestChainHashesMatchReference(t *testing.T) {
	times := []time.Time{
		{},
		time.Unix(0, 0),
		time.Date(2025, 6, 1, 12, 0, 0, 123456789, time.UTC),
		time.Date(1960, 1, 1, 0, 0, 0, 1, time.UTC),
	}
	strs := []string{"", "a", "s-1", "ü-日本", strings.Repeat("long|", 100)}
	prev := refGenesisHash("acme", "s-1")
	for _, tenant := range strs {
		for _, session := range strs {
			if got, want := ledger.GenesisHash(tenant, session), refGenesisHash(tenant, session); got != want {
				t.Fatalf("GenesisHash(%q, %q) = %s, reference %s", tenant, session, got, want)
			}
		}
	}
	for _, seq := range []int64{0, 1, 9, 10, 12345, -1, 1 << 62} {
		for _, at := range times {
			for _, tokens := range []int{0, 7, 40000, -3} {
				for _, ch := range []string{"", refContentHash(sdk.Span{ID: "x"})} {
					if got, want := ledger.RecordHash(prev, seq, at, tokens, ch), refRecordHash(prev, seq, at, tokens, ch); got != want {
						t.Fatalf("RecordHash(seq %d, %v, tokens %d, %q) = %s, reference %s", seq, at, tokens, ch, got, want)
					}
				}
			}
			for _, typ := range strs {
				for _, req := range strs {
					for _, body := range [][]byte{nil, []byte(`{}`), []byte(`{"type":"compaction","verdict":"allow"}`)} {
						if got, want := ledger.DecisionHash(prev, seq, at, typ, req, body), refDecisionHash(prev, seq, at, typ, req, body); got != want {
							t.Fatalf("DecisionHash(seq %d, %v, %q, %q, %q) = %s, reference %s", seq, at, typ, req, body, got, want)
						}
					}
				}
			}
		}
		if got, want := ledger.RecordHash(strings.Repeat("p", 300), seq, times[2], 1, strings.Repeat("c", 300)), refRecordHash(strings.Repeat("p", 300), seq, times[2], 1, strings.Repeat("c", 300)); got != want {
			t.Fatalf("RecordHash with long fields = %s, reference %s", got, want)
		}
	}
}

func BenchmarkContentHash(b *testing.B) {
	s := sdk.Span{ID: "span-000123", Kind: "tool_result", Text: strings.Repeat("some tool output line\n", 40), Meta: map[string]string{"tool": "bash", "exit": "0"}}
	b.Run("new", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ledger.ContentHash(s)
		}
	})
	b.Run("fmt", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			refContentHash(s)
		}
	})
}

func BenchmarkRecordHash(b *testing.B) {
	at := time.Date(2025, 6, 1, 12, 0, 0, 123456789, time.UTC)
	prev, ch := refGenesisHash("acme", "s-1"), refContentHash(sdk.Span{ID: "x"})
	b.ReportAllocs()
	for b.Loop() {
		ledger.RecordHash(prev, 12345, at, 400, ch)
	}
}

func BenchmarkRecordVerify(b *testing.B) {
	info := ledger.SessionInfo{ID: "s-1", Tenant: "acme"}
	r := ledger.Record{Span: sdk.Span{ID: "span-000123", Kind: "tool_result", Text: strings.Repeat("some tool output line\n", 40), Meta: map[string]string{"tool": "bash"}}, Tokens: 400}
	ledger.SealRecord(&r, info, nil)
	b.ReportAllocs()
	for b.Loop() {
		if !r.Verify() {
			b.Fatal("does not verify")
		}
	}
}
