package config

import (
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/policy"
)

// TestPolicyLimits: guard.policy_limits sets each limit it names and
// leaves the others at their defaults; without it every limit is its
// default; zero, a negative number or a bad duration is an error at the
// value, never "no limit".
func TestPolicyLimits(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string
		want func(*policy.Limits)
		errs []want
	}{
		{name: "absent: the defaults", src: "", want: func(*policy.Limits) {}},
		{name: "empty block: the defaults", src: "guard {\n  policy_limits {\n  }\n}\n", want: func(*policy.Limits) {}},
		{
			name: "every attribute",
			src: "guard {\n  policy_limits {\n    max_bytes = 1000\n    max_depth = 8\n    max_unary_run = 2\n    max_conditionals = 3\n" +
				"    max_expressions = 400\n    max_collection = 50\n    max_span_steps = 600\n    eval_timeout = \"250ms\"\n  }\n}\n",
			want: func(l *policy.Limits) {
				*l = policy.Limits{MaxBytes: 1000, MaxDepth: 8, MaxUnaryRun: 2, MaxConditionals: 3, MaxExpressions: 400,
					MaxCollection: 50, MaxSpanSteps: 600, EvalTimeout: 250 * time.Millisecond}
			},
		},
		{
			name: "zero and negative are errors at the value",
			src:  "guard {\n  policy_limits {\n    max_depth = 0\n    max_bytes = -5\n    eval_timeout = \"0s\"\n  }\n}\n",
			errs: []want{{"policies.hcl:3:17", "Invalid policy limit"}, {"policies.hcl:4:17", "Invalid policy limit"}, {"policies.hcl:5:20", "Invalid duration"}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg, diags := (&Loader{Env: map[string]string{"ADMIN_CRED": "x"}}).Parse([]byte(tc.src+tail), "policies.hcl")
			if tc.errs != nil {
				got := errorsOf(diags)
				if len(got) != len(tc.errs) {
					t.Fatalf("errors %v, want %v", got, tc.errs)
				}
				for i := range got {
					if got[i] != tc.errs[i] {
						t.Errorf("error %d: %v, want %v", i, got[i], tc.errs[i])
					}
				}
				if !strings.Contains(diags[0].Detail, "no limit") {
					t.Errorf("detail %q does not say there is no \"no limit\"", diags[0].Detail)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatalf("diagnostics: %v", diags)
			}
			want := policy.DefaultLimits()
			tc.want(&want)
			if cfg.Guard.PolicyLimits != want {
				t.Errorf("PolicyLimits = %+v, want %+v", cfg.Guard.PolicyLimits, want)
			}
		})
	}
}

// TestDeepConfigFileIsADiagnostic: the configuration file is scanned
// before the parser too; 100,000 nested parentheses were a fatal stack
// overflow and are now a diagnostic at their position.
func TestDeepConfigFileIsADiagnostic(t *testing.T) {
	t.Parallel()
	src := "policy \"deep\" {\n  top_k = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "\n}\n" + tail
	_, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(src), "policies.hcl")
	got := errorsOf(diags)
	if len(got) != 1 || got[0] != (want{"policies.hcl:2:1010", "Policy nested too deeply"}) {
		t.Fatalf("errors %v, want the nesting limit at line 2", got)
	}
}

// TestAPITimeouts: the connection timeouts default to values a
// legitimate client never hits, read_timeout grows with max_body_bytes
// (the largest body at 128 KiB/s), each can be set, and a read_timeout
// shorter than read_header_timeout is an error at its value.
func TestAPITimeouts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name               string
		src                string
		header, read, idle time.Duration
		err                *want
	}{
		{name: "no api block", header: 10 * time.Second, read: 2 * time.Minute, idle: 2 * time.Minute},
		{name: "defaults", src: "api {\n}\n", header: 10 * time.Second, read: 2 * time.Minute, idle: 2 * time.Minute},
		{name: "a 64 MiB body gets time at 128 KiB/s", src: "api {\n  max_body_bytes = 67108864\n}\n", header: 10 * time.Second, read: 10*time.Second + 513*time.Second, idle: 2 * time.Minute},
		{name: "set", src: "api {\n  read_header_timeout = \"5s\"\n  read_timeout = \"30s\"\n  idle_timeout = \"1m\"\n}\n", header: 5 * time.Second, read: 30 * time.Second, idle: time.Minute},
		{name: "read shorter than header", src: "api {\n  read_header_timeout = \"20s\"\n  read_timeout = \"10s\"\n}\n", err: &want{"policies.hcl:3:18", "Invalid read_timeout"}},
		{name: "not a duration", src: "api {\n  idle_timeout = \"forever\"\n}\n", err: &want{"policies.hcl:2:18", "Invalid duration"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(tc.src+tail), "policies.hcl")
			if tc.err != nil {
				if got := errorsOf(diags); len(got) != 1 || got[0] != *tc.err {
					t.Fatalf("errors %v, want %v", got, *tc.err)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatalf("diagnostics: %v", diags)
			}
			a := cfg.API
			if a.ReadHeaderTimeout != tc.header || a.ReadTimeout != tc.read || a.IdleTimeout != tc.idle {
				t.Errorf("timeouts %s %s %s, want %s %s %s", a.ReadHeaderTimeout, a.ReadTimeout, a.IdleTimeout, tc.header, tc.read, tc.idle)
			}
		})
	}
}
