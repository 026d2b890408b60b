package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"stepviz/cluster"
	"stepviz/internal/membudget"
	"stepviz/internal/usererr"
	"stepviz/notebook"
	"stepviz/server"
	"stepviz/store"
)

func init() {
	register("serve", "serve the live lecture viewer (stepviz serve [-class] [-addr 127.0.0.1:8080] [-public-url URL] [-host NAME] [-trusted-proxy 127.0.0.1] [-db stepviz.db] [-nats nats://HOST:4222 -cluster-secret FILE -nats-user NAME ...] [-max-sessions N] [-max-per-client N] [-max-nodes N] [-max-clients N] [-idle D])", runServe)
}

// runServe serves the landing page, the session pages and their websockets
// until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port); 127.0.0.1 keeps it on this machine")
	class := fs.Bool("class", false, "serve a class: listen on every network address of this machine (on -addr's port) and print the addresses students open")
	publicURL := fs.String("public-url", "", "the address students open when it is not one of this machine's (a DNS name, a reverse proxy), such as https://lecture.example; followers' links and QR codes carry it")
	clusterCfg := cluster.AddFlags(fs)
	dbPath := fs.String("db", defaultDB, "the SQLite database keeping rooms, polls and saved notebooks across restarts (created if missing)")
	ints, idle := addServeRanges(fs, map[string]string{
		"max-sessions":       "most sessions held at once",
		"max-nodes":          "most search-tree nodes per session",
		"max-clients":        "most connections to one session",
		"max-per-client":     "most sessions one client address may hold",
		"notebook-max-nodes": "most search-tree nodes one web notebook page holds (its ceiling for maxnodes= and its node budget; each search also reserves 128 bytes a node from -memory)",
		"memory":             "MB of memory the server's work may hold at once (sessions, notebook searches, checks and saves); new work past it is refused with a message",
		"per-address":        "people one client address may stand for (a class behind one router): each may keep 4 pages open and answer a poll once, and together they send at most 3 messages a second each",
		"idle":               "a session without a presenter command for this long may be reclaimed when the server is full",
	})
	maxSessions, maxNodes, maxClients, maxPerClient := ints["max-sessions"], ints["max-nodes"], ints["max-clients"], ints["max-per-client"]
	nbMaxNodes, memory, perAddress := ints["notebook-max-nodes"], ints["memory"], ints["per-address"]
	var hosts hostList
	fs.Var(&hosts, "host", "a further name the server is reached by, such as lecture.example or lecture.example:443 behind a proxy (repeatable); its own address always works")
	var proxies proxyList
	fs.Var(&proxies, "trusted-proxy", "the address of a reverse proxy or load balancer in front of this server, such as 127.0.0.1, or a range such as 10.0.0.0/24 (repeatable): a request from it is counted by the client its X-Forwarded-For names, so the per-address limits count each student, not the proxy")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	var err error
	if len(pos) > 0 {
		fmt.Fprintf(stderr, "stepviz serve: unexpected argument %q; flags are -class, -addr, -public-url, -host, -trusted-proxy, -db, -nats (with -cluster-secret and -nats-*), -max-sessions, -max-per-client, -max-nodes, -max-clients, -notebook-max-nodes, -memory, -per-address, -idle\n", pos[0])
		return exitUsage
	}
	if err := checkServeRanges(fs); err != nil {
		fmt.Fprintf(stderr, "stepviz serve: %v\n", err)
		return exitUsage
	}
	if *class {
		_, port, err := net.SplitHostPort(*addr)
		if err != nil {
			fmt.Fprintf(stderr, "stepviz serve: -addr %q: give host:port, such as :8080\n", *addr)
			return exitUsage
		}
		*addr = ":" + port
	}
	public := ""
	if *publicURL != "" {
		if public, err = server.ParsePublicURL(*publicURL); err != nil {
			fmt.Fprintf(stderr, "stepviz serve: %v\n", err)
			return exitUsage
		}
	}
	cfg := server.Config{
		MaxSessions: *maxSessions, MaxNodes: *maxNodes, MaxClients: *maxClients,
		MaxPerClient: min(*maxPerClient, *maxSessions), Idle: *idle, Hosts: hosts, TrustedProxies: proxies,
		Logger:            log.New(stderr, "stepviz serve: ", log.LstdFlags),
		PublicURL:         public,
		ClassroomCommand:  classroomCommand(os.Args[0], fs),
		Memory:            membudget.New(int64(*memory) << 20),
		SocketsPerAddress: 4 * *perAddress, AddressRate: 3 * *perAddress, VotersPerAddress: *perAddress,
	}
	if *maxPerClient > *maxSessions && isSet(fs, "max-per-client") {
		cfg.MaxPerClient = *maxPerClient // let Validate name the clash
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "stepviz serve: %v\n", err)
		return exitUsage
	}
	db, err := store.Open(*dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz serve: %v\n", usererr.Text(err))
		return exitUsage
	}
	defer db.Close()
	cfg.DB = db
	if clusterCfg.URL != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		b, err := cluster.Open(ctx, *clusterCfg)
		cancel()
		if err != nil {
			fmt.Fprintf(stderr, "stepviz serve: %v\n", usererr.Text(err))
			return exitUsage
		}
		defer b.Close()
		b.SetLogger(cfg.Logger.Printf)
		cfg.Logger.Printf("joined NATS at %s: rooms are shared with every instance on it", b.Server())
		cfg.Bus = b
	}
	srv := server.New(cfg)
	// The web notebook keeps its own, larger node cap: a BFS over the whole
	// 8-puzzle, as the examples compare, needs about 483,000 nodes.
	nb := notebook.NewHandler(notebook.Config{Store: db.Notebooks(notebook.Limits{}, nil), Hosts: hosts, NodeCeiling: *nbMaxNodes, Memory: cfg.Memory})
	srv.Handle("/notebook", nb)
	srv.Handle("/notebook/", nb)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	err = srv.ListenAndServe(ctx, *addr, func(a string) { printServing(stdout, a, public, cfg.ClassroomCommand, hosts, len(proxies) > 0) })
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "stepviz serve: %v\n", usererr.Text(err))
		return 1
	}
	return 0
}

