package cluster_test

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"stepviz/cluster"
)

// envNATSProcess, set to a configuration file, makes the test binary a
// nats-server process (TestMain).
const envNATSProcess = "STEPVIZ_NATS_PROCESS"

// testRoutePassword is the test NATS cluster's route password.
const testRoutePassword = "test-route-password-0123456789"

// natsProcess runs nats-server with the configuration file conf as its own
// command does (cmd nats-server's main: the same options, logger and
// signals), until it is stopped or killed.
func natsProcess(conf string) {
	fs := flag.NewFlagSet("nats-server", flag.ExitOnError)
	opts, err := natsserver.ConfigureOptions(fs, []string{"-c", conf}, natsserver.PrintServerAndExit, fs.Usage, natsserver.PrintTLSHelpAndDie)
	if err != nil {
		natsserver.PrintAndDie("nats-server: " + err.Error())
	}
	s, err := natsserver.NewServer(opts)
	if err != nil {
		natsserver.PrintAndDie("nats-server: " + err.Error())
	}
	s.ConfigureLogger()
	if err := natsserver.Run(s); err != nil {
		natsserver.PrintAndDie(err.Error())
	}
	s.WaitForShutdown()
	os.Exit(0)
}

// natsNode is one nats-server process of a test NATS cluster on
// 127.0.0.1: its configuration, its JetStream files and its log stay in
// a temporary directory, so a node killed and started again is the same
// node, restarted.
type natsNode struct {
	name            string
	port, routePort int
	dir             string
	cmd             *exec.Cmd
	env             []string
}

// URL is the node's client URL.
func (n *natsNode) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", n.port) }

// natsCluster is a NATS cluster of nats-server processes configured as
// docs/deploy.md says: docs/nats-server.conf with docs/nats-cluster.conf
// added, each node's name, addresses and store directory its own.
type natsCluster struct{ nodes []*natsNode }

// freePort is a TCP port on 127.0.0.1 that nothing listens on just now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// replaceOnce replaces old with new in s, failing the test unless old is
// there exactly once (the documented file changed under the test).
func replaceOnce(t *testing.T, file, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%s holds %q %d times; the test replaces it once", file, old, n)
	}
	return strings.Replace(s, old, new, 1)
}

// startNATSCluster starts n nats-server processes routed to each other
// and waits until JetStream answers on each. Every process is killed at
// the end of the test; a failed test prints each node's log.
func startNATSCluster(t *testing.T, n int) *natsCluster {
	t.Helper()
	t.Setenv(cluster.EnvPassword, testPassword)
	t.Setenv(cluster.EnvSecret, testSecret)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "docs", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	single, added := read("nats-server.conf"), read("nats-cluster.conf")
	c := &natsCluster{}
	env := append(os.Environ(), cluster.EnvPassword+"="+testPassword, "NATS_ROUTE_PASSWORD="+testRoutePassword)
	for i := range n {
		nd := &natsNode{name: "n" + strconv.Itoa(i+1), port: freePort(t), routePort: freePort(t), dir: t.TempDir()}
		c.nodes = append(c.nodes, nd)
		env = append(env, fmt.Sprintf("NATS_ROUTE_N%d=nats://route:%s@127.0.0.1:%d", i+1, testRoutePassword, nd.routePort))
	}
	for _, nd := range c.nodes {
		nd.env = env
		conf := replaceOnce(t, "nats-server.conf", single, "listen: 10.0.0.5:4222", fmt.Sprintf("listen: 127.0.0.1:%d", nd.port))
		conf = replaceOnce(t, "nats-server.conf", conf, "store_dir: /var/lib/nats", fmt.Sprintf("store_dir: %q", filepath.Join(nd.dir, "js")))
		more := replaceOnce(t, "nats-cluster.conf", added, "server_name: n1", "server_name: "+nd.name)
		more = replaceOnce(t, "nats-cluster.conf", more, "listen: 10.0.0.5:6222", fmt.Sprintf("listen: 127.0.0.1:%d", nd.routePort))
		if err := os.WriteFile(filepath.Join(nd.dir, "nats-server.conf"), []byte(conf+"\n"+more), 0o600); err != nil {
			t.Fatal(err)
		}
		nd.start(t)
	}
	t.Cleanup(func() {
		for _, nd := range c.nodes {
			nd.kill(t)
			if t.Failed() {
				b, _ := os.ReadFile(filepath.Join(nd.dir, "log"))
				if len(b) > 4000 {
					b = b[len(b)-4000:]
				}
				t.Logf("the log of NATS node %s (its end):\n%s", nd.name, b)
			}
		}
	})
	for _, nd := range c.nodes {
		nd.waitJetStream(t)
	}
	return c
}

// URLs is the -nats list of the nodes numbered is (all when none).
func (c *natsCluster) URLs(is ...int) string {
	if len(is) == 0 {
		for i := range c.nodes {
			is = append(is, i)
		}
	}
	var us []string
	for _, i := range is {
		us = append(us, c.nodes[i].URL())
	}
	return strings.Join(us, ",")
}

