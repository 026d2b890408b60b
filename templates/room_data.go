package templates

// RoomData is what the room page needs: the rest arrives on the room's
// websocket (room.js).
type RoomData struct {
	ID        string
	Presenter bool
	// Key is the presenter's key (presenter only): room.js adds it to the
	// links of the searches' pages so that they drive.
	Key string
	// Short is the room's code read aloud; JoinURL (/j/{Short}) leads
	// to FollowerURL, the room's link (/r/{ID}).
	Short        string
	JoinURL      string
	FollowerURL  string
	PresenterURL string
	WSURL        string
	CSVURL       string
	// SummaryURL is polls-summary.csv: one row per poll.
	SummaryURL string
	// Problem and Searches prefill the presenter's form with what is live.
	Problem  string
	Searches []string
	// Heuristics prefills the load form's own heuristics field with the
	// script the live searches were built with; HeuristicViews says, by
	// problem kind, what s is and which globals it may read (as on the
	// landing form). Presenter only.
	Heuristics     string
	HeuristicViews []HeuristicView
	Static         string
	// LoopbackOnly, when set, is the command that serves the class: the
	// server listens on this computer only, and no student can open
	// FollowerURL.
	LoopbackOnly string
}

// QRData is the projector's page of a followers' QR code.
type QRData struct {
	// Label names what is joined ("Room abc234"); PNG is the code's image.
	Label, PNG  string
	FollowerURL string
	Static      string
	// LoopbackOnly is as in RoomData.
	LoopbackOnly string
}
