package plugintest

// Packages of the fault-injection test plugins. Each is started with
// `-control FILE` and reads FILE's first line as its fault mode on every
// call, so a test can make a running plugin misbehave and then behave
// again; `-start-delay D` delays its start (see package
// testplugins/faultctl and each main's doc for the modes).
const (
	// FaultyExtractor behaves like GoodExtractor until its mode says to
	// crash, hang, kill itself, write noise, answer enormous or invalid
	// output.
	FaultyExtractor = "./internal/plugintest/testplugins/extractor-faulty"
	// FaultyScorer is an honest literal scorer until its mode says to die
	// mid-call, hang, or answer garbage (NaN, out-of-range scores and
	// indexes, evidence not in the candidate).
	FaultyScorer = "./internal/plugintest/testplugins/scorer-faulty"
	// FaultyPolicy signals the last configured phase and proposes that
	// phase's policy until its mode says to crash, hang or answer garbage
	// on PhaseSignal or ProposePolicy.
	FaultyPolicy = "./internal/plugintest/testplugins/policy-faulty"
)

// FaultPlugins lists the fault-injection plugins, for one Build.
func FaultPlugins() []string {
	return []string{FaultyExtractor, FaultyScorer, FaultyPolicy}
}
