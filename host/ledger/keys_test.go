package ledger_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/ledgertest"
)

func TestWriteKeyPair(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.key")
	key, err := ledger.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pubPath, err := ledger.WriteKeyPair(path, key)
	if err != nil {
		t.Fatal(err)
	}
	if pubPath != path+".pub" {
		t.Errorf("public key written to %s, want %s.pub", pubPath, path)
	}
	for p, want := range map[string]os.FileMode{path: 0o600, pubPath: 0o644} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" && fi.Mode().Perm() != want {
			t.Errorf("%s has mode %04o, want %04o", p, fi.Mode().Perm(), want)
		}
	}
	priv, err := ledger.LoadPrivateKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ledger.LoadPublicKeyFile(pubPath)
	if err != nil {
		t.Fatal(err)
	}
	if !priv.Equal(key) || !pub.Equal(key.Public()) {
		t.Errorf("keys read back differ from the key written")
	}
	if _, err := ledger.WriteKeyPair(path, key); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("WriteKeyPair over an existing key = %v, want a refusal", err)
	}
}

// TestLoadKeyErrors: every way a key can be wrong is an error that names
// the file (or the variable), so the operator knows which setting to fix.
func TestLoadKeyErrors(t *testing.T) {
	dir := t.TempDir()
	key := ledgertest.TestKey()
	privPEM, err := ledger.MarshalPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	pubPEM, err := ledger.MarshalPublicKey(ledger.NewSigner(key).Public())
	if err != nil {
		t.Fatal(err)
	}
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ecDER, _ := x509.MarshalPKCS8PrivateKey(ec)
	ecPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER})
	write := func(name string, data []byte, perm os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, perm); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, perm); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name     string
		load     func() error
		wantText string // "" means it loads
	}{
		{"private key", func() error { _, err := ledger.LoadPrivateKeyFile(write("ok.key", privPEM, 0o600)); return err }, ""},
		{"private key group-readable", func() error { _, err := ledger.LoadPrivateKeyFile(write("group.key", privPEM, 0o640)); return err }, ""},
		{"private key missing", func() error { _, err := ledger.LoadPrivateKeyFile(filepath.Join(dir, "missing.key")); return err }, "missing.key"},
		{"private key world-readable", func() error { _, err := ledger.LoadPrivateKeyFile(write("open.key", privPEM, 0o644)); return err }, "open.key is open to other users"},
		{"private key is garbage", func() error {
			_, err := ledger.LoadPrivateKeyFile(write("junk.key", []byte("hello"), 0o600))
			return err
		}, "junk.key"},
		{"public key given as private", func() error { _, err := ledger.LoadPrivateKeyFile(write("pub-as-priv.key", pubPEM, 0o600)); return err }, `pub-as-priv.key: a PEM "PUBLIC KEY" block`},
		{"not Ed25519", func() error { _, err := ledger.LoadPrivateKeyFile(write("ec.key", ecPEM, 0o600)); return err }, "ec.key: a *ecdsa.PrivateKey private key, not Ed25519"},
		{"directory", func() error { _, err := ledger.LoadPrivateKeyFile(dir); return err }, "not a regular file"},
		{"public key", func() error { _, err := ledger.LoadPublicKeyFile(write("ok.pub", pubPEM, 0o644)); return err }, ""},
		{"public key missing", func() error { _, err := ledger.LoadPublicKeyFile(filepath.Join(dir, "missing.pub")); return err }, "missing.pub"},
		{"private key given as public", func() error { _, err := ledger.LoadPublicKeyFile(write("priv-as-pub.pub", privPEM, 0o600)); return err }, "priv-as-pub.pub: holds a private key"},
		{"public key is garbage", func() error {
			_, err := ledger.LoadPublicKeyFile(write("junk.pub", []byte("-----BEGIN"), 0o644))
			return err
		}, "junk.pub: a damaged PEM block"},
		{"public key empty", func() error { _, err := ledger.LoadPublicKeyFile(write("empty.pub", nil, 0o644)); return err }, "empty.pub: empty"},
		{"env PEM", func() error { _, err := ledger.LoadPrivateKeyEnv("K", env("K", string(privPEM))); return err }, ""},
		{"env base64 DER", func() error {
			b, _ := pem.Decode(privPEM)
			_, err := ledger.LoadPrivateKeyEnv("K", env("K", base64.StdEncoding.EncodeToString(b.Bytes)))
			return err
		}, ""},
		{"env unset", func() error { _, err := ledger.LoadPrivateKeyEnv("CG_KEY", env("OTHER", "x")); return err }, "environment variable CG_KEY is not set"},
		{"env garbage", func() error { _, err := ledger.LoadPrivateKeyEnv("CG_KEY", env("CG_KEY", "s3cret!")); return err }, "environment variable CG_KEY: neither"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.load()
			switch {
			case tc.wantText == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.wantText != "" && (err == nil || !strings.Contains(err.Error(), tc.wantText)):
				t.Fatalf("error %v, want one containing %q", err, tc.wantText)
			}
			if err != nil && strings.Contains(err.Error(), "s3cret") {
				t.Errorf("error quotes the variable's value: %v", err)
			}
		})
	}
}

// TestOpenSSLKeys: keys made by OpenSSL load, so operators need not use
// `audit keygen`. Skipped where openssl is not installed.
func TestOpenSSLKeys(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("openssl not installed")
	}
	dir := t.TempDir()
	priv, pub := filepath.Join(dir, "k.pem"), filepath.Join(dir, "k.pub")
	for _, args := range [][]string{
		{"genpkey", "-algorithm", "ed25519", "-out", priv},
		{"pkey", "-in", priv, "-pubout", "-out", pub},
	} {
		if out, err := exec.Command(openssl, args...).CombinedOutput(); err != nil {
			t.Skipf("openssl %v: %v\n%s (an OpenSSL without Ed25519?)", args, err, out)
		}
	}
	if err := os.Chmod(priv, 0o600); err != nil {
		t.Fatal(err)
	}
	k, err := ledger.LoadPrivateKeyFile(priv)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ledger.LoadPublicKeyFile(pub)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Equal(k.Public()) {
		t.Errorf("openssl's public key is not the private key's")
	}
}

func env(name, value string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		if k == name {
			return value, true
		}
		return "", false
	}
}
