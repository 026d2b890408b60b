-- stepviz's database schema, as numbered migrations. store.Open applies,
-- in one transaction each, every migration above the database's
-- user_version and sets user_version to its number. A migration is never
-- edited once released: a change is a new migration at the end.

-- migration 1: rooms, their searches, presenter keys, polls, notebooks
CREATE TABLE rooms (
	id       TEXT PRIMARY KEY,   -- the short code of /r/{id}
	key_hash BLOB NOT NULL,      -- sha256 of the presenter key; the key itself is never stored
	title    TEXT NOT NULL DEFAULT '',
	created  INTEGER NOT NULL,   -- unix seconds
	current  INTEGER NOT NULL DEFAULT -1 -- pos of the searches shown live, -1 before the first
);

-- A room's history: every search it has shown, in order. Searches shown
-- side by side share one pos and differ in lane (0..3). The engine is
-- deterministic, so problem, options and step are all a search needs.
CREATE TABLE searches (
	id       TEXT PRIMARY KEY,   -- the session id of /s/{id}
	room_id  TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
	pos      INTEGER NOT NULL,
	lane     INTEGER NOT NULL,
	problem  TEXT NOT NULL,
	options  TEXT NOT NULL,
	step     INTEGER NOT NULL DEFAULT 0,
	created  INTEGER NOT NULL,
	UNIQUE (room_id, pos, lane)
);

CREATE TABLE polls (
	id        INTEGER PRIMARY KEY,
	room_id   TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
	search_id TEXT NOT NULL,
	step      INTEGER NOT NULL,   -- the step the question is about
	kind      TEXT NOT NULL,      -- next | f | admissible
	node      INTEGER NOT NULL DEFAULT -1,
	question  TEXT NOT NULL,
	answer    TEXT NOT NULL,      -- the right answer
	revealed  INTEGER NOT NULL DEFAULT 0,
	created   INTEGER NOT NULL
);
CREATE INDEX polls_room ON polls (room_id, id);

-- One answer per follower and poll; a follower is known only by a
-- pseudonym derived from a token its browser keeps.
CREATE TABLE answers (
	poll_id   INTEGER NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
	pseudonym TEXT NOT NULL,
	answer    TEXT NOT NULL,
	at        INTEGER NOT NULL,
	PRIMARY KEY (poll_id, pseudonym)
);

CREATE TABLE notebooks (
	id         TEXT PRIMARY KEY,
	owner_hash BLOB NOT NULL,     -- sha256 of the owner's write key
	data       BLOB NOT NULL,     -- the .ipynb bytes
	created    INTEGER NOT NULL,
	updated    INTEGER NOT NULL
);

-- migration 2: notebooks as notebook.Store keeps them (owner, write key hash, last use, eviction records)
DROP TABLE notebooks;
CREATE TABLE notebooks (
	id       TEXT PRIMARY KEY,   -- 16 hex digits
	owner    TEXT NOT NULL,      -- the address of the client that created it
	key_hash TEXT NOT NULL,      -- notebook.KeyHash of its write key
	ipynb    BLOB NOT NULL,
	created  INTEGER NOT NULL,   -- unix nanoseconds
	used     INTEGER NOT NULL    -- unix nanoseconds of the last Get or save
);
CREATE INDEX notebooks_used ON notebooks (used);
CREATE INDEX notebooks_owner ON notebooks (owner);
CREATE TABLE notebook_evictions (
	seq    INTEGER PRIMARY KEY,
	id     TEXT NOT NULL UNIQUE,
	at     INTEGER NOT NULL,     -- unix nanoseconds
	reason TEXT NOT NULL
);

-- migration 3: a room's owner (the address that opened it) and last use, for quotas and eviction
ALTER TABLE rooms ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN used INTEGER NOT NULL DEFAULT 0; -- unix seconds of the presenter's last command
CREATE INDEX rooms_owner ON rooms (owner);
CREATE INDEX rooms_used ON rooms (used);

-- migration 4: a poll keeps the choices it offers (JSON, made once by the server that asked it)
ALTER TABLE polls ADD COLUMN choices TEXT NOT NULL DEFAULT '';

-- migration 5: when each saved notebook was last read, apart from its row, so reads never rewrite the notebook
CREATE TABLE notebook_used (
	id   TEXT PRIMARY KEY,       -- a notebooks.id
	used INTEGER NOT NULL        -- unix nanoseconds of a read, written at the next save
);

-- migration 6: lectures: sessions started from the landing page, kept across restarts
-- The landing form as JSON rebuilds the search (the engine is deterministic);
-- spec and options are what a list of one's lectures shows.
CREATE TABLE lectures (
	id       TEXT PRIMARY KEY,   -- the session id of /s/{id}
	key_hash BLOB NOT NULL,      -- sha256 of the presenter key; the key itself is never stored
	form     TEXT NOT NULL,      -- the landing form's values (JSON)
	spec     TEXT NOT NULL,
	options  TEXT NOT NULL,
	step     INTEGER NOT NULL DEFAULT 0,
	owner    TEXT NOT NULL,      -- the address that started it (quotas)
	created  INTEGER NOT NULL,   -- unix seconds
	used     INTEGER NOT NULL    -- unix seconds of the presenter's last move (eviction)
);
CREATE INDEX lectures_owner ON lectures (owner);
CREATE INDEX lectures_used ON lectures (used);

-- migration 7: a room's search keeps the lecturer's own heuristics script it was built with ('' for none)
ALTER TABLE searches ADD COLUMN heuristics TEXT NOT NULL DEFAULT '';
