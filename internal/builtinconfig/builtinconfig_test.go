package builtinconfig

import (
	"bytes"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// The shared blocks leave to each head what a head must hold once: the
// guard block (a configuration has one) and the hook block (only the
// hook's has one). With puts the head first and does not write into it.
func TestWithAppendsSharedBlocksAfterTheHead(t *testing.T) {
	for _, tc := range []struct {
		name       string
		head       string
		wantBlocks []string
	}{
		{"guard only", "guard {\n  store = \"memory\"\n}\n", []string{"guard"}},
		{"guard and hook", "guard {}\nhook \"claude-code\" {}\n", []string{"guard", "hook"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := make([]byte, len(tc.head), len(tc.head)+64)
			copy(head, tc.head)
			src := With(head)
			if !bytes.HasPrefix(src, []byte(tc.head)) {
				t.Fatalf("With does not start with the head:\n%s", src)
			}
			if string(head) != tc.head || &src[0] == &head[0] {
				t.Fatal("With wrote into the head's array")
			}
			f, diags := hclsyntax.ParseConfig(src, "policies.hcl", hcl.InitialPos)
			if diags.HasErrors() {
				t.Fatalf("parse: %v", diags)
			}
			count := map[string]int{}
			for _, b := range f.Body.(*hclsyntax.Body).Blocks {
				count[b.Type]++
			}
			for _, typ := range tc.wantBlocks {
				if count[typ] != 1 {
					t.Errorf("%d %s blocks, want the head's one", count[typ], typ)
				}
			}
			for _, typ := range []string{"authority", "budget", "gate", "phase", "policy"} {
				if count[typ] != 1 {
					t.Errorf("%d %s blocks, want 1 from the shared blocks", count[typ], typ)
				}
			}
			if count["plugin"] != 2 {
				t.Errorf("%d plugin blocks, want the extractor and the scorer", count["plugin"])
			}
		})
	}
}
