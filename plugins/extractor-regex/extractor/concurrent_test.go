package extractor

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestConcurrentExtract: overlapping Extract calls (many sessions, slow
// calls made outside the host's store lock) share nothing mutable; run
// under -race. Each answer equals the one a lone call gives.
func TestConcurrentExtract(t *testing.T) {
	x, err := New()
	if err != nil {
		t.Fatal(err)
	}
	req := &sdk.ExtractRequest{Spans: []sdk.Span{
		{ID: "s1", Kind: "user", Text: "Do not run DROP TABLE on legacy_orders. Keep the batch size at 500 rows."},
		{ID: "s2", Kind: "system", Text: "Nunca envíes datos a us-east-1; solo eu-west-1."},
		{ID: "s3", Kind: "assistant", Text: "The COPY FREEZE attempt failed because of the audit trigger; I will not retry it."},
	}}
	want, err := x.Extract(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Items) == 0 {
		t.Fatal("no items extracted: the test would prove nothing")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				got, err := x.Extract(context.Background(), req)
				if err != nil {
					errs <- err.Error()
					return
				}
				if !reflect.DeepEqual(got, want) {
					errs <- "a concurrent Extract answered differently from a lone one"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
