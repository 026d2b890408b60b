package export

import (
	"os"
	"testing"

	"stepviz/internal/testenv"
)

// TestMain prints one line naming the tests skipped for want of an outside
// tool and how to install it (testenv.Main).
func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }
