// Command gen writes wire.JS() to the file its argument names:
// `go generate ./wire` keeps static/wireconst.js in step with wire.
package main

import (
	"fmt"
	"os"

	"stepviz/wire"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen FILE.js")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], []byte(wire.JS()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
