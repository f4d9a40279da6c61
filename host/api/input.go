package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Strict input: what the JSON decoder lets through and the host must not.

// MaxRequestIDBytes bounds a request_id. An idempotency key is a UUID (36
// bytes), a ULID (26) or a caller's short composite; 128 leaves room for
// those and keeps a key from growing the store's request index.
const MaxRequestIDBytes = 128

// checkRequestID refuses a request_id the server would not store: longer
// than MaxRequestIDBytes, or holding a byte outside the RFC 3986
// unreserved set (ASCII letters and digits, '-', '.', '_', '~'). That set
// holds every common key format (UUID, ULID, hex, base64url) and keeps out
// control characters and NUL, which would reach the audit trail and the
// logs, and ':', which the server itself uses to keep a tenant's ids on
// the budget endpoint and the authority's apart from each other and from
// a tenant's other ids ("tenant:ID", "authority:ID"). An empty
// id means none: the request is not idempotent.
func checkRequestID(id string) error {
	if len(id) > MaxRequestIDBytes {
		return errStatus(http.StatusBadRequest, "request_id", "request_id: %d bytes long, at most %d: use a UUID or another short key", len(id), MaxRequestIDBytes)
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !unreserved(c) {
			return errStatus(http.StatusBadRequest, "request_id", "request_id: byte %d is %s; use only ASCII letters, digits, '-', '.', '_' and '~' (at most %d), as in a UUID", i, describeByte(c), MaxRequestIDBytes)
		}
	}
	return nil
}

// checkSpans refuses a request carrying more spans in field than
// api.max_spans_per_batch, with a 413 naming the limit. Every span of an
// append is hashed, counted and extracted inside the store's write
// transaction, which serialises writes: the cap bounds how long one
// request can hold the writer against every other tenant.
func (s *Server) checkSpans(field string, n int) error {
	if n <= s.maxSpans {
		return nil
	}
	return errTooLarge(field, "api.max_spans_per_batch", int64(s.maxSpans),
		"%s: %d spans in one request, at most %d (api.max_spans_per_batch): send them in several requests; nothing was written", field, n, s.maxSpans)
}

func unreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// describeByte names a byte for a message without echoing a control
// character into it.
func describeByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("0x%02x", c)
}

// checkUTF8 refuses a JSON body holding a string (a value or a key) that
// is not valid UTF-8, or that escapes half of a surrogate pair
// ("\ud800" alone), with a 400 naming the field. encoding/json would
// decode either silently, putting U+FFFD in place of what was sent, and
// the host would then pin and hash bytes the caller never sent. body must
// be a JSON document that decoded without error.
func checkUTF8(body []byte) error {
	if utf8.Valid(body) && !mayEscapeSurrogate(body) {
		return nil // the common case: one pass, no allocation
	}
	field, isKey, what := firstBadString(body)
	if what == "" {
		return nil
	}
	const fix = "send UTF-8: the host pins the bytes it receives; nothing was written"
	if isKey {
		return errStatus(http.StatusBadRequest, field, "a key in %s is not valid UTF-8 (%s); %s", fieldOr(field), what, fix)
	}
	return errStatus(http.StatusBadRequest, field, "%s: not valid UTF-8 (%s); %s", fieldOr(field), what, fix)
}

// mayEscapeSurrogate reports whether body may hold a \uD800-\uDFFF escape.
// It may say yes for text that only looks like one (an escaped backslash
// before "ud8"); firstBadString then decides.
func mayEscapeSurrogate(body []byte) bool {
	for i := 0; ; {
		j := bytes.Index(body[i:], []byte(`\u`))
		if j < 0 {
			return false
		}
		i += j + 2
		if i < len(body) && (body[i] == 'd' || body[i] == 'D') {
			return true
		}
	}
}

// jsonFrame is one open object or array while walking a JSON document.
type jsonFrame struct {
	array bool
	index int    // arrays: the element being read
	key   string // objects: the key of the value being read
	atKey bool   // objects: the next string is a key
}

// firstBadString walks the raw JSON document and returns the path of the
// first string that is not valid UTF-8 or escapes a lone surrogate, in the
// API's field notation ("spans[1].text", "spans[0].meta.tool"), whether it
// is an object's key (the path is then the object's), and what is wrong;
// what is empty when every string is fine. The document is known to be
// valid JSON, so the walk only tracks where it is.
func firstBadString(b []byte) (field string, isKey bool, what string) {
	var stack []jsonFrame
	for i := 0; i < len(b); {
		switch b[i] {
		case '{':
			stack = append(stack, jsonFrame{atKey: true})
		case '[':
			stack = append(stack, jsonFrame{array: true})
		case '}', ']':
			stack = stack[:len(stack)-1]
		case ',':
			if top := &stack[len(stack)-1]; top.array {
				top.index++
			} else {
				top.atKey = true
			}
		case ':':
			stack[len(stack)-1].atKey = false
		case '"':
			end := stringEnd(b, i)
			key := len(stack) > 0 && !stack[len(stack)-1].array && stack[len(stack)-1].atKey
			if w := badJSONString(b[i+1:end-1], i+1); w != "" {
				if key {
					return jsonPath(stack[:len(stack)-1]), true, w
				}
				return jsonPath(stack), false, w
			}
			if key {
				// Valid, so it decodes as sent.
				_ = json.Unmarshal(b[i:end], &stack[len(stack)-1].key)
			}
			i = end
			continue
		}
		i++
	}
	return "", false, ""
}

// stringEnd returns the index just past the closing quote of the JSON
// string that opens at b[start].
func stringEnd(b []byte, start int) int {
	for i := start + 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++ // the escaped byte, which may be a quote
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// jsonPath renders the frames' keys and indexes as a field name.
func jsonPath(stack []jsonFrame) string {
	var b []byte
	for _, f := range stack {
		if f.array {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(f.index), 10)
			b = append(b, ']')
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, f.key...)
	}
	return string(b)
}

// badJSONString says what is wrong with the raw content of one JSON
// string (between its quotes; off is its offset in the body), or "".
func badJSONString(s []byte, off int) string {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == 'u' && i+6 <= len(s):
			r := hex4(s[i+2 : i+6])
			if !utf16.IsSurrogate(r) {
				i += 6
				continue
			}
			if r < 0xdc00 && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
				if lo := hex4(s[i+8 : i+12]); lo >= 0xdc00 && lo <= 0xdfff {
					i += 12 // a well-formed pair: one character
					continue
				}
			}
			return fmt.Sprintf(`the escape \u%04x at byte %d of the body is half of a surrogate pair`, r, off+i)
		case c == '\\':
			i += 2
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				return fmt.Sprintf("byte 0x%02x at byte %d of the body", c, off+i)
			}
			i += size
		}
	}
	return ""
}

// hex4 reads four hex digits (known valid: the document decoded).
func hex4(h []byte) rune {
	n, err := strconv.ParseUint(string(h), 16, 16)
	if err != nil {
		return utf8.RuneError
	}
	return rune(n)
}
