package api

import (
	"context"
	"math"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/plugins"
)

// metrics are the server's Prometheus metrics, registered on the server's
// own registry (never the global one), so two servers in one process, as
// in tests, do not collide.
type metrics struct {
	reg         *prometheus.Registry
	decisions   *prometheus.CounterVec
	anchored    prometheus.Histogram
	self        prometheus.Histogram
	gap         prometheus.Histogram
	duration    *prometheus.HistogramVec
	storeErrors prometheus.Counter
}

// scoreBuckets cover [0,1] in steps of 0.05; gapBuckets cover [-0.5,1].
// They are rounded to the step: summed floats would label a bucket
// le="0.15000000000000002".
var (
	scoreBuckets = steps(0.05, 0.05, 20)
	gapBuckets   = steps(-0.5, 0.05, 31)
)

// steps returns n bucket bounds from start, width apart, each rounded to
// six decimals.
func steps(start, width float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Round((start+float64(i)*width)*1e6) / 1e6
	}
	return out
}

func newMetrics(plugins PluginInfos, ready *readiness) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "compactguard_decisions_total",
			Help: "Decisions answered by the API, by type and reason code (an idempotent repeat of a request_id counts again).",
		}, []string{"type", "reason"}),
		anchored: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "compactguard_anchored_score",
			Help:    "Anchored scores of compactions: the candidate scored against the pinned originals.",
			Buckets: scoreBuckets,
		}),
		self: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "compactguard_self_score",
			Help:    "Self scores of compactions: the caller's (or the scorer's blind) score of the candidate alone.",
			Buckets: scoreBuckets,
		}),
		gap: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "compactguard_score_gap",
			Help:    "Self score minus anchored score of compactions: how much a summary flatters itself.",
			Buckets: gapBuckets,
		}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "compactguard_http_request_duration_seconds",
			Help:    "HTTP request latency by route pattern and status code.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "code"}),
		storeErrors: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "compactguard_store_errors_total",
			Help: "Requests answered 503 because the store failed or timed out (no decision was made).",
		}),
	}
	m.reg.MustRegister(m.decisions, m.anchored, m.self, m.gap, m.duration, m.storeErrors,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.reg.MustRegister(&readyCollector{ready: ready})
	if plugins != nil {
		m.reg.MustRegister(&pluginCollector{plugins: plugins})
	}
	return m
}

// decided records one decision answered to a caller.
func (m *metrics) decided(d *guard.Decision) {
	if d == nil {
		return
	}
	m.decisions.WithLabelValues(d.Type, d.Reason).Inc()
	if d.AnchoredScore != nil {
		m.anchored.Observe(*d.AnchoredScore)
	}
	if d.SelfScore != nil && d.Type == guard.TypeCompaction {
		m.self.Observe(*d.SelfScore)
	}
	if d.Gap != nil {
		m.gap.Observe(*d.Gap)
	}
}

func (m *metrics) request(route string, code int, seconds float64) {
	m.duration.WithLabelValues(route, strconv.Itoa(code)).Observe(seconds)
}

// pluginCollector reads each plugin's restart and failure counts from the
// plugin manager at scrape time: the supervisors own the counters, the
// collector only reports them.
type pluginCollector struct {
	plugins PluginInfos
}

var (
	restartDesc = prometheus.NewDesc(
		"compactguard_plugin_restarts_total",
		"Plugin processes started after the first, by plugin kind and name (a crash or timeout restarts a plugin).",
		[]string{"kind", "name"}, nil)
	failureDesc = prometheus.NewDesc(
		"compactguard_plugin_failures_total",
		"Plugin processes lost, by plugin kind and name: exited or crashed, or killed after a call timed out.",
		[]string{"kind", "name"}, nil)
	restartFailureDesc = prometheus.NewDesc(
		"compactguard_plugin_restart_failures_total",
		"Plugin restarts that failed (start error, checksum mismatch, no handshake, config refused), by plugin kind and name.",
		[]string{"kind", "name"}, nil)
	unrecoverableDesc = prometheus.NewDesc(
		"compactguard_plugin_unrecoverable",
		"1 while the plugin is unrecoverable (its last restart failed; /readyz answers 503), else 0.",
		[]string{"kind", "name"}, nil)
	unrecoverableSecondsDesc = prometheus.NewDesc(
		"compactguard_plugin_unrecoverable_seconds_total",
		"Time the plugin has spent unrecoverable, the current spell included.",
		[]string{"kind", "name"}, nil)
)

// Describe implements prometheus.Collector.
func (c *pluginCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{restartDesc, failureDesc, restartFailureDesc, unrecoverableDesc, unrecoverableSecondsDesc} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *pluginCollector) Collect(ch chan<- prometheus.Metric) {
	for _, in := range c.plugins.Infos() {
		kind := string(in.Kind)
		unrec := 0.0
		if in.State == plugins.StateUnrecoverable {
			unrec = 1
		}
		ch <- prometheus.MustNewConstMetric(restartDesc, prometheus.CounterValue, float64(in.Restarts), kind, in.Name)
		ch <- prometheus.MustNewConstMetric(failureDesc, prometheus.CounterValue, float64(in.Failures), kind, in.Name)
		ch <- prometheus.MustNewConstMetric(restartFailureDesc, prometheus.CounterValue, float64(in.RestartFailures), kind, in.Name)
		ch <- prometheus.MustNewConstMetric(unrecoverableDesc, prometheus.GaugeValue, unrec, kind, in.Name)
		ch <- prometheus.MustNewConstMetric(unrecoverableSecondsDesc, prometheus.CounterValue, in.Unrecoverable.Seconds(), kind, in.Name)
	}
}

// readyCollector evaluates readiness at scrape time, as /readyz does, so
// the time spent unready is measured even where nothing polls /readyz.
type readyCollector struct {
	ready *readiness
}

var (
	readyDesc = prometheus.NewDesc(
		"compactguard_ready",
		"1 when /readyz would answer 200 (the store commits and no plugin is unrecoverable), else 0.",
		nil, nil)
	unreadySecondsDesc = prometheus.NewDesc(
		"compactguard_unready_seconds_total",
		"Time the server has spent unready, as seen by /readyz and by each /metrics scrape, the current spell included.",
		nil, nil)
)

// Describe implements prometheus.Collector.
func (c *readyCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- readyDesc
	ch <- unreadySecondsDesc
}

// Collect implements prometheus.Collector. A scrape has no context of its
// own; the store probe is bounded by its timeout.
func (c *readyCollector) Collect(ch chan<- prometheus.Metric) {
	h := c.ready.check(context.Background())
	ready := 0.0
	if len(h.Problems) == 0 {
		ready = 1
	}
	ch <- prometheus.MustNewConstMetric(readyDesc, prometheus.GaugeValue, ready)
	ch <- prometheus.MustNewConstMetric(unreadySecondsDesc, prometheus.CounterValue, c.ready.unready().Seconds())
}
