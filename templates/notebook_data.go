package templates

// NotebookData is everything the web notebook page shows at first paint.
type NotebookData struct {
	// Prefix is where the notebook handler is mounted ("/notebook"); every
	// URL of the page starts with it.
	Prefix string
	// Static is the static files' version, for cache busting.
	Static string
	// ID is the saved notebook's id, "" for a new or example notebook (a
	// save then makes a new one).
	ID    string
	Title string
	Cells []NotebookCell
	// Examples are the notebooks offered in the Open menu.
	Examples []NotebookExample
	// Error is shown at the top (a notebook that could not be opened).
	Error string
}

// NotebookCell is one cell. Outputs of a saved notebook are shown as text
// only: running the cell redraws its pictures.
type NotebookCell struct {
	Kind    string // "code" or "markdown"
	Source  string
	Count   int
	Outputs []NotebookOutput
}

// NotebookOutput is one saved output.
type NotebookOutput struct {
	Text  string
	Error bool
}

// NotebookExample is one notebook of examples/.
type NotebookExample struct {
	Name  string // file name, such as bfs-vs-astar.ipynb
	Title string
}
