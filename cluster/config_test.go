package cluster

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestConfigRefusals(t *testing.T) {
	dir := t.TempDir()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	secret := file("secret", strings.Repeat("s", 40)+"\n")
	t.Setenv(EnvPassword, "")
	t.Setenv(EnvToken, "")
	for _, c := range []struct {
		name string
		cfg  Config
		want string // "" for accepted
	}{
		{"a user and a password file", Config{SecretFile: secret, User: "stepviz", PasswordFile: file("pw", "pw\n")}, ""},
		{"a token file", Config{SecretFile: secret, TokenFile: file("tok", "t0k")}, ""},
		{"a user without a password", Config{SecretFile: secret, User: "stepviz"}, "has no password"},
		{"a password without a user", Config{SecretFile: secret, PasswordFile: file("pw2", "pw")}, "needs -nats-user"},
		{"two logins", Config{SecretFile: secret, User: "stepviz", PasswordFile: file("pw3", "pw"), TokenFile: file("tok2", "t")}, "one way to log in"},
		{"an empty token file", Config{SecretFile: secret, TokenFile: file("empty", "\n")}, "is empty"},
		{"a FIFO as the token", Config{SecretFile: secret, TokenFile: fifo}, "named pipe"},
		{"a FIFO as the secret", Config{SecretFile: fifo}, "named pipe"},
		{"a short secret", Config{SecretFile: file("short", "abc")}, "too short"},
		{"a bad nkey seed", Config{SecretFile: secret, NKeyFile: file("seed", "SUNOTASEED")}, "not an nkey seed"},
		{"a bad creds file", Config{SecretFile: secret, CredsFile: file("creds", "nothing here")}, "not a NATS .creds file"},
		{"a certificate without its key", Config{SecretFile: secret, TLSCert: file("cert", "x")}, "go together"},
		{"a CA file without a certificate", Config{SecretFile: secret, TLSCA: file("ca", "not pem")}, "no PEM certificate"},
		{"a missing password file", Config{SecretFile: secret, User: "stepviz", PasswordFile: filepath.Join(dir, "nopw")}, "-nats-password-file " + filepath.Join(dir, "nopw") + ": there is no such file; check the path"},
		{"a missing secret file", Config{SecretFile: filepath.Join(dir, "nosecret")}, "-cluster-secret " + filepath.Join(dir, "nosecret") + ": there is no such file"},
		{"a missing CA file", Config{SecretFile: secret, TLSCA: filepath.Join(dir, "noca.pem")}, "-nats-tls-ca " + filepath.Join(dir, "noca.pem") + ": there is no such file"},
		{"a missing key file", Config{SecretFile: secret, TLSCert: file("cert2", "x"), TLSKey: filepath.Join(dir, "nokey.pem")}, "-nats-tls-key " + filepath.Join(dir, "nokey.pem") + ": there is no such file"},
		{"a directory as the token", Config{SecretFile: secret, TokenFile: dir}, "-nats-token-file: " + dir + " is a directory, not a regular file"},
		{"a certificate as the key", Config{SecretFile: secret, TLSCert: file("cert3", "x"), TLSKey: file("key3", "y")}, "are not a PEM certificate and its private key"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.cfg.secret()
			if err == nil {
				_, err = c.cfg.options()
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v; want one saying %q", err, c.want)
			case err != nil && (strings.Contains(err.Error(), "open ") || strings.Contains(err.Error(), "tls: ")):
				t.Fatalf("error %q shows Go's own words; want the operator's", err)
			}
		})
	}
}
