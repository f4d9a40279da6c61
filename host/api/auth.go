package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
)

// Tenant is one orchestrator allowed to call the API and its bearer token,
// already read from the environment. A tenant with an empty token is kept
// out (no request can present an empty token).
type Tenant struct {
	Name  string
	Token string
}

// tenantKey is a tenant's token kept only as its sha256: presented tokens
// are hashed too, so the comparison takes the same time whatever the
// lengths.
type tenantKey struct {
	name string
	sum  [sha256.Size]byte
	set  bool
}

// bearer returns the token of an "Authorization: Bearer TOKEN" header, or "".
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	scheme, tok, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(tok)
}

// tenantOf returns the tenant whose token is presented, or "". It compares
// against every tenant, without stopping at a match, in constant time per
// tenant: neither the answer's timing nor its position tells a caller
// anything about the tokens.
func (s *Server) tenantOf(token string) string {
	if token == "" {
		return ""
	}
	got := sha256.Sum256([]byte(token))
	found := ""
	for _, k := range s.tenants {
		eq := subtle.ConstantTimeCompare(got[:], k.sum[:])
		if eq == 1 && k.set && found == "" {
			found = k.name
		}
	}
	return found
}

// challenge answers 401 with the WWW-Authenticate header RFC 6750 asks for.
func challenge(w http.ResponseWriter, msg string) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="compactguard"`)
	writeJSON(w, http.StatusUnauthorized, errorBody{Error: msg})
}
