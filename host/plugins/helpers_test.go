package plugins

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// bin builds every test plugin (once per test process) and returns the
// path of the one from pkg.
func bin(t *testing.T, pkg string) string {
	t.Helper()
	dir := plugintest.Build(t, plugintest.AllPlugins()...)
	return filepath.Join(dir, plugintest.BinaryName(pkg))
}

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func testLogger(t *testing.T) (hclog.Logger, *syncBuffer) {
	buf := &syncBuffer{}
	return hclog.New(&hclog.LoggerOptions{Name: "host", Output: buf, Level: hclog.Debug}), buf
}

// start starts specs with short backoffs and closes the manager when the
// test ends.
func start(t *testing.T, specs []Spec, opts ...Option) (*Manager, error) {
	t.Helper()
	logger, _ := testLogger(t)
	opts = append([]Option{WithBackoff(50*time.Millisecond, 200*time.Millisecond)}, opts...)
	m, err := Start(context.Background(), specs, logger, opts...)
	if m != nil {
		t.Cleanup(m.Close)
	}
	return m, err
}

func mustStart(t *testing.T, specs []Spec, opts ...Option) *Manager {
	t.Helper()
	m, err := start(t, specs, opts...)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	return m
}

// pluginBlock parses src as a config file holding one plugin block and
// returns a Spec with that block's range and config body.
func pluginBlock(t *testing.T, src string) Spec {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(src), "policies.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	content, diags := f.Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "plugin", LabelNames: []string{"kind", "name"}}}})
	if diags.HasErrors() || len(content.Blocks) != 1 {
		t.Fatalf("want one plugin block: %v", diags)
	}
	blk := content.Blocks[0]
	inner, _, diags := blk.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "config"}}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	spec := Spec{Kind: sdk.Kind(blk.Labels[0]), Name: blk.Labels[1], DeclRange: blk.DefRange}
	if len(inner.Blocks) > 0 {
		spec.Config = inner.Blocks[0].Body
	}
	return spec
}

// alive reports whether a process with pid exists (signal 0).
func alive(pid int) bool {
	return pid > 0 && syscall.Kill(pid, 0) == nil
}

func spans(texts ...string) *sdk.ExtractRequest {
	req := &sdk.ExtractRequest{}
	for i, t := range texts {
		req.Spans = append(req.Spans, sdk.Span{ID: fmt.Sprintf("s%d", i+1), Kind: "user", Text: t})
	}
	return req
}
