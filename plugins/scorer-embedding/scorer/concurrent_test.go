package scorer

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/framejudge"
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

// TestConcurrentJudgeAgreesWithOneGoroutine: the judge reads originals
// and judges items on several goroutines (framejudge.Options.Workers).
// Run under -race: every request of the equivalence set gets, verdict for
// verdict, what one goroutine gives.
func TestConcurrentJudgeAgreesWithOneGoroutine(t *testing.T) {
	s := New()
	ctx := context.Background()
	one := framejudge.NewWithOptions(s.reader, framejudge.Options{Workers: 1})
	many := framejudge.NewWithOptions(s.reader, framejudge.Options{Workers: 4})
	for _, r := range equivalenceRequests(t) {
		items := fillTexts(r.req.Items, r.req.Originals)
		want, err := one.Judge(ctx, r.req.Candidate, items, r.req.Originals)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		got, err := many.Judge(ctx, r.req.Candidate, items, r.req.Originals)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: four goroutines judged differently from one", r.name)
		}
	}
}
