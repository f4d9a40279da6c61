package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/examples/orchestrator-go/orchtest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// TestRunAgainstServe runs the loop against a real `compactguard serve`
// with the reference plugins: the careless summary is refused with the
// prohibition lost, the repaired one allowed, the chain verifies.
func TestRunAgainstServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds compactguard and the reference plugins and starts a server")
	}
	srv := orchtest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	var out strings.Builder
	res, err := Run(ctx, Options{URL: srv.URL, Token: srv.Token, Session: "orchestrator-go-test"}, &out)
	if err != nil {
		t.Fatalf("Run: %v\noutput:\n%s\nserver:\n%s", err, &out, srv.Stderr())
	}
	t.Logf("output:\n%s", &out)
	if res.Session != "orchestrator-go-test" || res.Refusals != 1 || res.Compactions < 2 || !res.KeptProhibition {
		t.Errorf("result: %+v, want the named session, one refusal, at least two compactions and the prohibition kept", res)
	}
	if res.Trail == nil || !res.Trail.ChainOK {
		t.Errorf("trail: %+v, want chain_ok", res.Trail)
	}
	orchtest.CheckOutput(t, out.String())
	orchtest.CheckTrail(t, srv.Client(), res.Session)

	// Exit statuses: an HTTP error is 1, a missing token is 2.
	cases := []struct {
		name string
		args []string
		env  map[string]string
		want int
	}{
		{"wrong token", []string{"-url", srv.URL}, map[string]string{orchtest.TokenEnv: "not-the-token"}, 1},
		{"session exists", []string{"-url", srv.URL, "-session", res.Session}, map[string]string{orchtest.TokenEnv: srv.Token}, 1},
		{"no token", []string{"-url", srv.URL}, nil, 2},
		{"bad flag", []string{"-nope"}, map[string]string{orchtest.TokenEnv: srv.Token}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			lookup := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
			if got := realMain(ctx, tc.args, lookup, &stdout, &stderr); got != tc.want {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", got, tc.want, &stdout, &stderr)
			}
			if tc.want == 1 && !strings.Contains(stderr.String(), "compactguard: 4") {
				t.Errorf("stderr does not name the HTTP status: %s", &stderr)
			}
		})
	}
}

// TestSummaries checks the scripted model offline: the careless summary
// lacks the prohibition, the faithful one carries it verbatim.
func TestSummaries(t *testing.T) {
	a := &agent{context: append([]step(nil), work[:12]...)}
	careless, faithful := a.summarize(true), a.summarize(false)
	if strings.Contains(careless, Prohibition) {
		t.Errorf("careless summary keeps the prohibition:\n%s", careless)
	}
	if !strings.Contains(faithful, "- [u2] Important: "+Prohibition) {
		t.Errorf("faithful summary lacks the prohibition:\n%s", faithful)
	}
	if !strings.Contains(careless, "5,000 rows") {
		t.Errorf("careless summary should keep the batch size, as in the incident:\n%s", careless)
	}
}
