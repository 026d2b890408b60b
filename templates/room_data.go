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
	// Problem and Searches prefill the presenter's form with what is live.
	Problem  string
	Searches []string
	Static   string
}
