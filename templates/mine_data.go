package templates

// MineData is the lecturer's page: the sessions and rooms whose presenter
// keys this browser holds.
type MineData struct {
	Sessions, Rooms []MineItem
	// Kept is set when the server keeps lectures across restarts (-db).
	Kept   bool
	Static string
}

// MineItem is one session or room of the lecturer's page.
type MineItem struct {
	ID string
	// Key is the presenter key the close form sends.
	Key string
	// Title and Detail are the problem and the search line (for a room,
	// those it shows live); Step is the session's step, or the number of
	// searches a room has shown.
	Title, Detail string
	Step          int
	// Href is the presenter's link; Close the address its Close form posts to.
	Href, Close string
	// Live: held in memory now; Kept: kept across restarts.
	Live, Kept bool
}
