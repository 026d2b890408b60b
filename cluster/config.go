package cluster

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"stepviz/internal/safefile"
)

// Environment variables an instance reads when no file is named: secrets
// in the environment stay out of the process list and shell history.
const (
	EnvSecret   = "STEPVIZ_CLUSTER_SECRET"
	EnvPassword = "STEPVIZ_NATS_PASSWORD"
	EnvToken    = "STEPVIZ_NATS_TOKEN"
)

// MinSecretBytes is the shortest cluster secret accepted: 32 bytes, the
// size of the HMAC-SHA256 key it becomes.
const MinSecretBytes = 32

// maxCredentialBytes bounds every credential or certificate file read.
const maxCredentialBytes = 64 << 10

// Config is how an instance reaches the cluster: the NATS servers, how it
// proves who it is to them (at most one of a user and password, a token,
// an nkey seed or a .creds file), TLS where the link leaves the machine,
// and the cluster secret that signs every event and record.
type Config struct {
	// URL is one or more NATS servers, comma-separated (nats:// or tls://).
	URL string
	// User names the NATS user; its password is in PasswordFile or, if
	// that is empty, in $STEPVIZ_NATS_PASSWORD.
	User, PasswordFile string
	// TokenFile holds a NATS token ($STEPVIZ_NATS_TOKEN if empty and set).
	TokenFile string
	// NKeyFile holds a user nkey seed (SU...).
	NKeyFile string
	// CredsFile is a NATS .creds file (user JWT and nkey seed).
	CredsFile string
	// TLSCA is a PEM file of the CAs that sign the NATS servers'
	// certificates; TLSCert and TLSKey are this instance's client
	// certificate, when the servers ask for one. Any of them turns TLS on.
	TLSCA, TLSCert, TLSKey string
	// SecretFile holds the cluster secret shared by every instance (at
	// least MinSecretBytes; $STEPVIZ_CLUSTER_SECRET if empty).
	SecretFile string
}

// AddFlags defines the -nats flags on fs and returns the Config they fill.
func AddFlags(fs *flag.FlagSet) *Config {
	c := &Config{}
	fs.StringVar(&c.URL, "nats", "", "NATS server(s) with JetStream (nats://HOST:4222, or tls://) shared by every instance serving the same rooms; each instance keeps its own -db")
	fs.StringVar(&c.SecretFile, "cluster-secret", "", "file holding the cluster secret (at least 32 random bytes, the same on every instance) that signs every event; default $"+EnvSecret)
	fs.StringVar(&c.User, "nats-user", "", "NATS user name; its password is in -nats-password-file or $"+EnvPassword)
	fs.StringVar(&c.PasswordFile, "nats-password-file", "", "file holding the -nats-user password")
	fs.StringVar(&c.TokenFile, "nats-token-file", "", "file holding a NATS token (default $"+EnvToken+" when set)")
	fs.StringVar(&c.NKeyFile, "nats-nkey", "", "file holding a NATS user nkey seed (SU...)")
	fs.StringVar(&c.CredsFile, "nats-creds", "", "NATS .creds file (user JWT and seed)")
	fs.StringVar(&c.TLSCA, "nats-tls-ca", "", "PEM file of the CA that signs the NATS servers' certificates (turns TLS on)")
	fs.StringVar(&c.TLSCert, "nats-tls-cert", "", "PEM client certificate for NATS, with -nats-tls-key")
	fs.StringVar(&c.TLSKey, "nats-tls-key", "", "PEM private key of -nats-tls-cert")
	return c
}

