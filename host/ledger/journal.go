package ledger

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// Journal is an append-only file of checkpoints, one JSON object a line,
// kept outside the store. Checkpoints in the store cannot be forged, but
// whoever writes the database can delete the newest of them together with
// the decisions they vouch for, rolling a session back to an earlier,
// still-signed state. A copy elsewhere, where the database's writer
// cannot reach (a file the OS keeps append-only with `chattr +a`, another
// owner, shipped off the host), is what the store alone cannot give: the
// role Vault's file audit device plays for Vault.
//
// Lines are written with one write(2) on a file opened O_APPEND, so
// writers in several processes (serve, the hooks, replay --persist) never
// interleave inside a line. A line is not synced on its own: a process
// crash loses nothing, a power cut may lose the newest lines, which the
// store's copy still holds; Close syncs.
type Journal struct {
	mu   sync.Mutex
	path string
	f    *os.File
}

// OpenJournal opens (creating, mode 0640) the journal at path for
// appending. A last line left without its newline by a crash is closed
// first, so the next checkpoint starts a line of its own.
func OpenJournal(path string) (*Journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("opening checkpoint journal %s: %w", path, err)
	}
	if torn, err := endsTorn(path); err != nil {
		f.Close()
		return nil, fmt.Errorf("opening checkpoint journal %s: %w", path, err)
	} else if torn {
		if _, err := f.Write([]byte{'\n'}); err != nil {
			f.Close()
			return nil, fmt.Errorf("opening checkpoint journal %s: %w", path, err)
		}
	}
	return &Journal{path: path, f: f}, nil
}

// endsTorn reports whether the file at path is non-empty and does not
// end in a newline.
func endsTorn(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() == 0 {
		return false, err
	}
	var last [1]byte
	if _, err := f.ReadAt(last[:], fi.Size()-1); err != nil {
		return false, err
	}
	return last[0] != '\n', nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// Append writes cp as one line.
func (j *Journal) Append(cp Checkpoint) error {
	b, err := json.Marshal(cp)
	if err != nil {
		return fmt.Errorf("encoding checkpoint of %s/%s: %w", cp.Tenant, cp.Session, err)
	}
	b = append(b, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return fmt.Errorf("appending to checkpoint journal %s: closed", j.path)
	}
	if _, err := j.f.Write(b); err != nil {
		return fmt.Errorf("appending to checkpoint journal %s: %w", j.path, err)
	}
	return nil
}

// Close syncs and closes the file.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return nil
	}
	f := j.f
	j.f = nil
	err := errors.Join(f.Sync(), f.Close())
	if err != nil {
		return fmt.Errorf("closing checkpoint journal %s: %w", j.path, err)
	}
	return nil
}

// ReadJournal reads every checkpoint of the journal at path. A line that
// does not decode (a write torn by a crash) is skipped and named in
// skipped as FILE:LINE: it vouches for nothing, and refusing the whole
// journal for it would throw away every checkpoint after it.
func ReadJournal(path string) (cps []Checkpoint, skipped []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("reading checkpoint journal %s: %w", path, err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	for line := 1; ; line++ {
		b, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(b)) > 0 {
			var cp Checkpoint
			if jerr := json.Unmarshal(b, &cp); jerr != nil || cp.Session == "" || cp.Signature == "" {
				skipped = append(skipped, fmt.Sprintf("%s:%d", path, line))
			} else {
				cps = append(cps, cp)
			}
		}
		if errors.Is(err, io.EOF) {
			return cps, skipped, nil
		}
		if err != nil {
			return nil, nil, fmt.Errorf("reading checkpoint journal %s: %w", path, err)
		}
	}
}