// nodeOf is the index of the node whose client URL is url, -1 for none.
func (c *natsCluster) nodeOf(url string) int {
	for i, nd := range c.nodes {
		if strings.HasSuffix(url, ":"+strconv.Itoa(nd.port)) {
			return i
		}
	}
	return -1
}

// start runs the node's process (again, on its files, after kill).
func (n *natsNode) start(t *testing.T) {
	t.Helper()
	log, err := os.OpenFile(filepath.Join(n.dir, "log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	n.cmd = exec.Command(os.Args[0])
	n.cmd.Env = append(n.env, envNATSProcess+"="+filepath.Join(n.dir, "nats-server.conf"))
	n.cmd.Stdout, n.cmd.Stderr = log, log
	n.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // gone with the test, even killed
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
}

// kill ends the node's process with SIGKILL (kill -9: no goodbye to its
// clients or its routes, its files as they are) and waits for it.
func (n *natsNode) kill(t *testing.T) {
	t.Helper()
	if n.cmd == nil {
		return
	}
	_ = n.cmd.Process.Signal(syscall.SIGKILL)
	_ = n.cmd.Wait()
	n.cmd = nil
}

// stop ends the node's process with SIGTERM, as an operator's stop
// does: nats-server shuts down and says goodbye to its routes, so the
// others mark it gone at once (SIGKILL after 10 s if it has not ended).
func (n *natsNode) stop(t *testing.T) {
	t.Helper()
	if n.cmd == nil {
		return
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = n.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = n.cmd.Process.Signal(syscall.SIGKILL)
		<-done
	}
	n.cmd = nil
}

// waitJetStream waits until the node answers a JetStream request as the
// stepviz user (the NATS cluster has elected its JetStream leader).
func (n *natsNode) waitJetStream(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var last error
	for time.Now().Before(deadline) {
		nc, err := nats.Connect(n.URL(), nats.UserInfo("stepviz", testPassword), nats.Timeout(time.Second))
		if err == nil {
			js, _ := jetstream.New(nc)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			_, err = js.AccountInfo(ctx)
			cancel()
			nc.Close()
			if err == nil {
				return
			}
		}
		last = err
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("NATS node %s did not answer JetStream requests within 30 s: %v", n.name, last)
}

// replicas waits until every stream of stepviz has want replicas, each
// current (caught up with its leader), as seen through url.
func (c *natsCluster) replicas(t *testing.T, url string, want int) {
	t.Helper()
	c.waitStreams(t, url, fmt.Sprintf("%d current replicas", want), func(ci *jetstream.ClusterInfo) string {
		if ci.Leader == "" || len(ci.Replicas)+1 != want {
			return fmt.Sprintf("leader %q and %d other replicas", ci.Leader, len(ci.Replicas))
		}
		var why strings.Builder
		for _, r := range ci.Replicas {
			if !r.Current || r.Offline {
				fmt.Fprintf(&why, "replica %s current %v offline %v lag %d; ", r.Name, r.Current, r.Offline, r.Lag)
			}
		}
		return why.String()
	})
}

// leader is the number of the node leading the events' stream now, as
// seen through url.
func (c *natsCluster) leader(t *testing.T, url string) int {
	t.Helper()
	_, js := stepvizJS(t, url)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := js.Stream(ctx, cluster.StreamName)
	if err != nil {
		t.Fatal(err)
	}
	if ci := st.CachedInfo().Cluster; ci != nil {
		for i, nd := range c.nodes {
			if nd.name == ci.Leader {
				return i
			}
		}
	}
	t.Fatalf("%s has no leader: %+v", cluster.StreamName, st.CachedInfo().Cluster)
	return -1
}

// led waits until every stream of stepviz has a leader, as seen through
// url: the NATS cluster takes events again after losing a node.
func (c *natsCluster) led(t *testing.T, url string) {
	t.Helper()
	c.waitStreams(t, url, "a leader", func(ci *jetstream.ClusterInfo) string {
		if ci.Leader == "" {
			return "no leader"
		}
		return ""
	})
}

// waitStreams waits up to 30 s until check finds nothing wrong ("") with
// the cluster information of each stream of stepviz, read through url.
func (c *natsCluster) waitStreams(t *testing.T, url, want string, check func(*jetstream.ClusterInfo) string) {
	t.Helper()
	_, js := stepvizJS(t, url)
	deadline := time.Now().Add(30 * time.Second)
	for _, name := range []string{cluster.StreamName, "KV_" + cluster.Bucket} {
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			st, err := js.Stream(ctx, name)
			cancel()
			why := ""
			switch {
			case err != nil:
				why = err.Error()
			case st.CachedInfo().Cluster == nil:
				why = "no cluster information"
			default:
				why = check(st.CachedInfo().Cluster)
			}
			if why == "" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s has not %s within 30 s: %s", name, want, why)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}
