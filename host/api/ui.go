package api

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/report"
)

// The dashboard: `compactguard serve` also serves the decision views as
// server-rendered HTML under /ui/, readable without JavaScript.
//
//	GET  /ui/                 the caller tenant's sessions, newest first
//	GET  /ui/sessions/{id}    one session: the replay report's views built
//	                          from its audit trail, and its chain status
//	GET  /ui/login            a sign-in form (the tenant's token)
//	POST /ui/login            checks the token, sets the session cookie
//	POST /ui/logout           revokes the cookie and clears it
//
// Authentication is the API's tenant tokens, presented either as
// "Authorization: Bearer TOKEN" on each request or once at /ui/login. The
// login form's token is checked exactly like a bearer (sha256, constant
// time, against every tenant); the cookie it sets never holds the token:
// it holds the tenant's name, an expiry and a random nonce, signed with
// HMAC-SHA256 under a key drawn at server start (a restart signs every
// browser out). The cookie is HttpOnly, SameSite=Strict, Path=/ui/, and
// Secure when the request came over TLS. Signing out revokes the nonce
// until its expiry, so a copied cookie stops working too.
//
// CSRF: the two POST forms are checked with net/http's
// CrossOriginProtection (Sec-Fetch-Site, then Origin against Host): a
// cross-site POST is 403. SameSite=Strict keeps the cookie off every
// cross-site request as well, which is what protects sign-out; the pages
// themselves change nothing.
//
// Every UI answer carries a Content-Security-Policy that allows no script
// at all (inline CSS only), nosniff, no-referrer, frame-ancestors 'none'
// and Cache-Control: no-store. Every string that came from an agent's
// context or a caller is escaped by html/template.
//
// The UI routes are HTML pages, not the JSON API: they are registered on
// the mux directly, not through handle, so they are not in Patterns and
// not in openapi.json.

// Dashboard settings.
const (
	// UICookieName is the dashboard's session cookie.
	UICookieName = "compactguard_ui"
	// UISessionTTL is how long a sign-in lasts.
	UISessionTTL = 12 * time.Hour
	// uiMaxSessions bounds the sessions list (the newest are shown).
	uiMaxSessions = 200
	// uiMaxForm bounds a login or logout form body.
	uiMaxForm = 8 << 10
	// uiCSP allows no script, no network fetch and no framing: the pages
	// are HTML with inline CSS and inline SVG.
	uiCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)

//go:embed templates_ui/*.html.tmpl
var uiFS embed.FS

// uiTemplates are parsed once and never modified after: safe to share.
var uiTemplates = template.Must(template.New("ui").ParseFS(uiFS, "templates_ui/*.html.tmpl"))

// dashboard holds the UI's signing key and revoked sign-ins.
type dashboard struct {
	s   *Server
	key []byte
	now func() time.Time
	cop *http.CrossOriginProtection

	mu      sync.Mutex
	revoked map[string]time.Time // nonce → its cookie's expiry
}

// uiCaller is who is looking at a page.
type uiCaller struct {
	tenant string
	// cookie is true when the caller signed in with the form (and so can
	// sign out); false for a bearer header.
	cookie bool
}

// uiRoutes registers the dashboard's routes (see the comment above).
func (s *Server) uiRoutes() {
	d := &dashboard{s: s, key: make([]byte, 32), now: time.Now, cop: http.NewCrossOriginProtection(), revoked: map[string]time.Time{}}
	_, _ = rand.Read(d.key) // crypto/rand never fails (it crashes instead)
	d.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.render(w, http.StatusForbidden, "error", uiPage{Title: "Forbidden", Status: http.StatusForbidden,
			Message: "This form was posted from another site: cross-origin requests are refused. Open the dashboard and submit its own form."})
	}))
	s.mux.HandleFunc("GET /ui", func(w http.ResponseWriter, r *http.Request) {
		uiHeaders(w)
		http.Redirect(w, r, "/ui/", http.StatusMovedPermanently)
	})
	d.open("GET /ui/login", d.loginForm)
	d.open("POST /ui/login", d.cop.Handler(http.HandlerFunc(d.login)).ServeHTTP)
	d.open("POST /ui/logout", d.cop.Handler(http.HandlerFunc(d.logout)).ServeHTTP)
	d.page("GET /ui/{$}", d.sessions)
	d.page("GET /ui/sessions/{id}", d.session)
	d.page("/ui/", func(w http.ResponseWriter, r *http.Request, c uiCaller) error {
		d.render(w, http.StatusNotFound, "error", uiPage{Title: "Not found", Tenant: c.tenant, SignOut: c.cookie, Status: http.StatusNotFound,
			Message: "There is no dashboard page at this address."})
		return nil
	})
}

