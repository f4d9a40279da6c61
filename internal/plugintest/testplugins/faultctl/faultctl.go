// Package faultctl lets a fault-injection test switch a test plugin's
// behaviour while the plugin runs, without restarting it: the plugin is
// started with `-control FILE`, and on every call it reads FILE's first
// line as the fault mode to act out ("" or a missing file: behave). A test
// writes the file between calls, so one process can misbehave, then behave,
// and the test sees the host recover. `-start-delay D` makes the plugin
// sleep before it serves, to test the host's start timeout.
//
// The helpers here are the faults every kind shares: dying mid-call,
// hanging past any timeout, and writing noise to stdout and stderr after
// the go-plugin handshake.
package faultctl

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Control is a plugin's view of its control file.
type Control struct {
	path string
}

// Init parses the plugin's flags (-control FILE, -start-delay DURATION),
// sleeps for the start delay and returns the Control. Call it first in
// main, before sdk.Serve: nothing may reach stdout before the handshake.
func Init() *Control {
	fs := flag.NewFlagSet(os.Args[0], flag.ExitOnError)
	path := fs.String("control", "", "file whose first line is the fault mode")
	delay := fs.Duration("start-delay", 0, "sleep this long before serving")
	_ = fs.Parse(os.Args[1:])
	time.Sleep(*delay)
	return &Control{path: *path}
}

// Mode returns the current fault mode: the control file's first line,
// trimmed; "" when there is no file or it is empty.
func (c *Control) Mode() string {
	if c.path == "" {
		return ""
	}
	b, err := os.ReadFile(c.path)
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimSpace(line)
}

// Entered records that the plugin is inside a call about to misbehave, by
// writing its pid to FILE.entered, so a test can wait for that moment
// (then, say, SIGKILL the process from outside).
func (c *Control) Entered() {
	if c.path != "" {
		_ = os.WriteFile(c.path+".entered", []byte(strconv.Itoa(os.Getpid())), 0o600)
	}
}

// Hang records Entered and then blocks forever, ignoring the call's
// context, like a plugin stuck in a loop: only SIGKILL ends it.
func (c *Control) Hang() {
	c.Entered()
	select {}
}

// KillSelf sends SIGKILL to the plugin's own process mid-call, the way the
// OOM killer ends a plugin: no deferred code runs, no answer is sent.
func KillSelf() {
	_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {}
}

// Noise writes to stdout and stderr after the handshake, the three ways a
// careless plugin does: through os.Stdout and os.Stderr (which go-plugin
// has redirected and forwards to the host's log), and with raw writes to
// file descriptors 1 and 2 (the pipes the host read the handshake from).
func Noise() {
	for i := range 20 {
		fmt.Printf("noise on stdout %d\n", i)
		fmt.Fprintf(os.Stderr, "noise on stderr %d\n", i)
		_, _ = syscall.Write(1, []byte(fmt.Sprintf("raw noise on fd 1, line %d\n", i)))
		_, _ = syscall.Write(2, []byte(fmt.Sprintf("raw noise on fd 2, line %d\n", i)))
	}
}

// Flood writes n bytes with no newline straight to file descriptor 1,
// then a newline: one line longer than the 64 KiB go-plugin's stdout
// scanner accepts after the handshake.
func Flood(n int) {
	_, _ = syscall.Write(1, append([]byte(strings.Repeat("x", n)), '\n'))
}
