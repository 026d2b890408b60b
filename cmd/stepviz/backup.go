package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"stepviz/internal/usererr"
	"stepviz/store"
)

// defaultDB is the database `stepviz serve` and `stepviz backup` use
// without -db: stepviz.db in the directory the server is started from.
const defaultDB = "stepviz.db"

func init() {
	register("backup", "copy the server's database while it serves (stepviz backup -db stepviz.db -o copy.db)", runBackup)
}

// runBackup writes a consistent copy of a stepviz database (VACUUM INTO),
// safe while `stepviz serve` is using it: the database is in WAL mode, so
// the copy neither waits for nor blocks the server for long.
func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	db := fs.String("db", defaultDB, "the database to copy")
	out := fs.String("o", "", "the copy to write (a new file)")
	pos, code, ok := parseFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if *out == "" || len(pos) > 0 {
		fmt.Fprintln(stderr, "stepviz backup: give -o, the copy to write, as in: stepviz backup -db stepviz.db -o copy.db (the copy must be a new file)")
		return exitUsage
	}
	st, err := store.OpenExisting(*db)
	if err != nil {
		fmt.Fprintf(stderr, "stepviz backup: %v\n", usererr.Text(err))
		return exitUsage
	}
	defer st.Close()
	if err := st.Backup(context.Background(), *out); err != nil {
		fmt.Fprintf(stderr, "stepviz backup: %v\n", usererr.Text(err))
		return exitUsage
	}
	fmt.Fprintf(stdout, "stepviz backup: %s copied to %s\n", *db, *out)
	return exitOK
}