// uiHeaders sets the headers every UI answer carries.
func uiHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Security-Policy", uiCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-store")
}

// open registers a route anyone may reach (sign-in and sign-out), with the
// UI headers, the request timeout and the latency metric.
func (d *dashboard) open(pattern string, h http.HandlerFunc) {
	d.s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		defer func() { d.s.metrics.request(pattern, sw.code(), time.Since(start).Seconds()) }()
		uiHeaders(sw)
		ctx, cancel := context.WithTimeout(r.Context(), d.s.timeout)
		defer cancel()
		h(sw, r.WithContext(ctx))
	})
}

// page registers a route for signed-in tenants. A request without
// credentials is sent to the sign-in form; one with an unknown bearer
// token is 401. Errors become HTML pages: 404 for a missing session (or
// another tenant's: the same page, so it is never confirmed to exist),
// 503 for a store failure or a timeout.
func (d *dashboard) page(pattern string, h func(http.ResponseWriter, *http.Request, uiCaller) error) {
	d.open(pattern, func(w http.ResponseWriter, r *http.Request) {
		// A bearer header is a login attempt like the form's, and shares
		// its throttle: without it, /ui/ let a client guess tokens at
		// full speed.
		bearerSent := r.Header.Get("Authorization") != ""
		addr := clientAddr(r)
		if bearerSent {
			if wait := d.s.throttle.wait(addr); wait > 0 {
				w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
				d.render(w, http.StatusTooManyRequests, "error", uiPage{Title: "Too many wrong tokens", Status: http.StatusTooManyRequests,
					Message: fmt.Sprintf("Too many wrong tokens from this address: wait %d s before trying again.", int(wait.Seconds())+1)})
				return
			}
		}
		c, ok := d.authenticate(r)
		if !ok {
			if bearerSent {
				d.s.throttle.failed(addr)
				w.Header().Set("WWW-Authenticate", `Bearer realm="compactguard"`)
				d.render(w, http.StatusUnauthorized, "error", uiPage{Title: "Unauthorized", Status: http.StatusUnauthorized,
					Message: "The bearer token is not a tenant's token: send Authorization: Bearer TOKEN with your tenant's token, or sign in at /ui/login."})
				return
			}
			target := "/ui/login"
			if r.Method == http.MethodGet && r.URL.Path != "/ui/" {
				target += "?next=" + url.QueryEscape(r.URL.RequestURI())
			}
			http.Redirect(w, r, target, http.StatusSeeOther)
			return
		}
		if err := h(w, r, c); err != nil {
			d.fail(w, r, c, err)
		}
	})
}

