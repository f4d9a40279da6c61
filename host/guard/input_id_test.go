package guard

import (
	"errors"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// Ids end up in logs, audit trails, replay reports and the dashboard: a
// carriage return, an escape sequence or a Unicode line separator in one
// can forge a line there. They are input errors wherever an id is taken.
func TestIDsRejectControlCharacters(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"s1", true},
		{"résumé-ß-日本", true},
		{"a b", true},
		{"", false},
		{"a\x00b", false},
		{"a\nb", false},
		{"a\rb", false},
		{"a\tb", false},
		{"a\x1b[31mb", false},
		{"a\x7fb", false},
		{"a\u0085b", false},
		{"a\u2028b", false},
		{"a\u2029b", false},
		{strings.Repeat("x", 257), false},
	}
	for _, tt := range tests {
		f := newFixture(t)
		f.session(t, "s")
		_, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{span(tt.id, "user", "hello")})
		var ie *InputError
		if tt.ok != (err == nil) || (err != nil && (!errors.As(err, &ie) || ie.Field != "spans[0].id")) {
			t.Errorf("span id %q: err %v, want ok=%v", tt.id, err, tt.ok)
		}
		err = f.g.CreateSession(f.ctx, tenant, tt.id)
		if tt.ok != (err == nil) {
			t.Errorf("session id %q: err %v, want ok=%v", tt.id, err, tt.ok)
		}
	}
}
