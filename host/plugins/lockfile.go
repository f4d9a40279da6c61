package plugins

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/compactguard/compactguard/sdk"
)

// LockFileName is the lock file's name; it sits beside the config file,
// like Terraform's .terraform.lock.hcl, and is meant to be committed.
const LockFileName = ".compactguard.lock.hcl"

// LockEntry pins one plugin's binary: Start refuses the plugin when its
// binary's sha256 differs. Command is informational (as configured);
// entries are matched by Kind and Name.
type LockEntry struct {
	Kind    sdk.Kind
	Name    string
	Command string
	SHA256  string
}

type lockFile struct {
	Plugins []lockBlock `hcl:"plugin,block"`
}

type lockBlock struct {
	Kind     string    `hcl:"kind,label"`
	Name     string    `hcl:"name,label"`
	Command  string    `hcl:"command,optional"`
	SHA256   string    `hcl:"sha256"`
	DefRange hcl.Range `hcl:",def_range"`
}

// WriteLockFile writes entries to path as HCL, one
// `plugin "KIND" "NAME" { command = ..., sha256 = ... }` block each, in a
// stable order. It writes a temporary file beside path and renames it, so
// a reader never sees half a lock file.
func WriteLockFile(path string, entries []LockEntry) error {
	sorted := slices.Clone(entries)
	slices.SortFunc(sorted, compareEntries)

	f := hclwrite.NewEmptyFile()
	body := f.Body()
	body.AppendUnstructuredTokens(hclwrite.Tokens{{
		Type:  hclsyntax.TokenComment,
		Bytes: []byte("# This file is maintained by \"compactguard plugins lock\".\n# It pins the sha256 of each plugin binary; commit it beside the config.\n"),
	}})
	for _, e := range sorted {
		sum, err := normalizeSHA256(e.SHA256)
		if err != nil {
			return fmt.Errorf("writing lock file %s: plugin %q %q: %w", path, e.Kind, e.Name, err)
		}
		body.AppendNewline()
		blk := body.AppendNewBlock("plugin", []string{string(e.Kind), e.Name})
		blk.Body().SetAttributeValue("command", cty.StringVal(e.Command))
		blk.Body().SetAttributeValue("sha256", cty.StringVal(sum))
	}

	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing lock file %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(f.Bytes()); err != nil {
		tmp.Close()
		return fmt.Errorf("writing lock file %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing lock file %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing lock file %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("writing lock file %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing lock file %s: %w", path, err)
	}
	return nil
}

func compareEntries(a, b LockEntry) int {
	if c := slices.Index(sdk.Kinds, a.Kind) - slices.Index(sdk.Kinds, b.Kind); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

// ReadLockFile reads a lock file written by WriteLockFile. Diagnostics
// point at the offending block: an unknown kind, a malformed hash, a
// plugin listed twice.
func ReadLockFile(path string) ([]LockEntry, hcl.Diagnostics) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Cannot read lock file",
			Detail:   err.Error(),
		}}
	}
	file, diags := hclparse.NewParser().ParseHCL(src, path)
	if diags.HasErrors() {
		return nil, diags
	}
	var lf lockFile
	diags = append(diags, gohcl.DecodeBody(file.Body, nil, &lf)...)
	if diags.HasErrors() {
		return nil, diags
	}
	seen := map[string]hcl.Range{}
	var entries []LockEntry
	for _, b := range lf.Plugins {
		rng := b.DefRange
		if !slices.Contains(sdk.Kinds, sdk.Kind(b.Kind)) {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Unknown plugin kind",
				Detail:   fmt.Sprintf("%q is not a plugin kind; use one of extractor, scorer, policy.", b.Kind),
				Subject:  &rng,
			})
			continue
		}
		sum, err := normalizeSHA256(b.SHA256)
		if err != nil {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid sha256",
				Detail:   fmt.Sprintf("plugin %q %q: %v; run \"compactguard plugins lock\" to rewrite the lock file.", b.Kind, b.Name, err),
				Subject:  &rng,
			})
			continue
		}
		key := b.Kind + "\x00" + b.Name
		if prev, dup := seen[key]; dup {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Duplicate lock entry",
				Detail:   fmt.Sprintf("plugin %q %q is already pinned at %s.", b.Kind, b.Name, prev),
				Subject:  &rng,
			})
			continue
		}
		seen[key] = rng
		entries = append(entries, LockEntry{Kind: sdk.Kind(b.Kind), Name: b.Name, Command: b.Command, SHA256: sum})
	}
	return entries, diags
}

