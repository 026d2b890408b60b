// Package notebook is stepviz's own web notebook: an [http.Handler] that
// serves a page of cells (templates/notebook.templ, static/notebook.js)
// whose code cells run in a kernel.Session over a websocket, and that
// saves and opens notebooks as .ipynb (nbformat 4, kernelspec "stepviz"),
// so a notebook made here opens in Jupyter and the reverse. Open also takes
// a stepviz JSON trace: verified by replaying it, it becomes the notebook
// whose cells rebuild it ([TraceDoc]), which the page runs on load.
//
// Each websocket connection (each open page) has a session of its own,
// like a Jupyter kernel: reloading the page starts a fresh one. Cells run
// one at a time in the order they are sent; an interrupt cancels the
// running cell between two search steps. Saved notebooks are kept in
// memory (the newest [Config.MaxDocs]) and, with [Config.Dir], on disk.
//
// Outputs from a saved file are shown as escaped text only, never as
// HTML, so a crafted .ipynb cannot run script in the page; running the
// cell redraws its pictures.
//
// Errors read "notebook: ...".
package notebook
