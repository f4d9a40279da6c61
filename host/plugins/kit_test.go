package plugins

import (
	"testing"
	"time"

	"github.com/compactguard/compactguard/sdk/sdktest"
)

// The conformance kit imports nothing of the host, so it states the
// host's default timeouts itself: a plugin that passes the kit's timeout
// check within them answers the host in time too.
func TestConformanceKitUsesTheHostDefaults(t *testing.T) {
	tests := []struct {
		name      string
		kit, host time.Duration
	}{
		{"call timeout", sdktest.DefaultTimeout, DefaultTimeout},
		{"start timeout", sdktest.DefaultStartTimeout, DefaultStartTimeout},
	}
	for _, tt := range tests {
		if tt.kit != tt.host {
			t.Errorf("%s: the kit uses %s, the host %s; keep them equal", tt.name, tt.kit, tt.host)
		}
	}
}