// printServing says where the server is: first the address to open on
// this machine, then the addresses students open (the machine's network
// addresses, never [::] or 0.0.0.0, or public), or, when it listens on
// loopback only, classroom, the command that serves a class; but behind a
// proxy (loopback only, with public or hosts, the -host names, given), the
// names students reach it by, and, unless trusted (a -trusted-proxy is
// given), that it should be.
func printServing(w io.Writer, addr, public, classroom string, hosts []string, trusted bool) {
	ln, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		fmt.Fprintf(w, "stepviz: serving the lecture viewer on http://%s/ (Ctrl-C stops)\n", addr)
		return
	}
	fmt.Fprintf(w, "stepviz: serving the lecture viewer on %s (Ctrl-C stops)\n", server.LocalURL(ln))
	proxied := len(server.StudentURLs("", ln)) == 0 && (public != "" || len(hosts) > 0)
	urls := server.StudentURLs(public, ln)
	switch {
	case len(urls) == 0 && proxied:
		fmt.Fprintf(w, "stepviz: students reach it through your proxy as %s (-host); only this computer can open it directly", strings.Join(hosts, ", "))
	case len(urls) == 0:
		fmt.Fprintf(w, "stepviz: only this computer can open it; to serve a class, start it with: %s", classroom)
	case len(urls) == 1:
		fmt.Fprintf(w, "stepviz: students open %s", urls[0])
	default:
		fmt.Fprintf(w, "stepviz: students open %s (also: %s)", urls[0], strings.Join(urls[1:], ", "))
	}
	if proxied && !trusted {
		fmt.Fprint(w, "; give -trusted-proxy with the proxy's address (such as 127.0.0.1), or every student counts as that one address")
	}
	fmt.Fprintln(w)
}

// hostList is the repeatable -host flag.
type hostList []string

func (h *hostList) String() string { return strings.Join(*h, ",") }

func (h *hostList) Set(v string) error {
	v = strings.TrimSpace(v)
	if v == "" || strings.ContainsAny(v, "/ \t") {
		return fmt.Errorf("give a host name, such as lecture.example or lecture.example:443, not %q", v)
	}
	*h = append(*h, v)
	return nil
}

// proxyList is the repeatable -trusted-proxy flag.
type proxyList []netip.Prefix

func (p *proxyList) String() string {
	s := make([]string, len(*p))
	for i, x := range *p {
		s[i] = x.String()
	}
	return strings.Join(s, ",")
}

func (p *proxyList) Set(v string) error {
	x, err := server.ParseTrustedProxy(v)
	if err != nil {
		return err
	}
	*p = append(*p, x)
	return nil
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
