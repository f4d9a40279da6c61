package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/host/plugins"
)

// implicitSecrets refuses a secret kept in a variable every plugin gets
// without asking (plugins.ImplicitEnv: PATH, HOME, TMPDIR, LANG, TZ). The
// plugin loader lets those through to every plugin, so `token_env = "TZ"`
// would hand a tenant's token to each one, past every other rule that
// keeps host secrets out of plugins. Each such attribute is reported at
// its value, naming the attribute and what it holds.
func (b *builder) implicitSecrets(raw *fileSchema) {
	type secret struct {
		attr, name, what string
		rng              hcl.Range
	}
	// What a variable of its own is called in the examples.
	examples := map[string]string{
		"token_env":       "COMPACTGUARD_API_TOKEN",
		"credential_env":  "COMPACTGUARD_BUDGET_CREDENTIAL",
		"signing_key_env": "COMPACTGUARD_AUDIT_KEY",
	}
	var found []secret
	if raw.API != nil {
		for _, t := range raw.API.Tenants {
			found = append(found, secret{"token_env", t.TokenEnv, fmt.Sprintf("the API token of tenant %q", t.Name), t.TokenEnvRange})
		}
	}
	for _, a := range raw.Authorities {
		if a.CredentialEnv != nil {
			found = append(found, secret{"credential_env", *a.CredentialEnv, fmt.Sprintf("the credential of authority %q", a.Name), a.CredentialEnvRange})
		}
	}
	if raw.Audit != nil && raw.Audit.SigningKeyEnv != nil {
		found = append(found, secret{"signing_key_env", *raw.Audit.SigningKeyEnv, "the audit trail's signing key", raw.Audit.SigningKeyEnvRange})
	}
	implicit := plugins.ImplicitEnv()
	for _, s := range found {
		if !b.decoded(s.rng) || !slices.Contains(implicit, s.name) {
			continue
		}
		b.errorf(s.rng, "Secret in a variable every plugin gets",
			"%s names %s, which every plugin gets from the host environment (%s): %s would reach every plugin. Keep it in a variable of its own, like %q.",
			s.attr, s.name, strings.Join(implicit, ", "), s.what, examples[s.attr])
	}
}
