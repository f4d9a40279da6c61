package plugins

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// resolveCommand finds the executable a Spec names. An absolute path is
// taken as is; anything else is looked for relative to the config's
// folder, then its bin/ folder, then ./bin, then (for a bare name) $PATH.
// The result is absolute, so it does not depend on the working directory
// at restart time.
func resolveCommand(spec Spec) (string, error) {
	cmd := spec.Command
	if cmd == "" {
		return "", &wrapped{msg: "no command given", err: ErrNotFound}
	}
	if filepath.IsAbs(cmd) {
		if err := checkExecutable(cmd); err != nil {
			return "", &wrapped{msg: fmt.Sprintf("command %q not found: %v", cmd, err), err: ErrNotFound}
		}
		return filepath.Clean(cmd), nil
	}

	var candidates []string
	if spec.Dir != "" {
		candidates = append(candidates, filepath.Join(spec.Dir, cmd), filepath.Join(spec.Dir, "bin", cmd))
	}
	if wd, err := os.Getwd(); err == nil {
		candidates = append(candidates, filepath.Join(wd, "bin", cmd))
	}
	var looked []string
	var notExec []string
	for _, c := range candidates {
		abs, err := filepath.Abs(c)
		if err != nil {
			continue
		}
		looked = append(looked, abs)
		switch err := checkExecutable(abs); {
		case err == nil:
			return abs, nil
		case !errors.Is(err, os.ErrNotExist):
			notExec = append(notExec, fmt.Sprintf("%s: %v", abs, err))
		}
	}
	if !strings.ContainsRune(cmd, filepath.Separator) {
		looked = append(looked, "$PATH")
		if p, err := exec.LookPath(cmd); err == nil {
			if abs, err := filepath.Abs(p); err == nil {
				return abs, nil
			}
		}
	}
	msg := fmt.Sprintf("command %q not found (looked in %s)", cmd, strings.Join(looked, ", "))
	if len(notExec) > 0 {
		msg += "; found but not usable: " + strings.Join(notExec, "; ")
	}
	return "", &wrapped{msg: msg, err: ErrNotFound}
}

// wrapped is an error with its own text that still matches a sentinel
// with errors.Is, for messages that must not read "sentinel: sentinel".
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

func checkExecutable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	if fi.Mode().Perm()&0o111 == 0 {
		return errors.New("not executable")
	}
	return nil
}

// fileSHA256 returns the lowercase hex sha256 of the file at path.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("hashing %s: %w", path, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hashing %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// normalizeSHA256 lower-cases a pinned hash and checks it is 64 hex
// digits.
func normalizeSHA256(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != sha256.Size*2 {
		return "", fmt.Errorf("sha256 %q is not 64 hex digits", s)
	}
	if _, err := hex.DecodeString(s); err != nil {
		return "", fmt.Errorf("sha256 %q is not hex", s)
	}
	return s, nil
}
