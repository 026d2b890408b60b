package templates

// LiveFormData is the form that starts a live game or local session.
type LiveFormData struct {
	Problem, Algo string
	// GameAlgos and LocalAlgos name the algorithms of each family.
	GameAlgos, LocalAlgos []string
	// Error is what was wrong with the lines, in the engine's words.
	Error  string
	Static string
}

// LiveData is a live game or local session's page at first paint: the
// view at the current step (SVG drawn by the svg export); game.js keeps it
// live over WSURL.
type LiveData struct {
	ID        string
	WSURL     string
	FollowURL string
	Presenter bool
	Kind      string // "game" or "local"
	Problem   string
	Algo      string
	Step      int
	Says      string
	SVG       string
	Static    string
}
