package api_test

import (
	"context"
	"errors"
	"image/png"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/browsertest"
)

// updateScreenshotsEnv makes TestUIBrowserSession write its screenshot to
// docs/screenshots/ instead of a temporary directory, as the report's
// browser tests do:
// COMPACTGUARD_UPDATE_SCREENSHOTS=1 go test ./host/api -run UIBrowser
const updateScreenshotsEnv = "COMPACTGUARD_UPDATE_SCREENSHOTS"

// pwned is agent text that would change the page's title if it ran.
const pwned = `<script>document.title='pwned'</script>`

// browser is a dashboard client with its own cookie jar that does not
// follow redirects, so each answer can be checked.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newBrowser(t *testing.T, e *env) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, base: e.url, c: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// answer is one response, body read.
type answer struct {
	status int
	body   string
	h      http.Header
}

func (b *browser) do(req *http.Request) answer {
	b.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, string(body), resp.Header}
}

func (b *browser) get(path string, header ...string) answer {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodGet, b.base+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return b.do(req)
}

func (b *browser) post(path string, form url.Values, header ...string) answer {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return b.do(req)
}

// login signs the browser in with a token and checks the answer.
func (b *browser) login(token string) {
	b.t.Helper()
	a := b.post("/ui/login", url.Values{"token": {token}})
	if a.status != http.StatusSeeOther || a.h.Get("Location") != "/ui/" {
		b.t.Fatalf("login: %d to %q:\n%s", a.status, a.h.Get("Location"), a.body)
	}
}

// checkUIHeaders: every UI answer forbids script and sniffing.
func checkUIHeaders(t *testing.T, what string, a answer) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "no-referrer",
		"Cache-Control":           "no-store",
	}
	for k, v := range want {
		if got := a.h.Get(k); !strings.HasPrefix(got, v) {
			t.Errorf("%s: %s = %q, want %q", what, k, got, v)
		}
	}
}