// Lock computes the lock entries for specs without starting anything: it
// resolves each command and hashes the binary. A binary that differs from
// its config pin is an error, as are unresolvable commands; every problem
// is reported. It backs `compactguard plugins lock`.
func Lock(ctx context.Context, specs []Spec) ([]LockEntry, error) {
	var entries []LockEntry
	var problems []*PluginError
	for _, spec := range specs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("locking plugins: %w", err)
		}
		_, sum, err := verifyBinary(spec, nil)
		if err != nil {
			problems = append(problems, spec.problem(err))
			continue
		}
		entries = append(entries, LockEntry{Kind: spec.Kind, Name: spec.Name, Command: spec.Command, SHA256: sum})
	}
	if len(problems) > 0 {
		return nil, &StartError{Problems: problems}
	}
	slices.SortFunc(entries, compareEntries)
	return entries, nil
}

// verifyBinary resolves spec's command, hashes it and checks the hash
// against the config's pin and, when lock is non-nil and has an entry for
// the plugin, the lock file's.
func verifyBinary(spec Spec, lock *lockSet) (path, sum string, err error) {
	path, err = resolveCommand(spec)
	if err != nil {
		return "", "", err
	}
	sum, err = fileSHA256(path)
	if err != nil {
		return "", "", fmt.Errorf("%w: %v", ErrStart, err)
	}
	if spec.SHA256 != "" {
		want, err := normalizeSHA256(spec.SHA256)
		if err != nil {
			return "", "", &wrapped{msg: "the config's " + err.Error(), err: ErrChecksum}
		}
		if want != sum {
			return "", "", &wrapped{
				msg: fmt.Sprintf("binary %s has sha256 %s, but the config pins sha256 %s; refusing to run it", path, sum, want),
				err: ErrChecksum,
			}
		}
	}
	if e, ok := lock.find(spec.Kind, spec.Name); ok && e.SHA256 != sum {
		return "", "", &wrapped{
			msg: fmt.Sprintf("binary %s has sha256 %s, but lock file %s pins sha256 %s; refusing to run it (if the binary was upgraded on purpose, run \"compactguard plugins lock\")", path, sum, lock.path, e.SHA256),
			err: ErrChecksum,
		}
	}
	return path, sum, nil
}

// lockSet is a read lock file, for lookups by kind and name. A nil
// *lockSet has no entries.
type lockSet struct {
	path    string
	entries []LockEntry
}

func (l *lockSet) find(kind sdk.Kind, name string) (LockEntry, bool) {
	if l == nil {
		return LockEntry{}, false
	}
	for _, e := range l.entries {
		if e.Kind == kind && e.Name == name {
			return e, true
		}
	}
	return LockEntry{}, false
}

// loadLockSet reads the lock file at path; a missing file is no lock.
func loadLockSet(path string) (*lockSet, error) {
	if path == "" {
		return nil, nil
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	entries, diags := ReadLockFile(path)
	if diags.HasErrors() {
		msgs := make([]string, 0, len(diags))
		for _, d := range diags {
			if d.Severity == hcl.DiagError {
				msgs = append(msgs, formatDiag(d))
			}
		}
		return nil, fmt.Errorf("lock file %s: %s", path, strings.Join(msgs, "; "))
	}
	return &lockSet{path: path, entries: entries}, nil
}
