package ledger

import (
	"bytes"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
)

// Checkpoint keys are Ed25519 keys in the PEM forms OpenSSL writes and
// reads, so either tool can make them: a private key is PKCS#8 ("PRIVATE
// KEY", `openssl genpkey -algorithm ed25519`), a public key PKIX ("PUBLIC
// KEY", `openssl pkey -pubout`). An environment variable, where a PEM's
// line breaks are awkward, may hold the PEM text or the base64 of its DER
// body (the PEM without its BEGIN/END lines, on one line).

// GenerateKey returns a new private key drawn from rand (crypto/rand.Reader
// outside tests).
func GenerateKey(rand io.Reader) (ed25519.PrivateKey, error) {
	_, priv, err := ed25519.GenerateKey(rand)
	if err != nil {
		return nil, fmt.Errorf("generating an Ed25519 key: %w", err)
	}
	return priv, nil
}

// MarshalPrivateKey returns the PKCS#8 PEM of key.
func MarshalPrivateKey(key ed25519.PrivateKey) ([]byte, error) {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("encoding the private key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// MarshalPublicKey returns the PKIX PEM of key.
func MarshalPublicKey(key ed25519.PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(key)
	if err != nil {
		return nil, fmt.Errorf("encoding the public key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

// WriteKeyPair writes a new key pair: the private key to path (mode 0600)
// and its public key to path+".pub" (0644). It never overwrites a file:
// losing a signing key orphans every checkpoint signed with it.
func WriteKeyPair(path string, key ed25519.PrivateKey) (pubPath string, err error) {
	priv, err := MarshalPrivateKey(key)
	if err != nil {
		return "", err
	}
	pub, err := MarshalPublicKey(key.Public().(ed25519.PublicKey))
	if err != nil {
		return "", err
	}
	pubPath = path + ".pub"
	for _, p := range []string{path, pubPath} {
		if _, err := os.Lstat(p); err == nil {
			return "", fmt.Errorf("writing key pair: %s already exists (move it away first; a key in use must not be replaced by accident)", p)
		}
	}
	if err := writeNew(path, priv, 0o600); err != nil {
		return "", err
	}
	if err := writeNew(pubPath, pub, 0o644); err != nil {
		os.Remove(path)
		return "", err
	}
	return pubPath, nil
}

// writeNew creates path with mode perm (O_EXCL: never an existing file)
// and writes data, syncing before it returns.
func writeNew(path string, data []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	// The umask may have narrowed perm; a private key must not be wider.
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// LoadPrivateKeyFile reads the signing key at path. The file must not be
// readable or writable by other users (like ssh, it refuses otherwise:
// whoever can read the key can forge checkpoints). Errors name the file.
func LoadPrivateKeyFile(path string) (ed25519.PrivateKey, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading signing key %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("reading signing key %s: not a regular file", path)
	}
	if perm := fi.Mode().Perm(); runtime.GOOS != "windows" && perm&0o007 != 0 {
		return nil, fmt.Errorf("signing key %s is open to other users (mode %04o): whoever reads it can forge checkpoints; run chmod 600 %s", path, perm, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading signing key %s: %w", path, err)
	}
	key, err := ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("signing key %s: %w", path, err)
	}
	return key, nil
}

// LoadPrivateKeyEnv reads the signing key from the environment variable
// name through lookup (os.LookupEnv). Errors name the variable, never its
// value.
func LoadPrivateKeyEnv(name string, lookup func(string) (string, bool)) (ed25519.PrivateKey, error) {
	v, ok := lookup(name)
	if !ok || strings.TrimSpace(v) == "" {
		return nil, fmt.Errorf("signing key: environment variable %s is not set (or empty)", name)
	}
	key, err := ParsePrivateKey([]byte(v))
	if err != nil {
		return nil, fmt.Errorf("signing key in environment variable %s: %w", name, err)
	}
	return key, nil
}

// ParsePrivateKey decodes an Ed25519 private key: a PKCS#8 PEM, or the
// base64 of its DER.
func ParsePrivateKey(data []byte) (ed25519.PrivateKey, error) {
	der, err := keyDER(data, "PRIVATE KEY")
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("not a PKCS#8 private key (make one with `compactguard audit keygen`): %w", err)
	}
	key, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("a %T private key, not Ed25519 (make one with `compactguard audit keygen`)", k)
	}
	return key, nil
}

// LoadPublicKeyFile reads a verification key. Errors name the file.
func LoadPublicKeyFile(path string) (ed25519.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading public key %s: %w", path, err)
	}
	key, err := ParsePublicKey(data)
	if err != nil {
		return nil, fmt.Errorf("public key %s: %w", path, err)
	}
	return key, nil
}

// ParsePublicKey decodes an Ed25519 public key: a PKIX PEM, or the base64
// of its DER. A private key is refused: an auditor needs, and should
// hold, only the public half.
func ParsePublicKey(data []byte) (ed25519.PublicKey, error) {
	if b, _ := pem.Decode(bytes.TrimSpace(data)); b != nil && strings.Contains(b.Type, "PRIVATE") {
		return nil, errors.New("holds a private key: give the public key (the .pub file `audit keygen` wrote, or `openssl pkey -pubout`)")
	}
	der, err := keyDER(data, "PUBLIC KEY")
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("not a PKIX public key: %w", err)
	}
	key, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("a %T public key, not Ed25519", k)
	}
	return key, nil
}

// keyDER returns the DER in data: the body of a PEM block of the wanted
// type, or data itself decoded as base64.
func keyDER(data []byte, want string) ([]byte, error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, errors.New("empty")
	}
	if b, rest := pem.Decode(data); b != nil {
		if b.Type != want {
			return nil, fmt.Errorf("a PEM %q block, want %q", b.Type, want)
		}
		if len(bytes.TrimSpace(rest)) > 0 {
			return nil, errors.New("more than one PEM block")
		}
		return b.Bytes, nil
	}
	if bytes.HasPrefix(data, []byte("-----")) {
		return nil, errors.New("a damaged PEM block")
	}
	der, err := base64.StdEncoding.DecodeString(string(data))
	if err != nil {
		return nil, fmt.Errorf("neither a PEM %q block nor base64 DER", want)
	}
	return der, nil
}