// TestUILoginFlow: unauthenticated pages go to the form; a wrong token
// gets the form again with an error and no cookie; the right one sets a
// signed HttpOnly, SameSite=Strict cookie that opens the list; signing
// out revokes it, even for a copy of the cookie.
func TestUILoginFlow(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "acme-1")
	b := newBrowser(t, e)

	a := b.get("/ui/")
	if a.status != http.StatusSeeOther || a.h.Get("Location") != "/ui/login" {
		t.Fatalf("/ui/ unauthenticated: %d to %q", a.status, a.h.Get("Location"))
	}
	checkUIHeaders(t, "redirect", a)
	a = b.get("/ui/sessions/acme-1")
	if a.status != http.StatusSeeOther || a.h.Get("Location") != "/ui/login?next=%2Fui%2Fsessions%2Facme-1" {
		t.Fatalf("session page unauthenticated: %d to %q", a.status, a.h.Get("Location"))
	}
	if a := b.get("/ui"); a.status != http.StatusMovedPermanently || a.h.Get("Location") != "/ui/" {
		t.Errorf("/ui: %d to %q", a.status, a.h.Get("Location"))
	}

	a = b.get("/ui/login")
	if a.status != http.StatusOK || !strings.Contains(a.body, `<input type="password" id="token" name="token"`) ||
		!strings.Contains(a.body, `<form class="card login" method="post" action="/ui/login">`) {
		t.Fatalf("login form: %d\n%s", a.status, a.body)
	}
	checkUIHeaders(t, "login form", a)
	if strings.Contains(strings.ToLower(a.body), "<script") {
		t.Error("the login page has a script")
	}

	for _, bad := range []string{"", "wrong", tokenAcme + "x", authSecret} {
		a = b.post("/ui/login", url.Values{"token": {bad}})
		if a.status != http.StatusUnauthorized || !strings.Contains(a.body, "not a tenant&#39;s token") ||
			!strings.Contains(a.body, `name="token"`) || a.h.Get("Set-Cookie") != "" {
			t.Fatalf("bad token %q: %d, Set-Cookie %q\n%s", bad, a.status, a.h.Get("Set-Cookie"), a.body)
		}
	}

	a = b.post("/ui/login", url.Values{"token": {tokenAcme}})
	if a.status != http.StatusSeeOther || a.h.Get("Location") != "/ui/" {
		t.Fatalf("good token: %d to %q", a.status, a.h.Get("Location"))
	}
	sc := a.h.Get("Set-Cookie")
	for _, attr := range []string{api.UICookieName + "=", "Path=/ui/", "HttpOnly", "SameSite=Strict"} {
		if !strings.Contains(sc, attr) {
			t.Errorf("cookie %q lacks %s", sc, attr)
		}
	}
	if strings.Contains(sc, tokenAcme) || strings.Contains(sc, "Secure") {
		t.Errorf("cookie %q holds the token or is Secure over plain HTTP", sc)
	}
	cookie := strings.TrimPrefix(strings.SplitN(sc, ";", 2)[0], api.UICookieName+"=")

	a = b.get("/ui/")
	if a.status != http.StatusOK || !strings.Contains(a.body, `<a href="/ui/sessions/acme-1"><code>acme-1</code></a>`) ||
		!strings.Contains(a.body, "Sessions of tenant acme") || !strings.Contains(a.body, `action="/ui/logout"`) {
		t.Fatalf("list after login: %d\n%s", a.status, a.body)
	}
	checkUIHeaders(t, "list", a)
	if a := b.get("/ui/login"); a.status != http.StatusSeeOther || a.h.Get("Location") != "/ui/" {
		t.Errorf("login form when signed in: %d to %q", a.status, a.h.Get("Location"))
	}

	// A tampered cookie (the tenant renamed, the signature kept) is no sign-in.
	parts := strings.Split(cookie, ".")
	forged := "Z2xvYmV4." + strings.Join(parts[1:], ".") // base64url("globex")
	other := newBrowser(t, e)
	if a := other.get("/ui/", "Cookie", api.UICookieName+"="+forged); a.status != http.StatusSeeOther {
		t.Errorf("forged cookie: %d", a.status)
	}
	if a := other.get("/ui/", "Cookie", api.UICookieName+"="+cookie); a.status != http.StatusOK {
		t.Errorf("copied cookie before sign-out: %d", a.status)
	}

	a = b.post("/ui/logout", nil)
	if a.status != http.StatusSeeOther || a.h.Get("Location") != "/ui/login" || !strings.Contains(a.h.Get("Set-Cookie"), "Max-Age=0") {
		t.Fatalf("logout: %d to %q, Set-Cookie %q", a.status, a.h.Get("Location"), a.h.Get("Set-Cookie"))
	}
	if a := b.get("/ui/"); a.status != http.StatusSeeOther {
		t.Errorf("list after logout: %d", a.status)
	}
	if a := other.get("/ui/", "Cookie", api.UICookieName+"="+cookie); a.status != http.StatusSeeOther {
		t.Errorf("copied cookie after sign-out: %d, want a redirect to the form", a.status)
	}
}

// TestUILoginNext: the form sends the browser back to the page it asked
// for, never to another site.
func TestUILoginNext(t *testing.T) {
	e := newEnv(t)
	for next, want := range map[string]string{
		"/ui/sessions/x":         "/ui/sessions/x",
		"https://evil.example/":  "/ui/",
		"//evil.example/ui/":     "/ui/",
		"/ui/\\evil.example":     "/ui/",
		"/v1/sessions":           "/ui/",
		"/ui/login?next=/ui/x":   "/ui/",
		"":                       "/ui/",
		"/ui/../../evil.example": "/ui/",
		"/ui/sessions/a?b=c":     "/ui/sessions/a?b=c",
	} {
		b := newBrowser(t, e)
		a := b.post("/ui/login", url.Values{"token": {tokenAcme}, "next": {next}})
		if a.status != http.StatusSeeOther || a.h.Get("Location") != want {
			t.Errorf("next %q: %d to %q, want %q", next, a.status, a.h.Get("Location"), want)
		}
	}
}

