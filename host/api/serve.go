package api

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"syscall"
	"time"

	"github.com/compactguard/compactguard/host/config"
)

// ServeConfig says where and how to listen.
type ServeConfig struct {
	// Addr is host:port (config api.listen, or serve's -listen flag).
	Addr string
	// TLSCert and TLSKey, both set, serve HTTPS.
	TLSCert, TLSKey string
	// Insecure allows plain HTTP on a non-loopback address (bearer tokens
	// then cross the network in clear text: only behind a TLS-terminating
	// proxy on a trusted network).
	Insecure bool
	// ShutdownTimeout bounds how long in-flight requests may finish after
	// ctx is done; 0 means DefaultShutdownTimeout.
	ShutdownTimeout time.Duration
	// ReadHeaderTimeout, ReadTimeout and IdleTimeout are the http.Server's
	// (config api.read_header_timeout, read_timeout, idle_timeout); 0
	// means the config's default. A client that trickles its headers or
	// body in is cut off at them, so it cannot hold a connection and a
	// goroutine forever.
	ReadHeaderTimeout, ReadTimeout, IdleTimeout time.Duration
	// Listening, if set, is called with the bound address before serving.
	Listening func(net.Addr)
}

// ErrInsecureListen is returned for a non-loopback address without TLS.
var ErrInsecureListen = errors.New("refusing to serve plain HTTP on a non-loopback address: set api.tls_cert and api.tls_key, listen on 127.0.0.1, or pass -insecure")

// CheckListen refuses a non-loopback listen address without TLS unless
// insecure is set: bearer tokens and the budget credential must not cross
// a network in clear text by accident. "localhost" and loopback IPs are
// loopback; an empty host (":7700") listens everywhere and is not.
func CheckListen(addr string, tlsOn, insecure bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("listen address %q: %w", addr, err)
	}
	if tlsOn || insecure || isLoopback(host) {
		return nil
	}
	return fmt.Errorf("listen address %q: %w", addr, ErrInsecureListen)
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ListenAndServe serves until ctx is done, then shuts down gracefully: it
// stops accepting, lets in-flight requests finish within the shutdown
// timeout, and returns. Closing the runtime (killing the plugins) is the
// caller's, after this returns.
func (s *Server) ListenAndServe(ctx context.Context, c ServeConfig) error {
	tlsOn := c.TLSCert != "" && c.TLSKey != ""
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return errors.New("api: tls_cert and tls_key must be set together")
	}
	if err := CheckListen(c.Addr, tlsOn, c.Insecure); err != nil {
		return err
	}
	var tlsCfg *tls.Config
	if tlsOn {
		cert, err := tls.LoadX509KeyPair(c.TLSCert, c.TLSKey)
		if err != nil {
			return fmt.Errorf("loading TLS key pair: %w", err)
		}
		tlsCfg = &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{cert}}
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return ListenError(c.Addr, err)
	}
	if tlsCfg != nil {
		ln = tls.NewListener(ln, tlsCfg)
	}
	return s.Serve(ctx, ln, c)
}

// Serve serves on an open listener until ctx is done (see ListenAndServe).
func (s *Server) Serve(ctx context.Context, ln net.Listener, c ServeConfig) error {
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = DefaultShutdownTimeout
	}
	if c.ReadHeaderTimeout <= 0 {
		c.ReadHeaderTimeout = config.DefaultReadHeaderTimeout
	}
	if c.ReadTimeout <= 0 {
		c.ReadTimeout = config.ReadTimeoutFor(s.maxBody)
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = config.DefaultIdleTimeout
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: c.ReadHeaderTimeout,
		ReadTimeout:       c.ReadTimeout,
		IdleTimeout:       c.IdleTimeout,
		ErrorLog:          s.log.StandardLogger(nil),
	}
	if c.Listening != nil {
		c.Listening(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("shutting down: in-flight requests did not finish within %s: %w", c.ShutdownTimeout, err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving: %w", err)
	}
	return nil
}

// ListenError words a failure to listen on addr. An address in use is
// the common one on a developer's machine (a second serve, another
// service on 7700): it says how to choose another.
func ListenError(addr string, err error) error {
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("listening on %s: the address is already in use (another compactguard serve, or another service): stop it, or listen elsewhere with -listen HOST:PORT or api { listen } in the config: %w", addr, err)
	}
	return fmt.Errorf("listening on %s: %w", addr, err)
}
