package api

import (
	"fmt"
	"testing"
	"time"
)

// TestAuthThrottle walks one address through its failure budget on a
// fake clock: AuthFailBurst failures pass, the next must wait
// AuthFailEvery, time refills the budget, other addresses are untouched.
func TestAuthThrottle(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	th := newAuthThrottle(AuthFailBurst, func() time.Time { return now })
	steps := []struct {
		name     string
		advance  time.Duration
		fail     int // failures to count first
		addr     string
		wantWait time.Duration
	}{
		{"fresh address", 0, 0, "a", 0},
		{"within the burst", 0, AuthFailBurst - 1, "a", 0},
		{"burst spent", 0, 1, "a", AuthFailEvery},
		{"other address unaffected", 0, 0, "b", 0},
		{"half refilled", AuthFailEvery / 2, 0, "a", AuthFailEvery / 2},
		{"one failure refilled", AuthFailEvery / 2, 0, "a", 0},
		{"spent again", 0, 1, "a", AuthFailEvery},
		{"fully refilled, forgotten", AuthFailBurst * AuthFailEvery, 0, "a", 0},
	}
	for _, s := range steps {
		now = now.Add(s.advance)
		for range s.fail {
			th.failed(s.addr)
		}
		if got := th.wait(s.addr); got != s.wantWait {
			t.Errorf("%s: wait(%q) = %v, want %v", s.name, s.addr, got, s.wantWait)
		}
	}
	if _, ok := th.clients["a"]; ok {
		t.Error("an address whose budget refilled is still remembered")
	}
}

// TestAuthThrottleBounded: the addresses remembered stay bounded when
// every one of them is mid-attack, and refilled ones are forgotten first.
func TestAuthThrottleBounded(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	th := newAuthThrottle(AuthFailBurst, func() time.Time { return now })
	for i := range maxThrottled + 100 {
		th.failed(fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	if len(th.clients) != maxThrottled {
		t.Errorf("%d addresses remembered, want the bound %d", len(th.clients), maxThrottled)
	}
	th.failed("late")
	if _, ok := th.clients["late"]; ok || len(th.clients) != maxThrottled {
		t.Errorf("a full table grew (%d addresses)", len(th.clients))
	}
	now = now.Add(AuthFailEvery) // each address's one failure has refilled
	th.failed("later")
	if _, ok := th.clients["later"]; !ok || len(th.clients) != 1 {
		t.Errorf("after every budget refilled: %d addresses remembered, want only the new one", len(th.clients))
	}
}
