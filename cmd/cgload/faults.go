package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Fault is one injected fault: a plugin process killed.
type Fault struct {
	Time time.Time `json:"time"`
	PID  int       `json:"pid"`
	// Name is the killed process's command name (/proc/PID/comm).
	Name string `json:"name"`
	Err  string `json:"error,omitempty"`
}

// children lists the child processes of pid from
// /proc/PID/task/*/children: the plugins the guard started.
func children(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// killPlugins SIGKILLs one child of the serve process every `every`, at
// most max times, until ctx ends: the guard must fail closed on the call
// that meets the dead plugin and restart it for the next.
func killPlugins(ctx context.Context, servePID int, every time.Duration, max int, rng *rand.Rand) []Fault {
	var out []Fault
	t := time.NewTicker(every)
	defer t.Stop()
	for len(out) < max {
		select {
		case <-ctx.Done():
			return out
		case <-t.C:
		}
		kids := children(servePID)
		if len(kids) == 0 {
			continue // a restart is in progress
		}
		pid := kids[rng.IntN(len(kids))]
		f := Fault{Time: time.Now(), PID: pid}
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); err == nil {
			f.Name = strings.TrimSpace(string(b))
		}
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			f.Err = err.Error()
		}
		out = append(out, f)
	}
	return out
}
