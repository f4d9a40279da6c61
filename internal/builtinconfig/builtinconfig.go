package builtinconfig

import _ "embed"

//go:embed judging.hcl
var judging []byte

// With returns head followed by the shared blocks: a whole policies.hcl.
func With(head []byte) []byte {
	out := make([]byte, 0, len(head)+len(judging))
	out = append(out, head...)
	return append(out, judging...)
}
