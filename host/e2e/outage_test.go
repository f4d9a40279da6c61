package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// TestPostgresOutage stops the PostgreSQL server under a running serve
// while a client streams appends and compactions, then starts it again. It
// runs twice: with a fast shutdown (sessions cut off, open transactions
// rolled back) and an immediate one (a crash: the server recovers from its
// WAL on restart; the cluster runs with synchronous_commit on, so a
// commit the server acknowledged survives it). Each time:
//   - while it is down every request answers 503 (never a decision, above
//     all never an allow), /readyz answers 503 and /healthz stays 200;
//   - once it is back, /readyz turns 200 and requests succeed without
//     restarting serve;
//   - every decision acknowledged before, during or after the outage is in
//     the audit trail, the chain verifies, and the state is what the
//     trail says.
//
// The test stops the server, so it runs its own throwaway cluster (made
// by .ci/pg.sh on a free port), not the shared COMPACTGUARD_TEST_PG_DSN one.
func TestPostgresOutage(t *testing.T) {
	for _, mode := range []string{"fast", "immediate"} {
		t.Run(mode, func(t *testing.T) { testOutage(t, mode) })
	}
}

// testOutage is one run of TestPostgresOutage; mode is pg_ctl's stop mode.
func testOutage(t *testing.T, mode string) {
	bin := binaries(t)
	pg := startCluster(t)
	cfg := pgConfig(t)
	s := startServe(t, bin, cfg, pg.dsn)
	const id = "outage"
	s.createSession(t, id)
	ctx := context.Background()

	// A client streams groups (append, then the faithful compaction) until
	// told to stop; it keeps going through errors, proposing a group's
	// compaction only once its append went through.
	var (
		j       journal
		wg      sync.WaitGroup
		stop    = make(chan struct{})
		next    = 0
		mu      sync.Mutex
		started = make(chan struct{})
	)
	group := func() group {
		mu.Lock()
		defer mu.Unlock()
		next++
		return makeGroup(id, next)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for n := 0; ; n++ {
			select {
			case <-stop:
				return
			default:
			}
			if n == 5 {
				close(started)
			}
			g := group()
			app := &outcome{session: id, kind: "append", spans: g.spans}
			j.add(app)
			rctx, cancel := context.WithTimeout(ctx, 15*time.Second)
			app.send(rctx, s)
			if app.status != http.StatusOK {
				cancel()
				time.Sleep(20 * time.Millisecond) // the store is down: do not spin
				continue
			}
			o := &outcome{session: id, kind: "compaction", req: wire.CompactionRequest{Covers: g.ids(), Summary: g.faithful, RequestID: fmt.Sprintf("stream-%d", n)}}
			j.add(o)
			o.send(rctx, s)
			cancel()
		}
	}()
	<-started
	pg.stop(t, mode)

	// Down: 503 everywhere a store is needed, never a decision.
	g := group()
	for _, o := range []*outcome{
		{session: id, kind: "append", spans: g.spans},
		{session: id, kind: "compaction", req: wire.CompactionRequest{Covers: g.ids(), Summary: g.faithful, RequestID: "during-faithful"}},
		{session: id, kind: "compaction", req: wire.CompactionRequest{Covers: makeGroup(id, 1).ids(), Summary: "probe", RequestID: "during-probe"}},
	} {
		j.add(o)
		rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		o.send(rctx, s)
		cancel()
		if o.status != http.StatusServiceUnavailable {
			t.Errorf("%s %s with PostgreSQL down: %d %s %v; want 503", o.kind, o.req.RequestID, o.status, bytes.TrimSpace(o.body), o.err)
		}
	}
	if code, body, err := s.do(ctx, http.MethodGet, "/v1/sessions/"+id+"/decisions", nil); code != http.StatusServiceUnavailable {
		t.Errorf("GET decisions with PostgreSQL down: %d %s %v; want 503", code, body, err)
	}
	waitStatus(t, s, "/readyz", http.StatusServiceUnavailable, 15*time.Second)
	if code, body, err := s.do(ctx, http.MethodGet, "/healthz", nil); code != http.StatusOK {
		t.Errorf("/healthz with PostgreSQL down: %d %s %v; want 200 (the process is alive)", code, body, err)
	}
	time.Sleep(300 * time.Millisecond) // let the streamer meet the outage too

	pg.restart(t)
	waitStatus(t, s, "/readyz", http.StatusOK, 30*time.Second)
	close(stop)
	wg.Wait()

	// Back: the requests refused during the outage go through now.
	for _, o := range j.all {
		if o.kind == "append" && !o.acked() {
			var res guard.AppendResult
			s.must(t, http.MethodPost, "/v1/sessions/"+id+"/spans", wire.AppendRequest{Spans: o.spans}, &res)
		}
	}
	var d guard.Decision
	s.must(t, http.MethodPost, "/v1/sessions/"+id+"/compactions", wire.CompactionRequest{Covers: g.ids(), Summary: g.faithful, RequestID: "during-faithful"}, &d)
	if !*d.Allowed {
		t.Errorf("faithful compaction after the outage: %s", mustJSON(d))
	}

	var during, before int
	sent := j.byRequest()
	for _, o := range sent {
		switch {
		case o.req.RequestID == "during-faithful":
			o.status, o.body = http.StatusOK, mustJSONBytes(d)
		case o.acked():
			before++
			if dd := o.decision(t); !*dd.Allowed {
				t.Errorf("%s: faithful compaction refused: %s", o.req.RequestID, dd.Reason)
			}
		case o.status == http.StatusServiceUnavailable || o.status == 0:
			during++
		default:
			t.Errorf("%s: %d %s %v (want 200, or 503 while PostgreSQL was down)", o.req.RequestID, o.status, o.body, o.err)
		}
	}
	t.Logf("%d compactions decided by the streamer, %d refused with 503 or cut off during the outage", before, during)
	f := checkTrail(t, s.trail(t, id), id, sent)
	checkCoverage(t, s, id, f)
	spans := map[string]string{}
	for _, o := range j.all {
		if o.kind == "append" {
			for _, sp := range o.spans {
				spans[sp.ID] = sp.Text
			}
		}
	}
	checkLiveTokens(t, s, id, spans, sent)
	auditVerify(t, bin, cfg, pg.dsn)
}

