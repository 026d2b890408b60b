package cluster_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"

	"stepviz/cluster"
	"stepviz/internal/usererr"
)

// writeCert writes a certificate signed by parent (self-signed when nil)
// and its key as PEM files in dir; it returns the certificate and key.
func writeCert(t *testing.T, dir, name string, ca bool, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: ca, BasicConstraintsValid: true,
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalECPrivateKey(key)
	for f, b := range map[string][]byte{
		name + ".pem":     pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		name + "-key.pem": pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}),
	} {
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cert, _ := x509.ParseCertificate(der)
	return cert, key
}

// TestClusterTLS: with the documented tls block turned on (verify: true),
// an instance given -nats-tls-ca and its client certificate joins; one
// without the CA, or without a client certificate, is refused.
func TestClusterTLS(t *testing.T) {
	dir := t.TempDir()
	ca, caKey := writeCert(t, dir, "ca", true, nil, nil)
	writeCert(t, dir, "server", false, ca, caKey)
	writeCert(t, dir, "client", false, ca, caKey)
	otherCA, otherKey := writeCert(t, dir, "other-ca", true, nil, nil)
	writeCert(t, dir, "stranger", false, otherCA, otherKey)
	p := func(f string) string { return filepath.Join(dir, f) }

	ns := startNATSWith(t, func(o *natsserver.Options) {
		var err error
		o.TLSConfig, err = natsserver.GenTLSConfig(&natsserver.TLSConfigOpts{CertFile: p("server.pem"), KeyFile: p("server-key.pem"), CaFile: p("ca.pem"), Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		o.TLS, o.TLSVerify = true, true
	})
	url := strings.Replace(ns.ClientURL(), "nats://", "tls://", 1)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, c := range []struct {
		name string
		cfg  cluster.Config
		ok   bool
	}{
		{"CA and client certificate", cluster.Config{URL: url, User: "stepviz", TLSCA: p("ca.pem"), TLSCert: p("client.pem"), TLSKey: p("client-key.pem")}, true},
		{"no CA", cluster.Config{URL: url, User: "stepviz", TLSCert: p("client.pem"), TLSKey: p("client-key.pem")}, false},
		{"no client certificate", cluster.Config{URL: url, User: "stepviz", TLSCA: p("ca.pem")}, false},
		{"a client certificate of another CA", cluster.Config{URL: url, User: "stepviz", TLSCA: p("ca.pem"), TLSCert: p("stranger.pem"), TLSKey: p("stranger-key.pem")}, false},
		{"no TLS", cluster.Config{URL: ns.ClientURL(), User: "stepviz"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := cluster.Open(ctx, c.cfg)
			if b != nil {
				b.Close()
			}
			if (err == nil) != c.ok {
				t.Fatalf("Open: %v; want ok=%v", err, c.ok)
			}
			flag := "-nats-tls-ca"
			if strings.Contains(c.name, "client certificate") {
				flag = "-nats-tls-cert"
			}
			if msg := usererr.Text(err); err != nil && (!strings.Contains(msg, flag) || strings.Contains(msg, "nats: ") || strings.Contains(msg, "x509: ") || strings.Contains(msg, "tls: ")) {
				t.Fatalf("refused with %q; want it to name the TLS flags, in the user's words", msg)
			}
		})
	}
}
