// Package sdktest is the conformance kit plugin authors run against their
// own plugin binary, in any language. It starts the binary the way the
// host does (a real process, go-plugin's handshake, AutoMTLS, the host's
// environment allow-list, Describe, the config decoded against the
// declared schema with sdk/configschema, Configure, the per-call timeout)
// with code of its own: it imports nothing of the host, so a plugin
// author's test does not link it. It checks that the plugin keeps the
// protocol's contract: the kind and protocol version it reports, config
// diagnostics that name an attribute, deterministic answers, scores in
// [0,1], evidence the host accepts (sdk.Cites, the host's own rule: in
// the candidate and sharing a term with the item; and, for an item with a
// frame, stating it as the host's floor frame.Reader.Cites requires),
// spans and byte ranges
// that exist, well-formed frames, policies the host can parse, answers
// within the per-call timeout, large inputs within the 64 MiB message
// limit, and a clean exit when the host closes it.
//
// In a Go test:
//
//	func TestConformance(t *testing.T) {
//		sdktest.Run(t, sdktest.Config{
//			Path:      "./bin/scorer-mine",
//			Kind:      sdk.KindScorer,
//			Config:    `threshold = 0.5`,
//			BadConfig: `{"threshold": 7}`,
//		})
//	}
//
// A Go plugin can also be checked without building it: NewHarness serves
// the implementation in the test's process over go-plugin's gRPC test
// connection (plugin.TestPluginGRPCConn), and RunHarness runs every check
// that does not need a process against it:
//
//	func TestConformanceInProcess(t *testing.T) {
//		h := sdktest.NewHarness(t, sdk.KindScorer, mine.New())
//		sdktest.RunHarness(t, h, sdktest.Config{Config: `threshold = 0.5`})
//	}
//
// A plugin written in another language is started as an interpreter and
// a script: Path "/usr/bin/python3", Args ["/abs/path/plugin.py"]. The
// same checks are behind `compactguard plugins test`, through Check,
// which returns a Report instead of failing a test.
//
// Every failure message says what the plugin did and what to change; the
// check names (CheckHandshake, CheckEvidence, ...) are stable, so a test
// can assert which check a broken plugin fails.
package sdktest
