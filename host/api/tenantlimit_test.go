package api

import (
	"testing"
	"time"
)

// TestTenantLimiterAdmit walks one tenant through its in-flight slots and
// its bucket on a fake clock: a request past either is refused with the
// limit's name and a wait, a refused request takes nothing, a released
// slot and elapsed time admit again, and another tenant is untouched.
func TestTenantLimiterAdmit(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	ls := newTenantLimiters([]string{"noisy", "quiet"}, TenantLimits{MaxInflight: 2, Rate: 1, Burst: 3})
	type held struct{ release func() }
	var inflight []held
	steps := []struct {
		name      string
		tenant    string
		advance   time.Duration
		release   int // in-flight requests to finish first
		wantLimit string
		wantWait  time.Duration
	}{
		{"first", "noisy", 0, 0, "", 0},
		{"second", "noisy", 0, 0, "", 0},
		{"third while two are in flight", "noisy", 0, 0, "tenant_max_inflight", time.Second},
		{"other tenant unaffected", "quiet", 0, 1, "", 0},
		{"a slot freed, last token of the burst", "noisy", 0, 1, "", 0},
		{"bucket empty", "noisy", 0, 2, "tenant_rate", time.Second},
		{"half a token later", "noisy", 500 * time.Millisecond, 0, "tenant_rate", 500 * time.Millisecond},
		{"a token later", "noisy", 500 * time.Millisecond, 0, "", 0},
	}
	for _, s := range steps {
		now = now.Add(s.advance)
		for range s.release {
			inflight[0].release()
			inflight = inflight[1:]
		}
		release, limit, wait := ls[s.tenant].admit(now)
		if limit != s.wantLimit || wait != s.wantWait || (release == nil) != (s.wantLimit != "") {
			t.Fatalf("%s: admit = (release set %v, %q, %v), want (%v, %q, %v)", s.name, release != nil, limit, wait, s.wantLimit == "", s.wantLimit, s.wantWait)
		}
		if release != nil {
			inflight = append(inflight, held{release})
		}
	}
}

// TestTenantLimiterOff: zero limits admit everything.
func TestTenantLimiterOff(t *testing.T) {
	ls := newTenantLimiters([]string{"a"}, TenantLimits{})
	now := time.Unix(1_800_000_000, 0)
	for i := range 1000 {
		if release, limit, _ := ls["a"].admit(now); release == nil {
			t.Fatalf("request %d refused (%s) with every limit off", i, limit)
		}
	}
}
