package api

import (
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/compactguard/compactguard/host/guard"
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

// scoreBuckets cover [0,1] in steps of 0.05; gapBuckets cover [-1,1].
var (
	scoreBuckets = prometheus.LinearBuckets(0.05, 0.05, 20)
	gapBuckets   = prometheus.LinearBuckets(-0.5, 0.05, 31)
)

func newMetrics(plugins PluginInfos) *metrics {
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
	if plugins != nil {
		m.reg.MustRegister(&restartCollector{plugins: plugins})
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

// restartCollector reads plugin restart counts from the plugin manager at
// scrape time: the supervisors own the counters, the collector only
// reports them.
type restartCollector struct {
	plugins PluginInfos
}

var restartDesc = prometheus.NewDesc(
	"compactguard_plugin_restarts_total",
	"Plugin processes started after the first, by plugin kind and name (a crash or timeout restarts a plugin).",
	[]string{"kind", "name"}, nil)

// Describe implements prometheus.Collector.
func (c *restartCollector) Describe(ch chan<- *prometheus.Desc) { ch <- restartDesc }

// Collect implements prometheus.Collector.
func (c *restartCollector) Collect(ch chan<- prometheus.Metric) {
	for _, in := range c.plugins.Infos() {
		ch <- prometheus.MustNewConstMetric(restartDesc, prometheus.CounterValue, float64(in.Restarts), string(in.Kind), in.Name)
	}
}
