package cluster_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"stepviz/cluster"
	"stepviz/internal/usererr"
)

// loginKit is one way of logging in to a real nats-server: the server's
// configuration for it, and the files of a right and a wrong login (the
// secrets they hold, which no message may show).
type loginKit struct {
	configure    func(*natsserver.Options)
	right, wrong cluster.Config
	secrets      []string
}

// writeFile writes body to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// stepvizPermissions are the stepviz user's permissions of
// docs/nats-server.conf, for a user of another kind.
func stepvizPermissions(t *testing.T, o *natsserver.Options) *natsserver.Permissions {
	t.Helper()
	if len(o.Users) != 1 || o.Users[0].Permissions == nil {
		t.Fatalf("docs/nats-server.conf: want one user with permissions, have %d users", len(o.Users))
	}
	return o.Users[0].Permissions
}

func tokenKit(t *testing.T) loginKit {
	dir := t.TempDir()
	const tok, other = "test-nats-token-0123456789abcdef", "guessed-token-0123456789abcdef"
	return loginKit{
		configure: func(o *natsserver.Options) { o.Users, o.Authorization = nil, tok },
		right:     cluster.Config{TokenFile: writeFile(t, dir, "token", tok+"\n")},
		wrong:     cluster.Config{TokenFile: writeFile(t, dir, "other", other)},
		secrets:   []string{tok, other},
	}
}

func userSeed(t *testing.T) (nkeys.KeyPair, string, string) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := kp.PublicKey()
	seed, _ := kp.Seed()
	return kp, pub, string(seed)
}

func nkeyKit(t *testing.T) loginKit {
	dir := t.TempDir()
	_, pub, seed := userSeed(t)
	_, _, strange := userSeed(t)
	return loginKit{
		configure: func(o *natsserver.Options) {
			o.Nkeys = []*natsserver.NkeyUser{{Nkey: pub, Permissions: stepvizPermissions(t, o)}}
			o.Users = nil
		},
		right:   cluster.Config{NKeyFile: writeFile(t, dir, "user.nk", seed+"\n")},
		wrong:   cluster.Config{NKeyFile: writeFile(t, dir, "stranger.nk", strange)},
		secrets: []string{seed, strange},
	}
}

// credsKit is an operator (JWT) set-up as nsc makes one: an operator, an
// account it signs with JetStream allowed, and a user the account signs
// with the stepviz user's permissions, in a .creds file. The wrong file's
// user is signed by an account the server does not know.
func credsKit(t *testing.T) loginKit {
	dir := t.TempDir()
	opKey, _ := nkeys.CreateOperator()
	opPub, _ := opKey.PublicKey()
	op := jwt.NewOperatorClaims(opPub)
	op.Name = "stepviz-test"
	account := func(name string, js bool) (nkeys.KeyPair, *jwt.AccountClaims, string) {
		kp, _ := nkeys.CreateAccount()
		pub, _ := kp.PublicKey()
		ac := jwt.NewAccountClaims(pub)
		ac.Name = name
		if js {
			ac.Limits.JetStreamLimits = jwt.JetStreamLimits{MemoryStorage: -1, DiskStorage: -1, Streams: -1, Consumer: -1}
		}
		tok, err := ac.Encode(opKey)
		if err != nil {
			t.Fatal(err)
		}
		return kp, ac, tok
	}
	accKey, acc, accJWT := account("STEPVIZ", true)
	strangerKey, _, _ := account("UNKNOWN", true)
	_, sys, sysJWT := account("SYS", false) // JetStream needs a system account
	op.SystemAccount = sys.Subject
	if _, err := op.Encode(opKey); err != nil {
		t.Fatal(err)
	}
	var perms *natsserver.Permissions
	creds := func(name string, signer nkeys.KeyPair) (string, string) {
		_, pub, seed := userSeed(t)
		uc := jwt.NewUserClaims(pub)
		uc.Name = "stepviz"
		if perms != nil {
			uc.Pub.Allow.Add(perms.Publish.Allow...)
			uc.Sub.Allow.Add(perms.Subscribe.Allow...)
		}
		tok, err := uc.Encode(signer)
		if err != nil {
			t.Fatal(err)
		}
		b, err := jwt.FormatUserConfig(tok, []byte(seed))
		if err != nil {
			t.Fatal(err)
		}
		return writeFile(t, dir, name, string(b)), seed
	}
	kit := loginKit{configure: func(o *natsserver.Options) {
		o.Users, o.Nkeys = nil, nil
		o.TrustedOperators = []*jwt.OperatorClaims{op}
		res := &natsserver.MemAccResolver{}
		for pub, tok := range map[string]string{acc.Subject: accJWT, sys.Subject: sysJWT} {
			if err := res.Store(pub, tok); err != nil {
				t.Fatal(err)
			}
		}
		o.AccountResolver, o.SystemAccount = res, sys.Subject
	}}
	// The user's permissions are the stepviz user's of nats-server.conf.
	t.Setenv(cluster.EnvPassword, testPassword)
	opts, err := natsserver.ProcessConfigFile(filepath.Join("..", "docs", "nats-server.conf"))
	if err != nil {
		t.Fatal(err)
	}
	perms = stepvizPermissions(t, opts)
	right, seed := creds("stepviz.creds", accKey)
	wrong, strange := creds("stranger.creds", strangerKey)
	kit.right, kit.wrong = cluster.Config{CredsFile: right}, cluster.Config{CredsFile: wrong}
	kit.secrets = []string{seed, strange}
	return kit
}

// TestClusterLogins: a real nats-server set up for each way of logging in
// but a password (TestClusterAuthRefusesStrangers has that one): a token,
// an nkey, and a .creds file of an operator (JWT) set-up. The right login
// joins (making the stream and the bucket, so JetStream is allowed to it);
// a wrong one, or none, is refused with a message in the user's words
// that names the flag to check and shows no secret and no NATS client's
// prefix.
func TestClusterLogins(t *testing.T) {
	for _, c := range []struct {
		name, flag string
		kit        func(*testing.T) loginKit
	}{
		{"token", "-nats-token-file", tokenKit},
		{"nkey", "-nats-nkey", nkeyKit},
		{"creds", "-nats-creds", credsKit},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(cluster.EnvToken, "")
			kit := c.kit(t)
			url := startNATSWith(t, kit.configure).ClientURL()
			open := func(cfg cluster.Config) (*cluster.Bus, error) {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				cfg.URL = url
				return cluster.Open(ctx, cfg)
			}
			b, err := open(kit.right)
			if err != nil {
				t.Fatalf("the right %s was refused: %v", c.name, err)
			}
			b.Close()
			for _, w := range []struct {
				what, want string
				cfg        cluster.Config
			}{
				{"a wrong " + c.name, c.flag, kit.wrong},
				{"no login", "gave none", cluster.Config{}},
			} {
				b, err := open(w.cfg)
				if err == nil {
					b.Close()
					t.Fatalf("%s joined; want it refused", w.what)
				}
				msg := usererr.Text(err)
				if !strings.Contains(msg, "refused this instance's login") || !strings.Contains(msg, w.want) || strings.Contains(msg, "nats: ") {
					t.Errorf("%s: refused with %q; want the login refused, %q named, no NATS client's prefix", w.what, msg, w.want)
				}
				for _, s := range kit.secrets {
					if strings.Contains(err.Error(), s) {
						t.Errorf("%s: the error shows a secret: %q", w.what, err)
					}
				}
			}
		})
	}
}
