package plugins

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

// waitInfo polls the manager's first plugin until ok holds, failing the
// test at the deadline with the last Info seen. It never sleeps for a
// fixed time to let something happen: it looks until it has.
func waitInfo(t *testing.T, m *Manager, what string, ok func(Info) bool) Info {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		in := m.Infos()[0]
		if ok(in) {
			return in
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: last info %+v", what, in)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// copyBinary copies the test plugin from pkg into a folder of the test's
// own, so the test can change or remove it without touching the shared
// build.
func copyBinary(t *testing.T, pkg string) string {
	t.Helper()
	b, err := os.ReadFile(bin(t, pkg))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), plugintest.BinaryName(pkg))
	if err := os.WriteFile(path, b, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// replaceFile puts content at path by rename, as an upgrade would: a
// running process keeps its old file, and no write hits a busy text file.
func replaceFile(t *testing.T, path string, content []byte) {
	t.Helper()
	tmp := path + ".new"
	if err := os.WriteFile(tmp, content, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// A process that dies between calls is noticed and restarted by the
// supervisor's watcher: no call is needed to bring it back.
func TestIdleDeathIsRestartedWithoutACall(t *testing.T) {
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "good", Command: bin(t, plugintest.GoodExtractor)}},
		WithWatchInterval(20*time.Millisecond))
	first := m.Infos()[0]
	if first.State != StateServing || first.Failures != 0 {
		t.Fatalf("after start: %+v", first)
	}
	if err := syscall.Kill(first.PID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	in := waitInfo(t, m, "a new process", func(in Info) bool { return in.PID != first.PID && in.State == StateServing })
	if in.Restarts != 1 || in.Failures != 1 || in.RestartFailures != 0 || in.Cause != "" {
		t.Errorf("after the restart: %+v", in)
	}
	if !alive(in.PID) {
		t.Errorf("new process %d is not running", in.PID)
	}
	if _, err := m.Extractors()[0].Extract(context.Background(), spans("do not")); err != nil {
		t.Errorf("call after the watcher's restart: %v", err)
	}
}

// A plugin whose restarts fail is unrecoverable, with the cause named,
// until its binary is back; then the supervisor's own retries bring it
// back to serving, and the time it spent unrecoverable is kept.
func TestUnrecoverableUntilTheBinaryIsBack(t *testing.T) {
	tests := []struct {
		name  string
		cause string
		// breakBinary makes the binary at path unstartable.
		breakBinary func(t *testing.T, path string)
	}{
		{"swapped", CauseChecksumMismatch, func(t *testing.T, path string) {
			other, err := os.ReadFile(bin(t, plugintest.HangExtractor))
			if err != nil {
				t.Fatal(err)
			}
			replaceFile(t, path, other)
		}},
		{"removed", CauseNotFound, func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := copyBinary(t, plugintest.GoodExtractor)
			good, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "good", Command: path}},
				WithBackoff(20*time.Millisecond, 100*time.Millisecond), WithWatchInterval(20*time.Millisecond))
			first := m.Infos()[0]

			tt.breakBinary(t, path)
			if err := syscall.Kill(first.PID, syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			in := waitInfo(t, m, "unrecoverable", func(in Info) bool { return in.State == StateUnrecoverable })
			if in.Cause != tt.cause || in.RestartFailures < 1 || in.Failures != 1 || in.Since.IsZero() || in.Error == "" {
				t.Errorf("unrecoverable: %+v, want cause %s", in, tt.cause)
			}
			_, err = m.Extractors()[0].Extract(context.Background(), spans("do not"))
			if !errors.Is(err, ErrUnavailable) {
				t.Errorf("call while unrecoverable: got %v, want ErrUnavailable", err)
			}

			replaceFile(t, path, good)
			in = waitInfo(t, m, "serving again", func(in Info) bool { return in.State == StateServing })
			if in.PID == first.PID || in.Restarts != 1 || in.Cause != "" || in.Error != "" || in.Unrecoverable <= 0 {
				t.Errorf("recovered: %+v", in)
			}
			if _, err := m.Extractors()[0].Extract(context.Background(), spans("do not")); err != nil {
				t.Errorf("call after recovery: %v", err)
			}
			// The unrecoverable time stops growing once the plugin serves.
			if later := m.Infos()[0]; later.Unrecoverable != in.Unrecoverable {
				t.Errorf("unrecoverable time grew after recovery: %s then %s", in.Unrecoverable, later.Unrecoverable)
			}
		})
	}
}

