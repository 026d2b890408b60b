package cluster_test

import (
	"fmt"
	"os"
	"testing"

	"stepviz/internal/testenv"
)

// TestMain makes the test binary double as the processes the tests run
// apart from themselves: a stepviz server for the load benchmarks
// (STEPVIZ_ROOM_SERVER set; its value is the NATS URL, or "-" for a single
// server), so each server's memory is measured apart from the clients';
// and a nats-server (STEPVIZ_NATS_PROCESS set to its configuration file),
// so a test can kill -9 a NATS node.
func TestMain(m *testing.M) {
	if conf := os.Getenv(envNATSProcess); conf != "" {
		natsProcess(conf)
		return
	}
	if v := os.Getenv("STEPVIZ_ROOM_SERVER"); v != "" {
		if err := serverProcess(v); err != nil {
			fmt.Fprintln(os.Stderr, "room server:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(testenv.Main(m))
}