// fail answers an error as an HTML page.
func (d *dashboard) fail(w http.ResponseWriter, r *http.Request, c uiCaller, err error) {
	p := uiPage{Tenant: c.tenant, SignOut: c.cookie}
	switch {
	case errors.Is(err, ledger.ErrNotFound):
		p.Title, p.Status = "Not found", http.StatusNotFound
		p.Message = fmt.Sprintf("Tenant %s has no session %q.", c.tenant, r.PathValue("id"))
	default:
		d.s.metrics.storeErrors.Inc()
		p.Title, p.Status = "Unavailable", http.StatusServiceUnavailable
		p.Message = "The store failed or the request timed out: reload the page in a moment."
		d.s.log.Error("ui request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	}
	d.render(w, p.Status, "error", p)
}

// render executes a template into a buffer, then answers it: a template
// failure is a clean 500, never half a page.
func (d *dashboard) render(w http.ResponseWriter, status int, name string, p uiPage) {
	var buf bytes.Buffer
	if err := uiTemplates.ExecuteTemplate(&buf, name, p); err != nil {
		d.s.log.Error("ui template failed", "template", name, "error", err)
		http.Error(w, "rendering the page failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// authenticate returns the caller of a page: a bearer header if one is
// sent (and only it: a wrong bearer is not rescued by a cookie), else the
// signed cookie.
func (d *dashboard) authenticate(r *http.Request) (uiCaller, bool) {
	if r.Header.Get("Authorization") != "" {
		t := d.s.tenantOf(bearer(r))
		return uiCaller{tenant: t}, t != ""
	}
	ck, err := r.Cookie(UICookieName)
	if err != nil {
		return uiCaller{}, false
	}
	t, _, _, ok := d.verifyCookie(ck.Value)
	return uiCaller{tenant: t, cookie: true}, ok
}

// mac signs a cookie's fields.
func (d *dashboard) mac(tenant string, expiry int64, nonce []byte) []byte {
	m := hmac.New(sha256.New, d.key)
	fmt.Fprintf(m, "compactguard-ui-v1\x00%s\x00%d\x00", tenant, expiry)
	m.Write(nonce)
	return m.Sum(nil)
}

var b64 = base64.RawURLEncoding

// newCookie returns a signed cookie value for a tenant and its expiry.
func (d *dashboard) newCookie(tenant string) (string, time.Time) {
	exp := d.now().Add(UISessionTTL).Truncate(time.Second)
	nonce := make([]byte, 16)
	_, _ = rand.Read(nonce)
	v := strings.Join([]string{
		b64.EncodeToString([]byte(tenant)), strconv.FormatInt(exp.Unix(), 10),
		b64.EncodeToString(nonce), b64.EncodeToString(d.mac(tenant, exp.Unix(), nonce)),
	}, ".")
	return v, exp
}

// verifyCookie checks a cookie value: its signature, its expiry, that its
// nonce was not signed out and that its tenant is still configured with a
// token. It returns the tenant, the nonce and the expiry.
func (d *dashboard) verifyCookie(v string) (tenant, nonce string, exp time.Time, ok bool) {
	parts := strings.Split(v, ".")
	if len(parts) != 4 {
		return "", "", time.Time{}, false
	}
	name, err1 := b64.DecodeString(parts[0])
	unix, err2 := strconv.ParseInt(parts[1], 10, 64)
	n, err3 := b64.DecodeString(parts[2])
	sig, err4 := b64.DecodeString(parts[3])
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return "", "", time.Time{}, false
	}
	if !hmac.Equal(sig, d.mac(string(name), unix, n)) {
		return "", "", time.Time{}, false
	}
	exp = time.Unix(unix, 0)
	if !d.now().Before(exp) {
		return "", "", time.Time{}, false
	}
	tenant, nonce = string(name), parts[2]
	d.mu.Lock()
	_, out := d.revoked[nonce]
	d.mu.Unlock()
	if out || !d.hasTenant(tenant) {
		return "", "", time.Time{}, false
	}
	return tenant, nonce, exp, true
}

// hasTenant says whether a tenant is configured with a token.
func (d *dashboard) hasTenant(name string) bool {
	return slices.ContainsFunc(d.s.tenants, func(k tenantKey) bool { return k.name == name && k.set })
}

// revoke signs a nonce out until its cookie would have expired, and
// forgets nonces whose cookies have expired anyway.
func (d *dashboard) revoke(nonce string, exp time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	for n, e := range d.revoked {
		if !now.Before(e) {
			delete(d.revoked, n)
		}
	}
	d.revoked[nonce] = exp
}

// setCookie sets (or, with an empty value, clears) the session cookie.
func setCookie(w http.ResponseWriter, r *http.Request, value string, exp time.Time) {
	c := &http.Cookie{
		Name: UICookieName, Value: value, Path: "/ui/",
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil,
	}
	if value == "" {
		c.MaxAge = -1
	} else {
		c.Expires = exp
		c.MaxAge = int(time.Until(exp).Seconds())
	}
	http.SetCookie(w, c)
}

// nextPage is where to go after signing in: a dashboard path the form
// carried, or the sessions list. Anything that is not a plain /ui/ path
// (another host, a scheme, a backslash) is ignored: no open redirect.
func nextPage(next string) string {
	if !strings.HasPrefix(next, "/ui/") || strings.ContainsAny(next, "\\\r\n") || strings.HasPrefix(next, "/ui/login") {
		return "/ui/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(path.Clean(u.Path), "/ui/") {
		return "/ui/"
	}
	return next
}

// loginForm shows the sign-in form, or goes to the list when the browser
// is already signed in.
func (d *dashboard) loginForm(w http.ResponseWriter, r *http.Request) {
	next := nextPage(r.URL.Query().Get("next"))
	if c, ok := d.authenticate(r); ok && c.cookie {
		http.Redirect(w, r, next, http.StatusSeeOther)
		return
	}
	d.render(w, http.StatusOK, "login", uiPage{Title: "Sign in", Next: next})
}

// login checks the posted token like a bearer and sets the cookie. A
// wrong token is 401 with the form again; nothing tells which tenants
// exist.
func (d *dashboard) login(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, uiMaxForm)
	if err := r.ParseForm(); err != nil {
		d.render(w, http.StatusBadRequest, "login", uiPage{Title: "Sign in", Error: "The form could not be read: submit it again."})
		return
	}
	next := nextPage(r.PostForm.Get("next"))
	addr := clientAddr(r)
	if wait := d.s.throttle.wait(addr); wait > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		d.render(w, http.StatusTooManyRequests, "login", uiPage{Title: "Sign in", Next: next,
			Error: fmt.Sprintf("Too many wrong tokens from this address: wait %d s before trying again.", int(wait.Seconds())+1)})
		return
	}
	tenant := d.s.tenantOf(strings.TrimSpace(r.PostForm.Get("token")))
	if tenant == "" {
		d.s.throttle.failed(addr)
		d.s.log.Warn("ui sign-in with an unknown token", "remote", r.RemoteAddr)
		d.render(w, http.StatusUnauthorized, "login", uiPage{Title: "Sign in", Next: next,
			Error: "That token is not a tenant's token. Paste the token your tenant uses for the API."})
		return
	}
	v, exp := d.newCookie(tenant)
	setCookie(w, r, v, exp)
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// logout revokes the browser's sign-in and clears the cookie.
func (d *dashboard) logout(w http.ResponseWriter, r *http.Request) {
	if ck, err := r.Cookie(UICookieName); err == nil {
		if _, nonce, exp, ok := d.verifyCookie(ck.Value); ok {
			d.revoke(nonce, exp)
		}
	}
	setCookie(w, r, "", time.Time{})
	http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
}

// uiPage is what the dashboard's own templates render; each page uses
// the fields it needs.
type uiPage struct {
	Title string
	// Tenant is who is signed in; SignOut shows the sign-out form (a
	// cookie sign-in; a bearer header has nothing to sign out of).
	Tenant  string
	SignOut bool
	// The sign-in form.
	Error, Next string
	// The sessions list.
	Sessions     []uiSessionRow
	Total, Shown int
	// An error page.
	Status  int
	Message string
}

// uiSessionRow is one line of the sessions list.
type uiSessionRow struct {
	ID, Link, Created           string
	LiveTokens, Budget          string
	Over                        bool
	Policy, Phase               string
	Decisions, Refused          int
	Last, LastTime, LastVerdict string
	LastOK                      bool
}

// decisionHead is the part of a Decision JSON the list reads.
type decisionHead struct {
	Seq      int64  `json:"seq"`
	Type     string `json:"type"`
	Reason   string `json:"reason"`
	Allowed  *bool  `json:"allowed"`
	Accepted *bool  `json:"accepted"`
}

func (h decisionHead) ok() bool {
	if h.Allowed != nil {
		return *h.Allowed
	}
	return h.Accepted != nil && *h.Accepted
}

// sessions lists the caller tenant's sessions, newest first.
func (d *dashboard) sessions(w http.ResponseWriter, r *http.Request, c uiCaller) error {
	infos, err := d.s.store.Sessions(r.Context(), c.tenant)
	if err != nil {
		return fmt.Errorf("listing sessions: %w", err)
	}
	slices.Reverse(infos) // the store lists oldest first
	slices.SortStableFunc(infos, func(a, b ledger.SessionInfo) int { return b.Created.Compare(a.Created) })
	p := uiPage{Title: "Sessions", Tenant: c.tenant, SignOut: c.cookie, Total: len(infos)}
	for _, in := range infos[:min(len(infos), uiMaxSessions)] {
		row, err := d.sessionRow(r.Context(), c.tenant, in)
		if errors.Is(err, ledger.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		p.Sessions = append(p.Sessions, row)
	}
	p.Shown = len(p.Sessions)
	d.render(w, http.StatusOK, "sessions", p)
	return nil
}

func (d *dashboard) sessionRow(ctx context.Context, tenant string, in ledger.SessionInfo) (uiSessionRow, error) {
	row := uiSessionRow{ID: in.ID, Link: "/ui/sessions/" + url.PathEscape(in.ID), Created: uiTime(in.Created)}
	err := d.s.store.View(ctx, tenant, in.ID, func(tx ledger.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		row.LiveTokens, row.Budget, row.Phase = thousands(st.LiveTokens), thousands(st.Budget), st.Phase
		row.Over = st.Budget > 0 && st.LiveTokens > st.Budget
		if st.Policy != "" {
			row.Policy = fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion)
		}
		ds, err := tx.Decisions()
		if err != nil {
			return err
		}
		row.Decisions = len(ds)
		for i, rec := range ds {
			var h decisionHead
			if err := json.Unmarshal(rec.Body, &h); err != nil {
				h = decisionHead{Seq: rec.Seq, Type: rec.Type, Reason: "unreadable"}
			}
			if h.Type == guard.TypeCompaction && h.Allowed != nil && !*h.Allowed {
				row.Refused++
			}
			if i == len(ds)-1 {
				row.Last = fmt.Sprintf("#%d %s", h.Seq, strings.ReplaceAll(h.Type, "_", " "))
				row.LastVerdict = verdictOf(h)
				row.LastOK = h.ok()
				row.Last += " · " + h.Reason
				row.LastTime = uiTime(rec.Time)
			}
		}
		return nil
	})
	return row, err
}

// verdictOf names a decision's outcome like the report does.
func verdictOf(h decisionHead) string {
	switch {
	case h.Allowed != nil && *h.Allowed:
		return "ALLOWED"
	case h.Allowed != nil:
		return "REFUSED"
	case h.Accepted != nil && *h.Accepted:
		return "ACCEPTED"
	}
	return "REJECTED"
}

// thousands writes n with comma separators: 61114 → "61,114".
func thousands(n int) string {
	s := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

func uiTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}

// session renders one session's page with the replay report's views.
func (d *dashboard) session(w http.ResponseWriter, r *http.Request, c uiCaller) error {
	id := r.PathValue("id")
	v := report.SessionView{ID: id, Tenant: c.tenant}
	err := d.s.store.View(r.Context(), c.tenant, id, func(tx ledger.Tx) error {
		info := tx.Info()
		v.Created = info.Created
		st, err := tx.State()
		if err != nil {
			return err
		}
		v.State = st
		recs, err := tx.Records()
		if err != nil {
			return err
		}
		ds, err := tx.Decisions()
		if err != nil {
			return err
		}
		v.Spans = len(recs)
		for _, rec := range recs {
			v.Tokens += rec.Tokens
		}
		for _, rec := range ds {
			v.Decisions = append(v.Decisions, decodeDecision(rec))
		}
		if err := ledger.VerifySession(tx.Info(), recs, ds); err != nil {
			v.ChainError = err.Error()
		} else {
			v.ChainOK = true
		}
		return nil
	})
	if err != nil {
		return err
	}
	chrome := report.Chrome{
		Links:    []report.Link{{Href: "/ui/", Text: "← all sessions"}},
		SignedIn: "tenant " + c.tenant,
		Footer:   "compactguard dashboard. Scores: self is the summary judged by itself; anchored is the summary judged against the pinned original spans; gap = self − anchored. A positive, rising gap means compaction is eating its own evidence.",
	}
	if c.cookie {
		chrome.Forms = []report.Form{{Action: "/ui/logout", Button: "Sign out"}}
	}
	var buf bytes.Buffer
	opts := report.SessionOptions{HTMLOptions: report.HTMLOptions{Title: "Session " + id}, Chrome: chrome}
	if err := report.WriteSessionHTML(&buf, v, opts); err != nil {
		d.s.log.Error("ui session page failed", "error", err)
		http.Error(w, "rendering the page failed", http.StatusInternalServerError)
		return nil
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
	return nil
}

// decodeDecision reads a recorded decision; one that does not decode is
// shown as such rather than hidden.
func decodeDecision(rec ledger.DecisionRecord) *guard.Decision {
	var dec guard.Decision
	if err := json.Unmarshal(rec.Body, &dec); err != nil {
		return &guard.Decision{Seq: rec.Seq, Type: rec.Type, Reason: "unreadable",
			Message: "the recorded decision could not be decoded: " + err.Error()}
	}
	return &dec
}
