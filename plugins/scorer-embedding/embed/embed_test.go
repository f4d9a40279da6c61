package embed

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer speaks the OpenAI embeddings JSON; fail decides per request
// number (from 1) which status to answer instead of 200.
func fakeServer(t *testing.T, fail func(n int64) int) (*httptest.Server, *atomic.Int64, *[]int) {
	t.Helper()
	var count atomic.Int64
	var sizes []int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := count.Add(1)
		if r.URL.Path != "/v1/embeddings" || r.Method != http.MethodPost {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if code := fail(n); code != 0 {
			http.Error(w, `{"error":"nope"}`, code)
			return
		}
		var req embeddingRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "m" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		sizes = append(sizes, len(req.Input))
		type item struct {
			Embedding []float32 `json:"embedding"`
			Index     int       `json:"index"`
		}
		var resp struct {
			Data []item `json:"data"`
		}
		// Answer in reverse order to check that index is honoured.
		for i := len(req.Input) - 1; i >= 0; i-- {
			resp.Data = append(resp.Data, item{Embedding: []float32{float32(len(req.Input[i])), 1}, Index: i})
		}
		json.NewEncoder(w).Encode(resp)
	}))
	t.Cleanup(srv.Close)
	return srv, &count, &sizes
}

func TestOpenAI(t *testing.T) {
	texts := []string{"a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g"}
	tests := []struct {
		name      string
		fail      func(n int64) int
		batch     int
		wantReqs  int64
		wantErr   bool
		wantSizes []int
	}{
		{"batches of 3", func(int64) int { return 0 }, 3, 3, false, []int{3, 3, 1}},
		{"one batch", func(int64) int { return 0 }, 64, 1, false, []int{7}},
		{"503 then success", func(n int64) int {
			if n == 1 {
				return http.StatusServiceUnavailable
			}
			return 0
		}, 64, 2, false, []int{7}},
		{"429 then success", func(n int64) int {
			if n == 1 {
				return http.StatusTooManyRequests
			}
			return 0
		}, 64, 2, false, []int{7}},
		{"400 not retried", func(int64) int { return http.StatusBadRequest }, 64, 1, true, nil},
		{"500 bounded attempts", func(int64) int { return http.StatusInternalServerError }, 64, 3, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, count, sizes := fakeServer(t, tt.fail)
			o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL + "/v1", Model: "m", BatchSize: tt.batch, MaxAttempts: 3, Backoff: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			vecs, err := o.Embed(context.Background(), texts)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, ErrEndpoint) {
				t.Errorf("error %v does not wrap ErrEndpoint", err)
			}
			if got := count.Load(); got != tt.wantReqs {
				t.Errorf("requests = %d, want %d", got, tt.wantReqs)
			}
			if tt.wantErr {
				return
			}
			if len(*sizes) != len(tt.wantSizes) {
				t.Fatalf("batch sizes %v, want %v", *sizes, tt.wantSizes)
			}
			for i, v := range vecs {
				// The fake encodes len(text) in dimension 0 before normalising.
				want := Normalize([]float32{float32(len(texts[i])), 1})
				if Cosine(v, want) < 0.9999 {
					t.Errorf("vector %d = %v, want %v (index order)", i, v, want)
				}
			}
		})
	}
}

func TestOpenAICacheHitMakesNoRequest(t *testing.T) {
	srv, count, _ := fakeServer(t, func(int64) int { return 0 })
	o, err := NewOpenAI(OpenAIConfig{BaseURL: srv.URL, Model: "m", BatchSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	if o.URL() != srv.URL+"/v1/embeddings" {
		t.Fatalf("url %s", o.URL())
	}
	ctx := context.Background()
	if _, err := o.Embed(ctx, []string{"x", "y", "z"}); err != nil {
		t.Fatal(err)
	}
	before := count.Load()
	if _, err := o.Embed(ctx, []string{"z", "x", "y"}); err != nil {
		t.Fatal(err)
	}
	if count.Load() != before {
		t.Errorf("cached texts made %d requests", count.Load()-before)
	}
	if _, err := o.Embed(ctx, []string{"x", "new"}); err != nil {
		t.Fatal(err)
	}
	if count.Load() != before+1 {
		t.Errorf("one new text made %d requests, want 1", count.Load()-before)
	}
}

func TestOpenAIRequiresBaseURL(t *testing.T) {
	if _, err := NewOpenAI(OpenAIConfig{Model: "m"}); err == nil {
		t.Fatal("want error without base_url")
	}
}

func TestLRUBounded(t *testing.T) {
	c := newLRU(2)
	c.put([32]byte{1}, []float32{1})
	c.put([32]byte{2}, []float32{2})
	c.get([32]byte{1})
	c.put([32]byte{3}, []float32{3})
	if _, ok := c.get([32]byte{2}); ok {
		t.Error("least recently used entry kept")
	}
	if _, ok := c.get([32]byte{1}); !ok || c.Len() != 2 {
		t.Error("recent entry evicted or size wrong")
	}
}
