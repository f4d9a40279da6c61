package report

import (
	"fmt"
	"html/template"
	"io"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/replay"
)

// SessionView is one live session as a server reads it from its store:
// the decisions of its audit trail (the ledger's DecisionRecord bodies,
// decoded) and its state now. WriteSessionHTML renders it with the same
// views as a replay's report.
type SessionView struct {
	// ID is the session's id; Tenant and Created come from its SessionInfo.
	ID      string
	Tenant  string
	Created time.Time
	// Decisions is the audit trail in order.
	Decisions []*guard.Decision
	// State is the session state now.
	State ledger.State
	// Spans and Tokens count the ledger's records and their host-counted
	// tokens: everything appended so far.
	Spans, Tokens int
	// ChainOK says ledger.VerifyChain verified the ledger and the audit
	// trail end to end; ChainError is the first break it found. Neither
	// set means the chain was not checked, and the page says nothing of it.
	ChainOK    bool
	ChainError string
}

// Chrome is what a server lays around a session's report: navigation,
// who is signed in, small POST forms (sign out) and notices. Every string
// is escaped like the report's own.
type Chrome struct {
	Links    []Link
	SignedIn string
	Forms    []Form
	// Notices are shown under the title, before the report.
	Notices []Notice
	// Footer replaces the report's footer line; empty keeps a default.
	Footer string
}

// Link is one navigation link.
type Link struct{ Href, Text string }

// Form is a POST form with hidden fields and one button.
type Form struct {
	Action, Button string
	Hidden         []Field
}

// Field is one hidden form field.
type Field struct{ Name, Value string }

// Notice is one line under the title; Severity ("ok", "warn", "bad",
// "info") picks its colour.
type Notice struct{ Severity, Text string }

// SessionOptions adjust WriteSessionHTML: the report's options and the
// server's chrome.
type SessionOptions struct {
	HTMLOptions
	Chrome Chrome
}

// sessionPage is what the served layout renders.
type sessionPage struct {
	Title, Source string
	Chrome        Chrome
	Session       *sessionView
}

// servedLayout lays the report's "session" view inside a served page.
// It uses the report's own templates (style, session, chart, refusal,
// items, edit, phases), parsed again so the two sets never share state.
const servedLayout = `{{define "served"}}<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
{{template "style"}}
<style>
nav.top { display: flex; gap: 16px; align-items: center; margin: -8px 0 16px; font-size: 14px; }
nav.top .who { margin-left: auto; color: var(--dim); }
nav.top form { margin: 0; }
nav.top button { font: inherit; font-size: 13px; padding: 3px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--card); cursor: pointer; }
.notice { border-radius: 6px; padding: 8px 12px; margin: 8px 0; border: 1px solid var(--line); background: var(--card); }
.notice.sev-info { color: var(--dim); }
.notice.sev-ok { border-color: #aceebb; background: var(--ok-bg); color: var(--ok); }
.notice.sev-bad { border-color: #ffc1bc; background: var(--bad-bg); color: #82071e; }
.notice.sev-warn { border-color: #eedc82; background: var(--warn-bg); color: var(--warn); }
</style>
</head>
<body>
<nav class="top">{{range .Chrome.Links}}<a href="{{.Href}}">{{.Text}}</a>{{end}}{{with .Chrome.SignedIn}}<span class="who">{{.}}</span>{{end}}{{range .Chrome.Forms}}<form method="post" action="{{.Action}}">{{range .Hidden}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">{{end}}<button type="submit">{{.Button}}</button></form>{{end}}</nav>
<header class="page">
<h1>{{.Title}}</h1>
{{with .Source}}<p class="source">{{.}}</p>{{end}}
{{range .Chrome.Notices}}<p class="notice sev-{{.Severity}}">{{.Text}}</p>
{{end}}</header>
{{template "session" .Session}}
<footer class="page">{{with .Chrome.Footer}}{{.}}{{else}}Scores: self is the summary judged by itself; anchored is the summary judged against the pinned original spans; gap = self − anchored. A positive, rising gap means compaction is eating its own evidence.{{end}}</footer>
</body>
</html>
{{end}}`

// newServedTemplate parses the report's templates and the served layout
// into a fresh set.
func newServedTemplate() (*template.Template, error) {
	t, err := template.New("served-set").Funcs(template.FuncMap{
		"inc": func(i int) int { return i + 1 },
	}).ParseFS(templateFS, "templates/*.html.tmpl")
	if err != nil {
		return nil, err
	}
	return t.Parse(servedLayout)
}

// servedTemplate is parsed once; it is never modified after, so sharing
// it between goroutines is safe.
var servedTemplate = template.Must(newServedTemplate())

// WriteSessionHTML writes one self-contained HTML page for a live session,
// with the views of WriteHTML (summary, score and gap chart, refused
// compactions with their items, evidence and repair, policy edits against
// the budget, phase timeline, every decision) built from the session's
// audit trail, inside the server's chrome. Like WriteHTML it needs no
// network and no JavaScript, and html/template escapes every string.
func WriteSessionHTML(w io.Writer, s SessionView, opts SessionOptions) error {
	page := sessionPage{Title: opts.Title, Source: opts.Source, Chrome: opts.Chrome}
	if page.Title == "" {
		page.Title = "session " + s.ID
	}
	page.Chrome.Notices = append(sessionNotices(s), opts.Chrome.Notices...)
	// The report's views are built from a replay's result; a live session
	// has the same parts, read from the store instead.
	r := &replay.Result{Session: s.ID, Decisions: s.Decisions, State: s.State, Spans: s.Spans, Tokens: s.Tokens}
	page.Session = buildSession("session", r, opts.HTMLOptions)
	if err := servedTemplate.ExecuteTemplate(w, "served", page); err != nil {
		return fmt.Errorf("rendering session %q: %w", s.ID, err)
	}
	return nil
}

// sessionNotices says what a live session's page states before the
// report: the chain status and the session's state now.
func sessionNotices(s SessionView) []Notice {
	var out []Notice
	switch {
	case s.ChainError != "":
		out = append(out, Notice{"bad", "Audit trail chain broken: " + sentence(s.ChainError) + " Decisions from there on cannot be trusted as recorded."})
	case s.ChainOK:
		out = append(out, Notice{"ok", fmt.Sprintf("Audit trail chain verified: %s and %s hash-chained end to end.",
			plural(len(s.Decisions), "decision", "decisions"), plural(s.Spans, "ledger record", "ledger records"))})
	}
	st := s.State
	now := fmt.Sprintf("Now: live view v%d holds %s tokens against a budget of %s", st.Version, thousands(st.LiveTokens), thousands(st.Budget))
	if st.Policy != "" {
		now += fmt.Sprintf("; policy %s@%d", st.Policy, st.PolicyVersion)
	}
	if st.Phase != "" {
		now += "; phase " + st.Phase
	}
	if !s.Created.IsZero() {
		now += ". Created " + s.Created.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	if s.Tenant != "" {
		now += " for tenant " + s.Tenant
	}
	// Plain: the report's own alert already flags a view over budget.
	sev := "info"
	out = append(out, Notice{sev, now + "."})
	return out
}
