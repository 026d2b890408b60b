package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os/signal"
	"syscall"

	"stepviz/notebook"
	"stepviz/server"
	"stepviz/store"
)

func init() {
	register("serve", "serve the live lecture viewer (stepviz serve [-addr 127.0.0.1:8080] [-db stepviz.db] [-max-sessions N] [-max-nodes N])", runServe)
}

// runServe serves the landing page, the session pages and their websockets
// until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port); 127.0.0.1 keeps it on this machine")
	maxSessions := fs.Int("max-sessions", server.DefaultMaxSessions, "most sessions held at once")
	maxNodes := fs.Int("max-nodes", server.DefaultMaxNodes, "most search-tree nodes per session")
	maxClients := fs.Int("max-clients", server.DefaultMaxClients, "most connections to one session")
	dbPath := fs.String("db", defaultDB, "the SQLite database keeping rooms, polls and saved notebooks across restarts (created if missing)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "stepviz serve: unexpected argument %q; flags are -addr, -db, -max-sessions, -max-nodes, -max-clients\n", fs.Arg(0))
		return exitUsage
	}
	if *maxSessions < 1 || *maxNodes < 1 || *maxClients < 1 {
		fmt.Fprintln(stderr, "stepviz serve: -max-sessions, -max-nodes and -max-clients must be at least 1")
		return exitUsage
	}
	db, err := store.Open(*dbPath)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz serve: %v\n", err)
		return exitUsage
	}
	defer db.Close()
	srv := server.New(server.Config{
		MaxSessions: *maxSessions, MaxNodes: *maxNodes, MaxClients: *maxClients, DB: db,
		Logger: log.New(stderr, "stepviz serve: ", log.LstdFlags),
	})
	// The web notebook keeps its own, larger node cap: a BFS over the whole
	// 8-puzzle, as the examples compare, needs about 483,000 nodes.
	nb := notebook.NewHandler(notebook.Config{Store: db.Notebooks(notebook.Limits{}, nil)})
	srv.Handle("/notebook", nb)
	srv.Handle("/notebook/", nb)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	err = srv.ListenAndServe(ctx, *addr, func(a string) {
		fmt.Fprintf(stdout, "stepviz: serving the lecture viewer on http://%s/ (Ctrl-C stops)\n", a)
	})
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "stepviz serve: %v\n", err)
		return 1
	}
	return 0
}
