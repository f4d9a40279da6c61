package client_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/client"
)

// TestRequestShape checks what the client puts on the wire and how it
// reads errors, against a stub server.
func TestRequestShape(t *testing.T) {
	var got *http.Request
	var body string
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/spans"):
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"error":"spans[0].kind: unknown kind","field":"spans[0].kind"}`)
		case strings.HasSuffix(r.URL.Path, "/budget"):
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `{"error":"tenant token","decision":{"seq":3,"type":"budget","accepted":false,"reason":"unauthorized"}}`)
		case r.URL.Path == "/readyz":
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"status":"unavailable","reason":"store: down"}`)
		default:
			w.WriteHeader(http.StatusBadGateway)
			io.WriteString(w, `not json`)
		}
	}))
	defer hs.Close()
	ctx := context.Background()
	c := client.New(hs.URL+"/", "tok", client.WithHeader("X-Compactguard-Tenant", "acme"))

	cases := []struct {
		name    string
		call    func() error
		path    string
		method  string
		status  int
		field   string
		message string
	}{
		{"append", func() error {
			_, err := c.Append(ctx, "a/b c", []client.Span{{ID: "s1", Kind: "robot", Text: "x"}})
			return err
		}, "/v1/sessions/a%2Fb%20c/spans", "POST", 400, "spans[0].kind", "unknown kind"},
		{"budget", func() error {
			_, err := c.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 5})
			return err
		}, "/v1/sessions/s/budget", "PUT", 403, "", "tenant token"},
		{"ready", func() error { return c.Ready(ctx) }, "/readyz", "GET", 503, "", "store: down"},
		{"not json", func() error { _, err := c.Session(ctx, "s"); return err }, "/v1/sessions/s", "GET", 502, "", "not json"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			var ae *client.APIError
			if !errors.As(err, &ae) {
				t.Fatalf("want *APIError, got %v", err)
			}
			if ae.Status != tc.status || ae.Field != tc.field || !strings.Contains(ae.Message, tc.message) {
				t.Errorf("APIError %+v", ae)
			}
			if client.StatusOf(err) != tc.status {
				t.Errorf("StatusOf = %d", client.StatusOf(err))
			}
			if got.Method != tc.method || got.URL.EscapedPath() != tc.path {
				t.Errorf("sent %s %s, want %s %s", got.Method, got.URL.EscapedPath(), tc.method, tc.path)
			}
			if got.Header.Get("Authorization") != "Bearer tok" || got.Header.Get("X-Compactguard-Tenant") != "acme" {
				t.Errorf("headers %v", got.Header)
			}
			if tc.method != "GET" && got.Header.Get("Content-Type") != "application/json" {
				t.Errorf("content type %q", got.Header.Get("Content-Type"))
			}
			if tc.name == "budget" {
				if ae.Decision == nil || ae.Decision.Reason != "unauthorized" {
					t.Errorf("403 decision %+v", ae.Decision)
				}
				if body != `{"tokens":5}` {
					t.Errorf("budget body %s", body)
				}
			}
		})
	}
}