// TestUICrossOrigin: a login or logout form posted from another site is
// refused, and sets no cookie.
func TestUICrossOrigin(t *testing.T) {
	e := newEnv(t)
	b := newBrowser(t, e)
	for _, h := range [][]string{
		{"Sec-Fetch-Site", "cross-site"},
		{"Origin", "https://evil.example"},
	} {
		a := b.post("/ui/login", url.Values{"token": {tokenAcme}}, h...)
		if a.status != http.StatusForbidden || a.h.Get("Set-Cookie") != "" || !strings.Contains(a.body, "another site") {
			t.Errorf("login with %v: %d, Set-Cookie %q", h, a.status, a.h.Get("Set-Cookie"))
		}
		checkUIHeaders(t, "cross-origin refusal", a)
		if a := b.post("/ui/logout", nil, h...); a.status != http.StatusForbidden {
			t.Errorf("logout with %v: %d", h, a.status)
		}
	}
	// The same form from the dashboard's own origin is accepted.
	if a := b.post("/ui/login", url.Values{"token": {tokenAcme}}, "Sec-Fetch-Site", "same-origin", "Origin", e.url); a.status != http.StatusSeeOther {
		t.Errorf("same-origin login: %d", a.status)
	}
}

// TestUITenantIsolation: tenant A's sign-in never shows tenant B's
// session, in the list or by URL: its page is the same 404 as a session
// that does not exist. A bearer header works instead of the cookie; a
// wrong one is 401.
func TestUITenantIsolation(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "acme-only")
	e.session(t, e.globex, "globex-secret")
	ctx := context.Background()
	if _, err := e.globex.Compact(ctx, "globex-secret", client.CompactionRequest{Covers: []string{"s1", "s2"}, Summary: "globex private summary"}); err != nil {
		t.Fatal(err)
	}
	acme := newBrowser(t, e)
	acme.login(tokenAcme)

	a := acme.get("/ui/")
	if a.status != http.StatusOK || !strings.Contains(a.body, "acme-only") || strings.Contains(a.body, "globex") {
		t.Fatalf("acme's list: %d\n%s", a.status, a.body)
	}
	theirs := acme.get("/ui/sessions/globex-secret")
	missing := acme.get("/ui/sessions/globex-secreu")
	if theirs.status != http.StatusNotFound || missing.status != http.StatusNotFound {
		t.Fatalf("another tenant's session: %d, a missing one: %d", theirs.status, missing.status)
	}
	if strings.Contains(theirs.body, "globex private") || strings.Contains(theirs.body, "DROP TABLE") ||
		strings.ReplaceAll(theirs.body, "globex-secret", "ID") != strings.ReplaceAll(missing.body, "globex-secreu", "ID") {
		t.Errorf("another tenant's session is told apart from a missing one:\n%s\n---\n%s", theirs.body, missing.body)
	}
	checkUIHeaders(t, "404", theirs)
	if a := acme.get("/ui/sessions/acme-only"); a.status != http.StatusOK || !strings.Contains(a.body, "Session acme-only") {
		t.Errorf("own session: %d", a.status)
	}

	anon := newBrowser(t, e)
	a = anon.get("/ui/", "Authorization", "Bearer "+tokenGlobex)
	if a.status != http.StatusOK || !strings.Contains(a.body, "globex-secret") || strings.Contains(a.body, "acme-only") ||
		strings.Contains(a.body, `action="/ui/logout"`) {
		t.Fatalf("globex by bearer: %d\n%s", a.status, a.body)
	}
	if a := anon.get("/ui/sessions/acme-only", "Authorization", "Bearer "+tokenGlobex); a.status != http.StatusNotFound {
		t.Errorf("acme's session by globex's bearer: %d", a.status)
	}
	for _, tok := range []string{"wrong", authSecret} {
		a := anon.get("/ui/", "Authorization", "Bearer "+tok)
		if a.status != http.StatusUnauthorized || !strings.HasPrefix(a.h.Get("WWW-Authenticate"), "Bearer") || strings.Contains(a.body, "globex-secret") {
			t.Errorf("bearer %q: %d", tok, a.status)
		}
	}
	// A wrong bearer is not rescued by a valid cookie.
	if a := acme.get("/ui/", "Authorization", "Bearer wrong"); a.status != http.StatusUnauthorized {
		t.Errorf("wrong bearer with a cookie: %d", a.status)
	}
	// Unknown dashboard paths are 404 pages, behind the sign-in.
	if a := acme.get("/ui/nothing"); a.status != http.StatusNotFound {
		t.Errorf("/ui/nothing: %d", a.status)
	}
	if a := anon.get("/ui/nothing"); a.status != http.StatusSeeOther {
		t.Errorf("/ui/nothing unauthenticated: %d", a.status)
	}
}

