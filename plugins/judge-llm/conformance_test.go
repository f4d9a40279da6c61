package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/sdktest"
)

// The conformance kit (what `compactguard plugins test --kind scorer
// bin/judge-llm` runs) against the real binary, over go-plugin and gRPC,
// with the model replaced by recorded chat-completion answers served by
// a local HTTP server: no model can run here.
//
// testdata/conformance.json maps each request the kit's fixed inputs make
// (keyed by the model and the user message) to its recorded answer. Those
// answers were not written by a model: a stand-in wrote them, keeping an
// item only when its text stands verbatim in the candidate, quoting it.
// They pin the plugin's side of the wire (requests, parsing, caching,
// evidence), not any model's judgement. A request with no recording is
// answered by the stand-in and logged: the verdict cache and the kit's
// concurrent checks make which batches a run sends vary, so a miss is no
// failure. JUDGE_LLM_WRITE_RECORDINGS=1 records the misses and rewrites
// the file (after a change to the prompts or the kit).

const conformanceModel = "recorded-stand-in"

var (
	candidateRE = regexp.MustCompile(`(?s)<<<SUMMARY\n(.*)\nSUMMARY>>>`)
	itemLineRE  = regexp.MustCompile(`(?m)^\{"id":.*\}$`)
)

func TestConformsAgainstRecordedEndpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the plugin binary")
	}
	bin := filepath.Join(t.TempDir(), "judge-llm")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	path := filepath.Join("testdata", "conformance.json")
	recorded := map[string]json.RawMessage{}
	if data, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(data, &recorded); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	write := os.Getenv("JUDGE_LLM_WRITE_RECORDINGS") == "1"
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model    string `json:"model"`
			Messages []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"messages"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 {
			http.Error(w, "not a chat request", http.StatusBadRequest)
			return
		}
		user := req.Messages[len(req.Messages)-1].Content
		sum := sha256.Sum256([]byte(req.Model + "\n" + user))
		key := hex.EncodeToString(sum[:])
		mu.Lock()
		answer, ok := recorded[key]
		if !ok {
			// The recordings are the stand-in's own answers (no model can
			// be reached here), so an unrecorded request gets the answer
			// its recording would hold. Which of the kit's batches a run
			// sends can vary with the timing of its concurrent checks, so
			// a miss is logged, not failed; write mode saves it.
			answer = standIn(user)
			if write {
				recorded[key] = answer
			} else {
				t.Logf("request %s was not recorded (user message begins %q): answered by the stand-in; JUDGE_LLM_WRITE_RECORDINGS=1 records it", key[:12], clip(user))
			}
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	}))
	defer srv.Close()

	rep := sdktest.Run(t, sdktest.Config{
		Path:      bin,
		Kind:      sdk.KindScorer,
		Config:    fmt.Sprintf(`{"base_url": %q, "model": %q}`, srv.URL+"/v1", conformanceModel),
		BadConfig: `{"base_url": "http://localhost:11434/v1", "model": "m", "concurrency": 0}`,
	})
	if write {
		data, err := json.MarshalIndent(recorded, "", " ") // keys sorted: a rewrite diffs cleanly
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if rep.Failed() {
		t.Log("the conformance kit failed; see the subtests")
	}
}

// standIn answers one request the way the recordings were made: a Score
// prompt keeps each item whose text stands verbatim in the candidate,
// quoting it, and calls the others lost; a SelfScore prompt answers 0.9
// for a non-empty candidate and 0 for an empty one.
func standIn(user string) json.RawMessage {
	cand := ""
	if m := candidateRE.FindStringSubmatch(user); m != nil {
		cand = m[1]
	}
	var content string
	if lines := itemLineRE.FindAllString(user, -1); len(lines) > 0 {
		type verdict struct {
			ID      string `json:"id"`
			Verdict string `json:"verdict"`
			Quote   string `json:"quote"`
			Reason  string `json:"reason"`
		}
		var out struct {
			Items []verdict `json:"items"`
		}
		for _, l := range lines {
			var it struct {
				ID   string `json:"id"`
				Text string `json:"text"`
			}
			_ = json.Unmarshal([]byte(l), &it)
			if it.Text != "" && strings.Contains(cand, it.Text) {
				out.Items = append(out.Items, verdict{it.ID, "kept", it.Text, "Stated verbatim."})
			} else {
				out.Items = append(out.Items, verdict{it.ID, "lost", "", "The summary does not state it."})
			}
		}
		b, _ := json.Marshal(out)
		content = string(b)
	} else {
		score := 0.9
		if strings.TrimSpace(cand) == "" {
			score = 0
		}
		content = fmt.Sprintf(`{"score": %g}`, score)
	}
	resp := map[string]any{
		"id": "chatcmpl-recorded", "object": "chat.completion", "model": conformanceModel,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": len(user) / 4, "completion_tokens": len(content) / 4, "total_tokens": len(user)/4 + len(content)/4},
	}
	b, _ := json.Marshal(resp)
	return b
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80]
	}
	return s
}
