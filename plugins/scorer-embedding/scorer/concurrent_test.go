package scorer

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestConcurrentScore: the host may make overlapping Score calls (many
// sessions, slow calls made outside its store lock). Run under -race:
// calls share nothing mutable, and each answer equals the one a lone call
// gives.
func TestConcurrentScore(t *testing.T) {
	s := New()
	if _, err := s.Configure(context.Background(), &sdk.ConfigureRequest{Config: []byte(`{"backend":"hashed"}`)}); err != nil {
		t.Fatal(err)
	}
	req := decisionRequest(t)
	want, err := s.Score(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				got, err := s.Score(context.Background(), req)
				if err != nil {
					errs <- err.Error()
					return
				}
				if !reflect.DeepEqual(got, want) {
					errs <- "a concurrent Score answered differently from a lone one"
					return
				}
				if _, err := s.SelfScore(context.Background(), &sdk.SelfScoreRequest{Candidate: req.Candidate}); err != nil {
					errs <- err.Error()
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
