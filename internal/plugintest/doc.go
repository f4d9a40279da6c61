// Package plugintest is the one place tests start real plugin processes
// from: Build compiles plugin mains once per test process, and
// testplugins/ holds small plugins that each misbehave in one documented
// way (wrong kind, hang, crash, noise on stdout, env probing, a config
// schema). Host tests and CLI tests reuse them instead of copying helpers,
// and write their policies.hcl with WriteConfig.
//
// Typical use, in a package's tests:
//
//	func TestMain(m *testing.M) { plugintest.Main(m) }
//
//	func TestSomething(t *testing.T) {
//		dir := plugintest.Build(t, plugintest.GoodExtractor, plugintest.HangExtractor)
//		bin := filepath.Join(dir, "extractor-good")
//		...
//	}
package plugintest