// The state a supervisor reports in each situation, including a restart
// that is overdue without having failed (no handshake in time).
func TestHealthStates(t *testing.T) {
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	spec := Spec{Timeout: time.Second, StartTimeout: 10 * time.Second}
	checksum := &wrapped{msg: "binary changed", err: ErrChecksum}
	tests := []struct {
		name      string
		sup       Supervisor
		state     State
		cause     string
		since     time.Time
		unrecover time.Duration
	}{
		{"closed", Supervisor{spec: spec, closed: true}, StateClosed, CauseClosed, time.Time{}, 0},
		{"down within the backoff", Supervisor{spec: spec, retryAt: now.Add(time.Second), downSince: now.Add(-time.Second)},
			StateRestarting, CauseExited, now.Add(-time.Second), 0},
		{"restart due, still in its start timeout", Supervisor{spec: spec, retryAt: now.Add(-5 * time.Second), downSince: now.Add(-6 * time.Second)},
			StateRestarting, CauseExited, now.Add(-6 * time.Second), 0},
		{"restart overdue: no handshake", Supervisor{spec: spec, retryAt: now.Add(-13 * time.Second), downSince: now.Add(-14 * time.Second)},
			StateUnrecoverable, CauseNoHandshake, now.Add(-time.Second), time.Second},
		{"last restart failed", Supervisor{spec: spec, lastErr: checksum, unrecSince: now.Add(-3 * time.Second), unrecTotal: 2 * time.Second, retryAt: now.Add(time.Second)},
			StateUnrecoverable, CauseChecksumMismatch, now.Add(-3 * time.Second), 5 * time.Second},
		{"recovered earlier", Supervisor{spec: spec, unrecTotal: 2 * time.Second, retryAt: now.Add(time.Second)},
			StateRestarting, CauseExited, time.Time{}, 2 * time.Second},
	}
	for i := range tests {
		tt := &tests[i] // a Supervisor holds atomics: never copied
		t.Run(tt.name, func(t *testing.T) {
			h := tt.sup.healthLocked(now)
			if h.state != tt.state || h.cause != tt.cause || !h.since.Equal(tt.since) || h.unrecoverable != tt.unrecover {
				t.Errorf("got %s/%s since %s, unrecoverable %s; want %s/%s since %s, unrecoverable %s",
					h.state, h.cause, h.since, h.unrecoverable, tt.state, tt.cause, tt.since, tt.unrecover)
			}
		})
	}
}

func TestCauseOf(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&wrapped{msg: "changed", err: ErrChecksum}, CauseChecksumMismatch},
		{&wrapped{msg: "gone", err: ErrNotFound}, CauseNotFound},
		{&wrapped{msg: "a scorer", err: ErrWrongKind}, CauseWrongKind},
		{&wrapped{msg: "v9", err: ErrProtocol}, CauseProtocol},
		{fmt.Errorf("%w: Configure after restart: bad", ErrConfig), CauseConfigRejected},
		{fmt.Errorf("%w: Describe: timeout", ErrStart), CauseStartFailed},
		{errors.New("anything else"), CauseStartFailed},
	}
	for _, tt := range tests {
		if got := causeOf(tt.err); got != tt.want {
			t.Errorf("causeOf(%v) = %s, want %s", tt.err, got, tt.want)
		}
	}
}

// A secret kept in a variable every plugin gets would reach them all:
// Start refuses it before starting anything.
func TestStartRefusesSecretInImplicitEnv(t *testing.T) {
	for _, name := range ImplicitEnv() {
		t.Run(name, func(t *testing.T) {
			_, err := start(t, []Spec{{Kind: sdk.KindExtractor, Name: "good", Command: bin(t, plugintest.GoodExtractor)}},
				WithDeniedEnv("CG_TOKEN", name))
			if !errors.Is(err, ErrSecretEnv) || !strings.Contains(err.Error(), name) {
				t.Errorf("got %v, want ErrSecretEnv naming %s", err, name)
			}
		})
	}
}
