package config

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/plugins"
)

// TestSecretInImplicitVariable: a secret's variable that every plugin gets
// anyway (plugins.ImplicitEnv) is refused at the attribute's value, with a
// diagnostic naming the attribute, the variable and what it would leak;
// the same secrets in variables of their own are fine.
func TestSecretInImplicitVariable(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string // above tail
		want []want
		// detail is what the first error's detail must say.
		detail []string
	}{
		{
			name:   "tenant token in TZ",
			src:    "api {\n  tenant \"default\" {\n    token_env = \"TZ\"\n  }\n}\n",
			want:   []want{{"policies.hcl:3:17", "Secret in a variable every plugin gets"}},
			detail: []string{"token_env names TZ", `the API token of tenant "default"`, "every plugin", "COMPACTGUARD_API_TOKEN"},
		},
		{
			name:   "authority credential in HOME",
			src:    "authority \"ops\" {\n  credential_env = \"HOME\"\n}\n",
			want:   []want{{"policies.hcl:2:20", "Secret in a variable every plugin gets"}},
			detail: []string{"credential_env names HOME", `the credential of authority "ops"`},
		},
		{
			name:   "audit key in PATH",
			src:    "audit {\n  signing_key_env = \"PATH\"\n}\n",
			want:   []want{{"policies.hcl:2:21", "Secret in a variable every plugin gets"}},
			detail: []string{"signing_key_env names PATH", "the audit trail's signing key"},
		},
		{
			name: "every secret at once, each at its own value",
			src:  "api {\n  tenant \"a\" {\n    token_env = \"LANG\"\n  }\n  tenant \"b\" {\n    token_env = \"TMPDIR\"\n  }\n}\nauthority \"ops\" {\n  credential_env = \"TZ\"\n}\n",
			want: []want{
				{"policies.hcl:3:17", "Secret in a variable every plugin gets"},
				{"policies.hcl:6:17", "Secret in a variable every plugin gets"},
				{"policies.hcl:10:20", "Secret in a variable every plugin gets"},
			},
		},
		{
			name: "secrets in variables of their own",
			src:  "api {\n  tenant \"a\" {\n    token_env = \"CG_TZ_TOKEN\"\n  }\n}\naudit {\n  signing_key_env = \"CG_AUDIT_KEY\"\n}\n",
		},
		{
			name: "a credential by hash names no variable",
			src:  "authority \"ops\" {\n  credential_sha256 = \"" + strings.Repeat("ab", 32) + "\"\n}\n",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := &Loader{Env: map[string]string{}}
			cfg, diags := l.Parse([]byte(tc.src+tail), "policies.hcl")
			got := errorsOf(diags)
			if !slices.Equal(got, tc.want) {
				var buf bytes.Buffer
				_ = WriteDiagnostics(&buf, cfg.Files(), diags)
				t.Fatalf("errors:\n got  %v\n want %v\n%s", got, tc.want, buf.String())
			}
			for _, w := range tc.detail {
				if d := diags.Errs()[0].Error(); !strings.Contains(d, w) {
					t.Errorf("diagnostic %q does not say %q", d, w)
				}
			}
		})
	}
}

// The rule covers exactly the plugin loader's implicit list: a name added
// there is refused here without another edit.
func TestImplicitSecretsFollowThePluginLoader(t *testing.T) {
	t.Parallel()
	for _, name := range plugins.ImplicitEnv() {
		l := &Loader{Env: map[string]string{}}
		_, diags := l.Parse([]byte("api {\n  tenant \"t\" {\n    token_env = \""+name+"\"\n  }\n}\n"+tail), "policies.hcl")
		if got := errorsOf(diags); len(got) != 1 || got[0].summary != "Secret in a variable every plugin gets" {
			t.Errorf("token_env = %q: %v", name, got)
		}
	}
}