// readFlagFile reads the file path given to the flag name: a regular file
// of bounded size. Its error names the flag and the file and says what to
// do, never the system call.
func readFlagFile(name, path string) ([]byte, error) {
	b, err := safefile.ReadFile(path, maxCredentialBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s %s: there is no such file; check the path", name, path)
	case errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("%s %s cannot be read (permission denied): let the user stepviz runs as read it", name, path)
	case err != nil:
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return b, nil
}

// readSecretFile reads the credential file path given to the flag name
// (readFlagFile), its surrounding white space dropped; what names the
// credential.
func readSecretFile(what, name, path string) ([]byte, error) {
	b, err := readFlagFile(name, path)
	if err != nil {
		return nil, err
	}
	b = []byte(strings.TrimSpace(string(b)))
	if len(b) == 0 {
		return nil, fmt.Errorf("%s %s is empty (%s)", what, path, name)
	}
	return b, nil
}

// secret returns the cluster secret from SecretFile or the environment.
func (c *Config) secret() ([]byte, error) {
	var s []byte
	if c.SecretFile != "" {
		b, err := readSecretFile("the cluster secret", "-cluster-secret", c.SecretFile)
		if err != nil {
			return nil, err
		}
		s = b
	} else {
		s = []byte(strings.TrimSpace(os.Getenv(EnvSecret)))
	}
	switch {
	case len(s) == 0:
		return nil, fmt.Errorf("no cluster secret: every instance needs the same secret of at least %d random bytes, in -cluster-secret FILE or $%s (make one with: head -c 32 /dev/urandom | base64 > cluster.secret)", MinSecretBytes, EnvSecret)
	case len(s) < MinSecretBytes:
		return nil, fmt.Errorf("the cluster secret is %d bytes, too short to sign with: give at least %d random bytes (head -c 32 /dev/urandom | base64)", len(s), MinSecretBytes)
	}
	return s, nil
}

// login names the way c logs in to NATS, as options chooses it: "user",
// "token", "nkey", "creds", "url" (a user or token written in URL) or ""
// (none).
func (c *Config) login() string {
	switch {
	case c.User != "":
		return "user"
	case c.TokenFile != "":
		return "token"
	case c.NKeyFile != "":
		return "nkey"
	case c.CredsFile != "":
		return "creds"
	case os.Getenv(EnvToken) != "":
		return "token"
	}
	for _, p := range strings.Split(c.URL, ",") {
		if u, err := url.Parse(strings.TrimSpace(p)); err == nil && u.User != nil {
			return "url"
		}
	}
	return ""
}

// options turns the credentials into NATS connection options.
func (c *Config) options() ([]nats.Option, error) {
	var opts []nats.Option
	n := 0
	if c.User != "" {
		n++
		var pw string
		if c.PasswordFile != "" {
			b, err := readSecretFile("the NATS password", "-nats-password-file", c.PasswordFile)
			if err != nil {
				return nil, err
			}
			pw = string(b)
		} else if pw = os.Getenv(EnvPassword); pw == "" {
			return nil, fmt.Errorf("-nats-user %s has no password: give -nats-password-file FILE or set $%s", c.User, EnvPassword)
		}
		opts = append(opts, nats.UserInfo(c.User, pw))
	} else if c.PasswordFile != "" {
		return nil, errors.New("-nats-password-file needs -nats-user NAME")
	}
	if c.TokenFile != "" || (n == 0 && c.NKeyFile == "" && c.CredsFile == "" && os.Getenv(EnvToken) != "") {
		n++
		tok := []byte(os.Getenv(EnvToken))
		if c.TokenFile != "" {
			b, err := readSecretFile("the NATS token", "-nats-token-file", c.TokenFile)
			if err != nil {
				return nil, err
			}
			tok = b
		}
		opts = append(opts, nats.Token(string(tok)))
	}
	if c.NKeyFile != "" {
		n++
		seed, err := readSecretFile("the NATS nkey seed", "-nats-nkey", c.NKeyFile)
		if err != nil {
			return nil, err
		}
		kp, err := nkeys.FromSeed(seed)
		if err != nil {
			return nil, fmt.Errorf("%s is not an nkey seed (SU...): %v", c.NKeyFile, err)
		}
		pub, err := kp.PublicKey()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.NKeyFile, err)
		}
		opts = append(opts, nats.Nkey(pub, kp.Sign))
	}
	if c.CredsFile != "" {
		n++
		b, err := readSecretFile("the NATS credentials", "-nats-creds", c.CredsFile)
		if err != nil {
			return nil, err
		}
		jwt, err := nkeys.ParseDecoratedJWT(b)
		if err != nil {
			return nil, fmt.Errorf("%s is not a NATS .creds file: %v", c.CredsFile, err)
		}
		kp, err := nkeys.ParseDecoratedUserNKey(b)
		if err != nil {
			return nil, fmt.Errorf("%s is not a NATS .creds file: %v", c.CredsFile, err)
		}
		opts = append(opts, nats.UserJWT(func() (string, error) { return jwt, nil }, kp.Sign))
	}
	if n > 1 {
		return nil, errors.New("give one way to log in to NATS: -nats-user, -nats-token-file, -nats-nkey or -nats-creds")
	}
	if c.TLSCA != "" || c.TLSCert != "" || c.TLSKey != "" {
		tc, err := c.tlsConfig()
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Secure(tc))
	}
	return opts, nil
}

// tlsConfig builds the TLS configuration from the PEM files named.
func (c *Config) tlsConfig() (*tls.Config, error) {
	tc := &tls.Config{MinVersion: tls.VersionTLS12}
	if c.TLSCA != "" {
		pem, err := readFlagFile("-nats-tls-ca", c.TLSCA)
		if err != nil {
			return nil, err
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("-nats-tls-ca %s holds no PEM certificate", c.TLSCA)
		}
		tc.RootCAs = pool
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return nil, errors.New("-nats-tls-cert and -nats-tls-key go together: give both or neither")
	}
	if c.TLSCert != "" {
		cp, err := readFlagFile("-nats-tls-cert", c.TLSCert)
		if err != nil {
			return nil, err
		}
		kp, err := readFlagFile("-nats-tls-key", c.TLSKey)
		if err != nil {
			return nil, err
		}
		cert, err := tls.X509KeyPair(cp, kp)
		if err != nil {
			return nil, fmt.Errorf("-nats-tls-cert %s and -nats-tls-key %s are not a PEM certificate and its private key (%s)", c.TLSCert, c.TLSKey, strings.TrimPrefix(err.Error(), "tls: "))
		}
		tc.Certificates = []tls.Certificate{cert}
	}
	return tc, nil
}
