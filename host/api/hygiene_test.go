package api_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/api"
)

// TestEveryAuthPathSharesTheThrottle: failed authentications on the
// dashboard's bearer header, its sign-in form and the budget route all
// count against one throttle per address, so spreading guesses over
// paths buys nothing: after the burst, the right tenant token is 429 with
// Retry-After on each path, before it is even read.
func TestEveryAuthPathSharesTheThrottle(t *testing.T) {
	e := newEnv(t)
	b := newBrowser(t, e)
	e.session(t, e.acme, "s")
	failures := 0
	for range 4 {
		if a := b.get("/ui/", "Authorization", "Bearer guess"); a.status != http.StatusUnauthorized {
			t.Fatalf("/ui/ with a wrong bearer: %d, want 401", a.status)
		}
		failures++
	}
	for range 3 {
		if a := b.post("/ui/login", url.Values{"token": {"guess"}}); a.status != http.StatusUnauthorized {
			t.Fatalf("/ui/login with a wrong token: %d, want 401", a.status)
		}
		failures++
	}
	for failures < api.AuthFailBurst {
		req, _ := http.NewRequest(http.MethodPut, e.url+"/v1/sessions/s/budget", strings.NewReader(`{"tokens": 100}`))
		req.Header.Set("Authorization", "Bearer not-the-credential")
		if a := b.do(req); a.status != http.StatusUnauthorized {
			t.Fatalf("budget with a wrong credential: %d, want 401", a.status)
		}
		failures++
	}
	checks := map[string]func() answer{
		"GET /v1/sessions": func() answer {
			req, _ := http.NewRequest(http.MethodGet, e.url+"/v1/sessions", nil)
			req.Header.Set("Authorization", "Bearer "+tokenAcme)
			return b.do(req)
		},
		"GET /ui/ (bearer)":     func() answer { return b.get("/ui/", "Authorization", "Bearer "+tokenAcme) },
		"POST /ui/login (form)": func() answer { return b.post("/ui/login", url.Values{"token": {tokenAcme}}) },
		"PUT budget (authority)": func() answer {
			req, _ := http.NewRequest(http.MethodPut, e.url+"/v1/sessions/s/budget", strings.NewReader(`{"tokens": 100}`))
			req.Header.Set("Authorization", "Bearer "+authSecret)
			return b.do(req)
		},
	}
	for name, check := range checks {
		if a := check(); a.status != http.StatusTooManyRequests || a.h.Get("Retry-After") == "" {
			t.Errorf("%s with the right credential after %d failures elsewhere: %d (Retry-After %q), want 429 with Retry-After",
				name, failures, a.status, a.h.Get("Retry-After"))
		}
	}
}

// serveReal runs the server as `compactguard serve` does (Server.Serve:
// the real http.Server and its timeouts) on a loopback listener, until
// the test ends.
func serveReal(t *testing.T, e *env, sc api.ServeConfig, ln net.Listener) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.srv.Serve(ctx, ln, sc) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// trickle writes head, then one byte of filler every 20 ms, and reads
// whatever the server answers until it closes the connection. It
// returns the status line (empty when the server answered nothing) and
// how many filler bytes were sent before the server hung up; it fails
// the test if the server has not hung up within a minute.
func trickle(t *testing.T, addr, head string) (status string, sent int) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	closed := make(chan string, 1)
	go func() {
		r := bufio.NewReader(conn)
		line, _ := r.ReadString('\n')
		_, _ = io.Copy(io.Discard, r)
		closed <- strings.TrimSpace(line)
	}()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	limit := time.After(time.Minute)
	for {
		select {
		case status = <-closed:
			return status, sent
		case <-limit:
			t.Fatalf("the server still holds a connection trickled %d bytes over a minute", sent)
		case <-tick.C:
			if _, err := conn.Write([]byte("a")); err == nil {
				sent++
			}
		}
	}
}

// TestServerCutsOffSlowClients: the real server sets ReadHeaderTimeout,
// ReadTimeout and IdleTimeout, so a client that trickles its headers or
// its body in, or idles on a kept-alive connection, is cut off instead
// of holding a connection and a goroutine forever; and the server goes
// on serving others.
func TestServerCutsOffSlowClients(t *testing.T) {
	e := newEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := serveReal(t, e, api.ServeConfig{ReadHeaderTimeout: 300 * time.Millisecond, ReadTimeout: 600 * time.Millisecond, IdleTimeout: 600 * time.Millisecond}, ln)

	// A body of 100,000 bytes, a byte every 20 ms: it would take half an
	// hour; ReadTimeout ends it.
	status, sent := trickle(t, addr, "POST /v1/sessions HTTP/1.1\r\nHost: cg\r\nAuthorization: Bearer "+tokenAcme+
		"\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
	if sent >= 100000 || strings.Contains(status, " 2") {
		t.Errorf("slow body: answered %q after %d bytes, want the connection cut before the body ends", status, sent)
	}
	// Headers that never end: ReadHeaderTimeout ends them.
	status, sent = trickle(t, addr, "GET /healthz HTTP/1.1\r\nHost: cg\r\nX-Slow: ")
	if strings.Contains(status, " 2") {
		t.Errorf("slow headers: answered %q after %d bytes, want the connection cut", status, sent)
	}

	// A kept-alive connection that sends nothing more is closed at
	// IdleTimeout.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: cg\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	resp, err := http.ReadResponse(r, nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz on the kept-alive connection: %v %v", resp, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	_ = conn.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := r.ReadByte(); !errors.Is(err, io.EOF) {
		t.Errorf("idle connection: read %v, want EOF (closed by the server)", err)
	}

	// Others are served all along.
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("healthz after the slow clients: %d", res.StatusCode)
	}
}

// selfSigned writes a certificate and key for 127.0.0.1 to dir and
// returns their paths and a pool trusting the certificate.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "compactguard test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// TestSessionCookieSecureUnderTLS: served over TLS by the real
// ListenAndServe (api.tls_cert and tls_key), the dashboard's session
// cookie is Secure, so a browser never sends it over plain HTTP.
// (TestUILoginFlow pins that it is not Secure over plain HTTP, where a
// browser would drop a Secure cookie.)
func TestSessionCookieSecureUnderTLS(t *testing.T) {
	e := newEnv(t)
	certFile, keyFile, pool := selfSigned(t, t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- e.srv.ListenAndServe(ctx, api.ServeConfig{Addr: "127.0.0.1:0", TLSCert: certFile, TLSKey: keyFile,
			Listening: func(a net.Addr) { addrc <- a }})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	var addr net.Addr
	select {
	case addr = <-addrc:
	case err := <-done:
		t.Fatalf("serve: %v", err)
	}
	c := &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	resp, err := c.PostForm("https://"+addr.String()+"/ui/login", url.Values{"token": {tokenAcme}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var ck *http.Cookie
	for _, k := range resp.Cookies() {
		if k.Name == api.UICookieName {
			ck = k
		}
	}
	if resp.StatusCode != http.StatusSeeOther || ck == nil {
		t.Fatalf("login over TLS: %d, cookies %v", resp.StatusCode, resp.Cookies())
	}
	if !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
		t.Errorf("cookie over TLS: Secure %v HttpOnly %v SameSite %v, want Secure, HttpOnly, Strict", ck.Secure, ck.HttpOnly, ck.SameSite)
	}
}
