package cluster

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats.go"

	"stepviz/internal/usererr"
)

// Redacted is a -nats list (comma-separated URLs) fit to print: the
// password of each URL, or its user when it has none (NATS reads that as
// a token), replaced with xxxxx. Cost: O(len(urls)).
func Redacted(urls string) string {
	parts := strings.Split(urls, ",")
	for i, p := range parts {
		u, err := url.Parse(strings.TrimSpace(p))
		if err != nil || u.User == nil {
			continue
		}
		if _, ok := u.User.Password(); !ok {
			u.User = url.User("xxxxx")
		}
		parts[i] = u.Redacted()
	}
	return strings.Join(parts, ",")
}

// loginHints says, for each way of logging in (Config.login), what to
// check when NATS refuses it.
var loginHints = map[string]string{
	"user":  "check -nats-user and its password (-nats-password-file, or $" + EnvPassword + ") against the users of nats-server.conf's authorization block",
	"token": "check the token in -nats-token-file (or $" + EnvToken + ") against the token of nats-server.conf's authorization block",
	"nkey":  "the public key (U...) of the seed in -nats-nkey must be the nkey of a user in nats-server.conf's authorization block (nk -inkey FILE -pubout prints it)",
	"creds": "the user of the -nats-creds file must be signed by an account of an operator nats-server trusts (its operator and resolver), and be neither expired nor revoked (nsc generate creds makes a new file)",
	"url":   "check the user and password, or the token, written in -nats",
	"":      "it asks for a login and this instance gave none: give -nats-user with -nats-password-file, -nats-token-file, -nats-nkey or -nats-creds",
}

// connectError says in the user's words why an instance could not join
// NATS at urls, logging in as login says (Config.login), and what to
// change; the log's text (Error) keeps the NATS client's own error after
// it, which never holds a password, token or seed.
func connectError(urls, login string, err error) error {
	at := Redacted(urls)
	var unknownCA x509.UnknownAuthorityError
	var wrongHost x509.HostnameError
	var alert tls.AlertError
	var msg string
	switch {
	case errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization"):
		msg = fmt.Sprintf("NATS at %s refused this instance's login: %s", at, loginHints[login])
	case errors.Is(err, nats.ErrSecureConnWanted):
		msg = fmt.Sprintf("NATS at %s does not offer TLS, which this instance asks for (a tls:// URL or a -nats-tls-* flag): turn on the tls block of nats-server.conf, or connect with nats:// and no -nats-tls-* flags", at)
	case errors.Is(err, nats.ErrSecureConnRequired):
		msg = fmt.Sprintf("NATS at %s requires TLS: connect with tls://HOST:4222 and -nats-tls-ca FILE (the CA of the servers' certificates)", at)
	case errors.As(err, &unknownCA):
		msg = fmt.Sprintf("the TLS link to NATS at %s failed: the server's certificate is not signed by a CA this instance trusts; give that CA with -nats-tls-ca FILE", at)
	case errors.As(err, &wrongHost):
		msg = fmt.Sprintf("the TLS link to NATS at %s failed: the server's certificate is not for %s; connect with the name its certificate carries", at, wrongHost.Host)
	case strings.Contains(err.Error(), "certificate required") || strings.Contains(err.Error(), "bad certificate"):
		msg = fmt.Sprintf("the TLS link to NATS at %s failed: the server asks for this instance's certificate; give it with -nats-tls-cert FILE and -nats-tls-key FILE (signed by the CA the server trusts)", at)
	case errors.As(err, &alert) || strings.Contains(err.Error(), "tls") || strings.Contains(err.Error(), "certificate"):
		msg = fmt.Sprintf("the TLS link to NATS at %s failed: check -nats-tls-ca (the CA of the servers' certificates), and -nats-tls-cert with -nats-tls-key when the servers verify clients", at)
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, nats.ErrTimeout):
		msg = fmt.Sprintf("cannot reach NATS at %s: no NATS server answered in time; a firewall may be dropping the connection, or what listens there is not nats-server (its clients' port is 4222 by default): check -nats", at)
	case errors.Is(err, nats.ErrNoServers) || isDialError(err):
		msg = fmt.Sprintf("cannot reach NATS at %s: nothing answers there; start nats-server -c nats-server.conf (docs/deploy.md), or check -nats", at)
	default:
		return usererr.Errorf("cluster", "cannot join NATS at %s: %w", at, err)
	}
	return fmt.Errorf("%w (%v)", usererr.New("cluster", msg), err)
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op)
}

// errDown is the error of an operation tried while this instance has lost
// NATS (the connection keeps trying by itself), returned at once instead
// of after a timeout; nil while connected.
func (b *Bus) errDown() error {
	if b.nc.IsConnected() {
		return nil
	}
	return usererr.Errorf("cluster", "NATS at %s cannot be reached just now, so what is shared between servers waits (this server keeps trying to reconnect): try again in a moment", Redacted(b.urls))
}
