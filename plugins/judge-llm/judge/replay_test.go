package judge

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// No model can run where this plugin is built and tested. In its place, a
// real local HTTP server (httptest) replays chat-completion responses in
// the OpenAI wire format, one recorded exchange per request, in order:
// testdata/recorded/*.json. Each file is a list of
// {"status", "headers", "body"}; "hang": true makes the server hold the
// request until the client gives up (a timeout). How well the plugin
// judges depends on the model, which users measure on their own endpoint.

// exchange is one recorded answer.
type exchange struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    json.RawMessage   `json:"body"`
	Hang    bool              `json:"hang"`
}

// sentRequest is what the plugin sent, as the server read it.
type sentRequest struct {
	Path          string
	Authorization string
	Body          chatRequest
	Format        struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	}
}

// replayServer serves the exchanges of the named recordings, in order.
// Asked past the last one, it answers 500 and the test fails.
type replayServer struct {
	*httptest.Server
	mu        sync.Mutex
	exchanges []exchange
	sent      []sentRequest
}

func replay(t *testing.T, names ...string) *replayServer {
	t.Helper()
	rs := &replayServer{}
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("testdata", "recorded", n))
		if err != nil {
			t.Fatal(err)
		}
		var ex []exchange
		if err := json.Unmarshal(data, &ex); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		rs.exchanges = append(rs.exchanges, ex...)
	}
	rs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var sr sentRequest
		sr.Path, sr.Authorization = r.URL.Path, r.Header.Get("Authorization")
		if err := json.Unmarshal(body, &sr.Body); err != nil {
			t.Errorf("the plugin sent a body that is not a chat request: %v", err)
		}
		if len(sr.Body.ResponseFormat) > 0 {
			if err := json.Unmarshal(sr.Body.ResponseFormat, &sr.Format); err != nil {
				t.Errorf("response_format: %v", err)
			}
		}
		rs.mu.Lock()
		n := len(rs.sent)
		rs.sent = append(rs.sent, sr)
		rs.mu.Unlock()
		if n >= len(rs.exchanges) {
			t.Errorf("request %d: no recorded exchange left (%d recorded)", n+1, len(rs.exchanges))
			http.Error(w, "no recording", http.StatusInternalServerError)
			return
		}
		ex := rs.exchanges[n]
		if ex.Hang {
			<-r.Context().Done()
			return
		}
		for k, v := range ex.Headers {
			w.Header().Set(k, v)
		}
		w.WriteHeader(ex.Status)
		_, _ = w.Write(ex.Body)
	}))
	t.Cleanup(rs.Close)
	return rs
}

// requests returns what the plugin has sent so far.
func (rs *replayServer) requests() []sentRequest {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return append([]sentRequest(nil), rs.sent...)
}