// mustJSONBytes renders v as the server would (JSON and a newline).
func mustJSONBytes(v any) []byte { return []byte(mustJSON(v) + "\n") }

// waitStatus polls path until it answers want, failing t after limit.
func waitStatus(t *testing.T, s *server, path string, want int, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		code, body, err := s.do(ctx, http.MethodGet, path, nil)
		cancel()
		if code == want {
			t.Logf("%s answered %d: %s", path, code, bytes.TrimSpace(body))
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer %d within %s: last %d %s %v\n%s", path, want, limit, code, body, err, s.stderr.tail(20))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// cluster is a throwaway PostgreSQL server of one test.
type cluster struct {
	dsn  string
	dir  string // .ci/pg.sh's COMPACTGUARD_PG_DIR
	port int
	bin  string // the PostgreSQL binaries
	env  []string
}

// startCluster starts a PostgreSQL server with .ci/pg.sh on a free port
// in a directory of its own and removes it when t ends. Without the
// PostgreSQL binaries it skips (fails with COMPACTGUARD_REQUIRE_PG=1).
func startCluster(t *testing.T) *cluster {
	t.Helper()
	pgBin := pgBinDir()
	if pgBin == "" {
		const how = "no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)"
		if os.Getenv("COMPACTGUARD_REQUIRE_PG") == "1" {
			t.Fatal("COMPACTGUARD_REQUIRE_PG=1 but " + how)
		}
		t.Skip(how)
	}
	root, err := plugintest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	// Under /tmp, not t.TempDir(): the server runs as the postgres user
	// when the test runs as root, and must reach its directory.
	dir, err := os.MkdirTemp("", "cg-e2e-pg-")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{dir: dir, port: port, bin: pgBin, env: append(os.Environ(),
		"COMPACTGUARD_PG_PORT="+strconv.Itoa(port), "COMPACTGUARD_PG_DIR="+dir)}
	script := filepath.Join(root, ".ci", "pg.sh")
	t.Cleanup(func() {
		cmd := exec.Command("sh", script, "stop")
		cmd.Env = c.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf(".ci/pg.sh stop: %v\n%s", err, out)
		}
		_ = os.RemoveAll(dir)
	})
	cmd := exec.Command("sh", script, "start")
	cmd.Env = c.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf(".ci/pg.sh start: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`COMPACTGUARD_TEST_PG_DSN='([^']+)'`).FindSubmatch(out)
	if m == nil {
		t.Fatalf(".ci/pg.sh start printed no DSN: %s", out)
	}
	c.dsn = string(m[1])
	// .ci/pg.sh turns synchronous_commit off (test speed); an immediate
	// stop could then lose acknowledged commits, which is the test
	// server's setting, not compactguard's doing. Turn it back on.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.dsn)
	if err != nil {
		t.Fatalf("connecting to the test cluster: %v", err)
	}
	defer conn.Close(ctx)
	for _, q := range []string{"ALTER SYSTEM SET synchronous_commit = on", "SELECT pg_reload_conf()"} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return c
}

// stop stops the server, keeping its data. mode is pg_ctl's: "fast"
// (sessions cut off, open transactions rolled back) or "immediate" (the
// server quits without a checkpoint, as in a crash).
func (c *cluster) stop(t *testing.T, mode string) {
	t.Helper()
	c.pgCtl(t, "-m", mode, "-w", "stop")
}

// restart starts the stopped server again on the same data directory.
// (.ci/pg.sh start would wipe the directory: it restarts only a running
// server.)
func (c *cluster) restart(t *testing.T) {
	t.Helper()
	c.pgCtl(t, "-l", filepath.Join(c.dir, "server.log"), "-w", "-t", "30", "start")
}

// pgCtl runs pg_ctl on the cluster as its owner (the postgres user when
// the test runs as root, as .ci/pg.sh does).
func (c *cluster) pgCtl(t *testing.T, args ...string) {
	t.Helper()
	argv := append([]string{filepath.Join(c.bin, "pg_ctl"), "-D", filepath.Join(c.dir, "data")}, args...)
	if os.Geteuid() == 0 {
		argv = append([]string{"runuser", "-u", "postgres", "--"}, argv...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "server.log"))
		t.Fatalf("%s: %v\n%s\nserver.log:\n%s", strings.Join(argv, " "), err, out, log)
	}
}

// pgBinDir finds the newest /usr/lib/postgresql/*/bin with pg_ctl, or "".
func pgBinDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	return ""
}

// versionOf is the major version in /usr/lib/postgresql/VERSION/bin.
func versionOf(dir string) int {
	n, err := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	if err != nil {
		return 0
	}
	return n
}
