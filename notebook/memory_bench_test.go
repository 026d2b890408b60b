package notebook

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
)

// BenchmarkSaveMemory measures what a save of a 15 MB notebook allocates
// per byte of its body, garbage included (what it holds at once is less):
// at most twice saveFactor.
func BenchmarkSaveMemory(b *testing.B) {
	type cell struct {
		Kind    string              `json:"kind"`
		Source  string              `json:"source"`
		Outputs []map[string]string `json:"outputs"`
	}
	var cells []cell
	for range 15 {
		cells = append(cells, cell{Kind: "code", Source: "search bfs", Outputs: []map[string]string{{"text": strings.Repeat("x", 1000<<10)}}})
	}
	body, err := json.Marshal(map[string]any{"title": "big", "cells": cells})
	if err != nil {
		b.Fatal(err)
	}
	var perByte float64
	for range b.N {
		h := NewHandler(Config{Hosts: []string{"example.com"}})
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		req := httptest.NewRequest(http.MethodPost, "/notebook/save", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		runtime.ReadMemStats(&after)
		if w.Code != http.StatusOK {
			b.Fatalf("save: %d %s", w.Code, w.Body)
		}
		perByte = float64(after.TotalAlloc-before.TotalAlloc) / float64(len(body))
	}
	b.ReportMetric(perByte, "B/B")
	b.ReportMetric(float64(len(body)>>20), "MB")
	if perByte > 2*saveFactor {
		b.Errorf("a save allocates %.1f times its body, over twice saveFactor (%d)", perByte, saveFactor)
	}
}
