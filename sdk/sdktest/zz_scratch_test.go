package sdktest

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
	"github.com/compactguard/compactguard/sdk"
)

func TestZZScratch(t *testing.T) {
	r, _ := kitReader()
	for _, cfg := range []string{`{"backend":"hashed"}`, `{"backend":"hashed","judge":"frames"}`} {
		s := scorer.New()
		cr, err := s.Configure(context.Background(), &sdk.ConfigureRequest{Config: []byte(cfg)})
		if err != nil || cr.Diagnostics.HasErrors() {
			t.Fatal(err, cr.Diagnostics)
		}
		for _, c := range scoreCases() {
			resp, err := s.Score(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			for _, is := range resp.Items {
				if m := floorMiss(r, c.req, is); m != "" {
					t.Logf("%s | %s | item %d (%s) ev=%q: %s", cfg, c.name, is.Index, c.req.Items[is.Index].Category, is.Evidence, m)
				}
			}
		}
	}
}
