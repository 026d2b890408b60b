package notebook_test

import (
	"testing"
	"time"

	"stepviz/notebook"
	"stepviz/notebook/storetest"
)

func TestMemStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, lim notebook.Limits, now func() time.Time) notebook.Store {
		return notebook.NewMemStore(lim, now)
	})
}