// TestUIStoreFailure: a store that fails is a 503 page, not an empty list.
func TestUIStoreFailure(t *testing.T) {
	us := &uiStore{}
	e := newEnv(t, us.wrap)
	e.session(t, e.acme, "s")
	b := newBrowser(t, e)
	b.login(tokenAcme)
	us.failView.Store(true)
	for _, p := range []string{"/ui/", "/ui/sessions/s"} {
		if a := b.get(p); a.status != http.StatusServiceUnavailable || strings.Contains(a.body, errDisk.Error()) {
			t.Errorf("%s with a failing store: %d\n%s", p, a.status, a.body)
		}
	}
}

// uiStore wraps the server's read store (the guard keeps its own): reads
// can be made to fail, or to see one decision's body altered.
type uiStore struct {
	ledger.Store
	failView atomic.Bool
	// tamper, when > 0, is the seq of the decision whose body reads altered.
	tamper atomic.Int64
}

func (s *uiStore) wrap(o *api.Options) {
	s.Store = o.Store
	o.Store = s
}

func (s *uiStore) Sessions(ctx context.Context, tenant string) ([]ledger.SessionInfo, error) {
	if s.failView.Load() {
		return nil, errDisk
	}
	return s.Store.Sessions(ctx, tenant)
}

func (s *uiStore) View(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	if s.failView.Load() {
		return errDisk
	}
	return s.Store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		return fn(tamperedTx{Tx: tx, seq: s.tamper.Load()})
	})
}

// tamperedTx reads one decision's body with a byte added.
type tamperedTx struct {
	ledger.Tx
	seq int64
}

func (t tamperedTx) Decisions() ([]ledger.DecisionRecord, error) {
	ds, err := t.Tx.Decisions()
	if err != nil || t.seq <= 0 {
		return ds, err
	}
	out := append([]ledger.DecisionRecord(nil), ds...)
	for i := range out {
		if out[i].Seq == t.seq {
			out[i].Body = append(append([]byte(nil), out[i].Body...), ' ')
		}
	}
	return out, nil
}

// driveIncident makes a session with every kind of decision: a refused
// compaction that lost a prohibition, an allowed one, a phase signal, a
// budget change by the authority, an over-budget policy edit and a
// tenant's refused budget change. text is put into the prohibition and
// the refused summary (it must come out as text).
func driveIncident(t *testing.T, e *env, id, text string) {
	t.Helper()
	pad := func(s string) string {
		if s == "" {
			return ""
		}
		return " " + s
	}
	ctx := context.Background()
	c := e.acme
	if _, err := c.CreateSession(ctx, id); err != nil {
		t.Fatal(err)
	}
	spans := []client.Span{
		{ID: "s1", Kind: "user", Text: "Migrate the orders table to orders_v2. Do not run DROP TABLE on legacy_orders" + pad(text) + ": finance still reads it."},
		{ID: "s2", Kind: "assistant", Text: "I will look at the schema first."},
		{ID: "s3", Kind: "tool_result", Text: "CREATE TABLE orders (id bigint primary key, total numeric);", Meta: map[string]string{"tool": "read", "path": "schema.sql"}},
		{ID: "s4", Kind: "user", Text: "Keep the batch size at 500 rows per transaction and finish before 2025-07-01."},
		{ID: "s5", Kind: "tool_result", Text: "migrate.py: 120 lines, batch_size = 500", Meta: map[string]string{"tool": "read", "path": "migrate.py"}},
	}
	if _, err := c.Append(ctx, id, spans); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compact(ctx, id, client.CompactionRequest{
		Covers: []string{"s1", "s2", "s3", "s4"}, Summary: "The orders table moves to orders_v2" + pad(text) + "; schema read.", SelfScore: ptr(0.93),
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compact(ctx, id, client.CompactionRequest{
		ID: "sum1", Covers: []string{"s1", "s2"}, Summary: spans[0].Text + " Reading the schema.", SelfScore: ptr(0.95),
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PhaseSignal(ctx, id, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.auth.ChangeBudget(ctx, id, client.BudgetRequest{Tokens: 60}); err != nil {
		t.Fatal(err)
	}
	d, err := c.EditPolicy(ctx, id, client.PolicyEditRequest{Signal: "latest", PolicyHCL: `policy "keep-all" {
  top_k = 10
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 20000
    score = span.recency
  }
  category "talk" {
    match = span.kind != "tool_result"
    cap   = 20000
    score = span.recency
  }
}`})
	if err != nil || d.Reason != "over_budget" {
		t.Fatalf("policy edit: %+v %v", d, err)
	}
	var ae *client.APIError
	if _, err := c.ChangeBudget(ctx, id, client.BudgetRequest{Tokens: 1 << 20}); !errors.As(err, &ae) || ae.Status != http.StatusForbidden {
		t.Fatalf("tenant budget change: %v", err)
	}
}

// TestUISessionPage: the session page has the report's views, built from
// the audit trail, and the chain status; agent text is escaped.
func TestUISessionPage(t *testing.T) {
	e := newEnv(t)
	driveIncident(t, e, "orders-migration", pwned)
	b := newBrowser(t, e)
	b.login(tokenAcme)

	a := b.get("/ui/")
	for _, w := range []string{`<a href="/ui/sessions/orders-migration">`, `<td class="num bad">1</td>`, `REJECTED</span> #6 budget · unauthorized`, "<code>explore@1</code>"} {
		if !strings.Contains(a.body, w) {
			t.Errorf("list lacks %q", w)
		}
	}
	a = b.get("/ui/sessions/orders-migration")
	if a.status != http.StatusOK {
		t.Fatalf("session page: %d\n%s", a.status, a.body)
	}
	checkUIHeaders(t, "session page", a)
	for _, w := range []string{
		"<title>Session orders-migration</title>",
		"Audit trail chain verified: 6 decisions and 6 ledger records hash-chained end to end.",
		`<article class="card refusal" id="session-d1">`,
		`<span class="fate fate-lost">`,
		`Compaction scores across the session`,
		`class="bar-over"`, `budget 60`,
		`Phase timeline`,
		`Every decision`,
		`<form method="post" action="/ui/logout">`,
		`<a href="/ui/">← all sessions</a>`,
		`&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;`,
	} {
		if !strings.Contains(a.body, w) {
			t.Errorf("session page lacks %q", w)
		}
	}
	if strings.Contains(a.body, pwned) || strings.Contains(strings.ToLower(a.body), "<script") {
		t.Error("agent text reached the page as markup")
	}
}

// TestUIChainBroken: a tampered audit trail is shown as broken, naming
// the decision.
func TestUIChainBroken(t *testing.T) {
	us := &uiStore{}
	e := newEnv(t, us.wrap)
	driveIncident(t, e, "s", "")
	us.tamper.Store(2)
	b := newBrowser(t, e)
	b.login(tokenAcme)
	a := b.get("/ui/sessions/s")
	if a.status != http.StatusOK || !strings.Contains(a.body, "Audit trail chain broken: decision 2 does not verify.") {
		t.Errorf("tampered trail: %d\n%s", a.status, grepLines(a.body, "chain"))
	}
}

// grepLines returns the lines of s that contain sub.
func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// bearerServer serves the dashboard to a headless browser, which has no
// cookie: a test-only wrapper adds the tenant's bearer header to every
// request. Production auth is untouched.
func bearerServer(t *testing.T, e *env, token string) string {
	t.Helper()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+token)
		e.srv.Handler().ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	return hs.URL
}

var titleRe = regexp.MustCompile(`(?s)<title>(.*?)</title>`)

// TestUIBrowserSession loads the live session page in headless Chromium:
// the DOM after load holds the key elements, the agent's script did not
// run (the title is unchanged), and a screenshot is taken (committed as
// docs/screenshots/dashboard-session.png).
func TestUIBrowserSession(t *testing.T) {
	browsertest.Chromium(t)
	e := newEnv(t)
	driveIncident(t, e, "escape-check", pwned)
	driveIncident(t, e, "orders-migration", "")
	e.session(t, e.acme, "orders-rollback")
	base := bearerServer(t, e, tokenAcme)

	dom := browsertest.DumpDOM(t, base+"/ui/sessions/escape-check")
	if m := titleRe.FindStringSubmatch(dom); m == nil || m[1] != "Session escape-check" {
		t.Errorf("title after load = %v: the agent's script ran or the page did not load", m)
	}
	if !strings.Contains(dom, `&lt;script&gt;document.title='pwned'&lt;/script&gt;`) {
		t.Error("the agent's script is not shown as text")
	}
	dom = browsertest.DumpDOM(t, base+"/ui/sessions/orders-migration")
	for _, w := range []string{
		`<article class="card refusal" id="session-d1">`,
		`Audit trail chain verified`,
		`class="bar-over"`,
		`<span class="fate fate-lost">lost</span>`,
		`<a href="/ui/">← all sessions</a>`,
	} {
		if !strings.Contains(dom, w) {
			t.Errorf("the loaded page lacks %q", w)
		}
	}
	list := browsertest.DumpDOM(t, base+"/ui/")
	if !strings.Contains(list, "orders-rollback") || !strings.Contains(list, "orders-migration") {
		t.Errorf("the loaded list lacks the sessions:\n%s", list)
	}

	shots := t.TempDir()
	if os.Getenv(updateScreenshotsEnv) == "1" {
		shots = filepath.Join("..", "..", "docs", "screenshots")
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(shots, "dashboard-session.png")
	browsertest.Screenshot(t, base+"/ui/sessions/orders-migration", out)
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 600 {
		t.Errorf("screenshot is %v", b)
	}
}

// TestUISessionItemPlace: the session page says where each item of a
// refused compaction came from, as the recorded decision has it: file:line
// (the base name of a long path) and source for a span that carries the
// importer's meta, its span id and source for a plain API span; a span id
// is never the text of an item that has an origin.
func TestUISessionItemPlace(t *testing.T) {
	const longFile = "/home/dev/.claude/projects/-home-dev-orders/full.jsonl"
	tests := []struct {
		name string
		span client.Span
		// place is what the item's row shows for where it came from.
		place string
	}{
		{
			name: "imported span",
			span: client.Span{ID: "3fbda60d-5b1e-4c2a-9d7e-0a1b2c3d4e5f#0", Kind: "user",
				Text: "Do not run DROP TABLE on legacy_orders: finance still reads it.",
				Meta: map[string]string{"source": "project_rule", "file": longFile, "line": "273"}},
			place: `title="` + longFile + `:273 · span 3fbda60d-5b1e-4c2a-9d7e-0a1b2c3d4e5f#0">full.jsonl:273</code> · <span class="src">project_rule</span>`,
		},
		{
			name:  "API span",
			span:  client.Span{ID: "s1", Kind: "user", Text: "Do not run DROP TABLE on legacy_orders: finance still reads it."},
			place: `span <code>s1</code> · <span class="src">human</span>`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			ctx := context.Background()
			const id = "orders"
			if _, err := e.acme.CreateSession(ctx, id); err != nil {
				t.Fatal(err)
			}
			spans := []client.Span{tc.span, {ID: "s2", Kind: "assistant", Text: "I will look at the schema first."}}
			if _, err := e.acme.Append(ctx, id, spans); err != nil {
				t.Fatal(err)
			}
			d, err := e.acme.Compact(ctx, id, client.CompactionRequest{Covers: []string{tc.span.ID, "s2"},
				Summary: "The orders table moves to orders_v2; schema read.", SelfScore: ptr(0.93)})
			if err != nil || d.Allowed == nil || *d.Allowed || len(d.Items) == 0 {
				t.Fatalf("compaction: %+v %v; want a refusal with items", d, err)
			}
			// The page shows what the decision recorded.
			if got := d.Items[0].Origin != nil; got != (tc.span.Meta["line"] != "") {
				t.Fatalf("the guard gave the item origin %v for span meta %v", d.Items[0].Origin, tc.span.Meta)
			}
			b := newBrowser(t, e)
			b.login(tokenAcme)
			a := b.get("/ui/sessions/" + id)
			if a.status != http.StatusOK {
				t.Fatalf("session page: %d\n%s", a.status, a.body)
			}
			rows := grepLines(a.body, "DROP TABLE on legacy_orders")
			if !strings.Contains(rows, tc.place) {
				t.Errorf("the item's row lacks %q:\n%s", tc.place, rows)
			}
			if d.Items[0].Origin != nil && strings.Contains(rows, "span <code>") {
				t.Errorf("an imported item is shown by its span id:\n%s", rows)
			}
		})
	}
}
