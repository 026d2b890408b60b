// The room page (docs/rooms.md): one websocket to the room, which says
// what is live, the room's history, the class poll and the comparison
// table. One search shown is its own session page in an iframe, which
// keeps its own websocket (and reconnects by itself); 2 to 4 are shown
// side by side (lanes.js), each lane with its own websocket, model and
// tree. This script decides which searches the page shows and sends the
// toolbar's commands, which move every search shown together.
import { createLanes } from "./lanes.js";
import { hNames } from "./heuristic_names.js";

const $ = (id) => document.getElementById(id);
const app = $("room");
const presenter = app.dataset.role === "presenter";
const key = app.dataset.key || "";

const st = {
  ws: null, delay: 500, room: null, poll: null,
  hiddenPoll: 0, // the id of a revealed poll the presenter hid
  viewing: null, // a pos the follower looks at instead of the live one
  shown: "",     // the session ids in the lanes now, joined
};

// A follower's token stays in its browser, so its pseudonym in the poll
// export is the same after a reconnect or a reload.
function token() {
  const name = "stepviz-room-token";
  let t = "";
  try { t = localStorage.getItem(name) || ""; } catch (e) { /* private mode */ }
  if (t.length < 16) {
    const b = new Uint8Array(16); crypto.getRandomValues(b);
    t = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    try { localStorage.setItem(name, t); } catch (e) { /* kept for this page only */ }
  }
  return t;
}

function setConn(text, cls) { const c = $("room-conn"); c.textContent = text; c.className = "conn " + cls; }

function notice(text) {
  const n = $("room-notice");
  n.textContent = text; n.hidden = !text;
  if (text) setTimeout(() => { if (n.textContent === text) n.hidden = true; }, 8000);
}

// sharing shows, until the next sharing message clears it, that the
// lecturer's steps are not reaching this server, or (to the presenter)
// that students on other servers are not receiving them (docs/deploy.md).
let sharingText = "";
function sharing(text) {
  const n = $("room-notice");
  if (text) { n.textContent = text; n.hidden = false; }
  else if (sharingText && n.textContent === sharingText) n.hidden = true;
  sharingText = text;
}

function connect() {
  const url = app.dataset.ws + (key ? "?key=" + encodeURIComponent(key) + "&" : "?") + "t=" + token();
  const ws = new WebSocket(url);
  st.ws = ws;
  setConn("connecting…", "");
  ws.onopen = () => { st.delay = 500; setConn("live", "ok"); };
  ws.onmessage = (e) => { let m; try { m = JSON.parse(e.data); } catch (err) { return; } onMessage(m); };
  ws.onclose = () => {
    if (st.ws !== ws) return;
    st.ws = null;
    setConn("reconnecting…", "bad");
    setTimeout(connect, st.delay);
    st.delay = Math.min(st.delay * 2, 5000);
  };
}

function send(obj) {
  if (st.ws && st.ws.readyState === 1) { st.ws.send(JSON.stringify(obj)); return true; }
  notice("Not connected: reconnecting to the room…");
  return false;
}

function onMessage(m) {
  switch (m.type) {
    case "room":
      st.room = m;
      if (m.poll) st.poll = m.poll;
      drawLanes(); drawHistory(); drawCompare(m.compare); drawPoll(); drawControls();
      break;
    case "compare": drawCompare(m.rows); break;
    case "poll": st.poll = m; drawPoll(); drawControls(); break;
    case "error":
      notice(m.message);
      if (presenter && m.message.includes("mine.star")) { $("room-setup").open = true; $("load-heuristics-field").open = true; } // the lecturer's heuristic is to mend
      break;
    case "sharing": sharing(m.message || ""); break;
  }
}

// side: the side-by-side lanes; a tree node clicked there during a
// "next node" poll about its search answers with that node.
const side = createLanes($("main"), presenter ? key : "", (session, node) => clickNode(session, node));

// clickNode is a click on node a of a search's tree: a student's answer
// to a "next node" poll, or, on the presenter's page, the node the next
// "What is f of node…" question asks about (the trees side by side show
// no node numbers, so the lecturer points at the node instead).
function clickNode(session, a) {
  if (!presenter) { answerNode(session, a); return; }
  const e = st.room && entry(st.room.current), l = e && e.lanes.find((x) => x.id === session);
  if (!l) return;
  $("ask-lane").value = String(l.lane);
  $("ask-node").value = a;
}

function answerNode(session, a) {
  const p = st.poll;
  if (presenter || !p || p.revealed || p.kind !== "next" || p.search !== session) return;
  if ((p.choices || []).some((c) => c.answer === a)) send({ type: "answer", poll: p.id, answer: a });
  else notice(`Node #${a} is not one of the choices: pick one of the open nodes offered above.`);
}

function entry(pos) { return (st.room.history || []).find((h) => h.pos === pos); }

// drawControls disables the presenter's controls that cannot act now,
// each with a title saying why: the drive and the question with no
// search shown, Reveal with no poll open (what the server would answer).
function drawControls() {
  if (!presenter) return;
  const live = st.room && entry(st.room.current), none = !live || !live.lanes.length;
  const why = (e, off, reason) => {
    if (!("title0" in e.dataset)) e.dataset.title0 = e.title;
    e.disabled = off;
    e.title = off ? reason : e.dataset.title0;
  };
  for (const b of document.querySelectorAll("[data-drive]")) why(b, none, "Show a search first: there is no search to move");
  for (const id of ["ask-kind", "ask-lane", "ask-node", "ask-answer"]) why($(id), none, "Show a search first: a question is about a search shown");
  why(document.querySelector("[data-testid=ask]"), none, "Show a search first: a question is about a search shown");
  const p = st.poll;
  why($("reveal"), !p || p.revealed, !p ? "Ask a question first: there is no poll to reveal" : "The answer is shown: ask the next question to reveal again");
}

// drawLanes shows the searches of the live pos (or the one the follower
// chose), one iframe each; iframes that already show the right session
// are left alone, so their pages keep their state.
function drawLanes() {
  const pos = st.viewing !== null ? st.viewing : st.room.current;
  const e = entry(pos);
  $("viewing-old").hidden = st.viewing === null || st.viewing === st.room.current;
  const lanes = e ? e.lanes : [];
  const ids = lanes.map((l) => l.id).join(",");
  if (presenter) {
    const sel = $("ask-lane"); sel.innerHTML = "";
    lanes.forEach((l, i) => { const o = document.createElement("option"); o.value = l.lane; o.textContent = (i + 1) + ": " + l.label; sel.appendChild(o); });
  }
  if (ids === st.shown) return;
  st.shown = ids;
  // searches shown: their problem and lines fold under their summary,
  // so the lanes start right under the drive and the poll
  if (presenter && lanes.length) $("room-setup").open = false;
  const main = $("main");
  side.close();
  main.innerHTML = "";
  main.dataset.lanes = String(lanes.length);
  app.classList.toggle("side-by-side", lanes.length > 1);
  if (lanes.length > 1) { side.show(lanes); return; }
  if (!lanes.length) {
    const p = document.createElement("p"); p.className = "muted"; p.id = "lanes-empty";
    p.textContent = presenter ? "Show a search: type a problem and one search line (or up to four)." : "Waiting for the lecturer to show a search…";
    main.appendChild(p);
    return;
  }
  for (const l of lanes) {
    const f = document.createElement("iframe");
    f.className = "lane";
    f.title = "Search " + (l.lane + 1) + ": " + l.options;
    f.dataset.testid = "lane-" + l.lane;
    f.dataset.session = l.id;
    f.src = "/s/" + l.id + (presenter ? "?key=" + encodeURIComponent(key) : "");
    f.addEventListener("load", () => {
      let doc;
      try { doc = f.contentDocument; } catch (err) { return; /* another origin: never */ }
      doc.documentElement.classList.add("in-room");
      if (matchMedia(PHONE).matches) fitHeight(f, doc);
      markPoll(doc, l.id);
      // During a "next node" poll about this search, clicking a node of the
      // tree or a row of a list answers with that node (clickNode).
      doc.addEventListener("click", (e) => {
        const nd = e.target.closest && e.target.closest("[data-id]");
        if (nd) clickNode(l.id, String(nd.dataset.id));
      }, true);
    });
    main.appendChild(f);
  }
  fit();
}

// fit fits what the room shows to the window below its top: the lanes
// side by side (lanes.js), or the one search's page, which takes the
// window's height under the room's controls (a projector's 720 px shows
// it whole, and its projector mode fits itself to that height), at least
// MIN_FRAME_H px.
// PHONE is a phone's screen, upright (narrow) or on its side (touched and
// low): never a projector's, touch screen or not.
const PHONE = "(max-width: 600px), (pointer: coarse) and (max-height: 500px)";

const MIN_FRAME_H = 400;
function fit() {
  side.fit();
  const f = document.querySelector("iframe.lane");
  if (!f || matchMedia(PHONE).matches) return; // a phone's frame is as tall as its page (fitHeight)
  const h = Math.max(MIN_FRAME_H, Math.floor(innerHeight - (f.getBoundingClientRect().top + scrollY) - 10));
  if (f.style.height !== h + "px") f.style.height = h + "px";
  // a poll beside the page (a wide screen: style.css) is no taller than it
  $("poll").style.maxHeight = app.classList.contains("poll-beside") && getComputedStyle(app).display === "grid" ? h + "px" : "";
}
addEventListener("resize", fit);


// fitHeight keeps a lane as tall as its page, so that the room scrolls as
// one page: in a frame shorter than its page, the finger is caught in a
// second scroll and the tree, below the controls, is out of sight.
function fitHeight(f, doc) {
  // it grows by what its page overflows (a margin or a button sticking out
  // below the page's box included), and shrinks only by more than a few
  // pixels, so growing and shrinking never take turns
  const fit = () => {
    const de = doc.documentElement, over = de.scrollHeight - de.clientHeight;
    const h = Math.ceil(de.getBoundingClientRect().height), border = f.offsetHeight - f.clientHeight;
    if (over > 0) f.style.height = f.offsetHeight + over + "px";
    else if (h > 0 && h + 8 < f.clientHeight) f.style.height = h + border + "px";
  };
  new ResizeObserver(fit).observe(doc.documentElement);
  fit();
}

function drawHistory() {
  const ol = $("history-list"); ol.innerHTML = "";
  for (const h of st.room.history || []) {
    const li = document.createElement("li");
    li.dataset.testid = "history-" + h.pos;
    const b = document.createElement("button"); b.type = "button";
    b.textContent = h.lanes.map((l) => l.label).join("  vs  ");
    b.title = h.problem;
    b.addEventListener("click", () => {
      if (presenter) { send({ type: "show", pos: h.pos }); return; }
      st.viewing = h.pos === st.room.current ? null : h.pos; drawLanes();
    });
    li.appendChild(b);
    const small = document.createElement("span"); small.className = "muted small";
    small.textContent = " " + h.problem + (h.pos === st.room.current ? " (live)" : "");
    li.appendChild(small);
    ol.appendChild(li);
  }
}

function cell(tr, text) { const td = document.createElement("td"); td.textContent = text; tr.appendChild(td); }

function drawCompare(rows) {
  rows = rows || [];
  $("compare").hidden = rows.length < 2;
  const tb = $("compare-rows"); tb.innerHTML = "";
  for (const r of rows) {
    const tr = document.createElement("tr"); tr.dataset.testid = "compare-" + r.lane;
    const c = r.counters || {};
    cell(tr, (r.lane + 1) + ": " + r.label);
    [r.step, r.status, c.expanded, c.generated, c.maxOpen, c.open, c.closed].forEach((v) => cell(tr, v === undefined ? "0" : String(v)));
    cell(tr, r.cost === undefined || r.cost === null ? "–" : String(r.cost));
    tb.appendChild(tr);
  }
}

// pollShown reports whether the poll box shows p: a poll about a search
// the room no longer shows live (the lecturer loaded another) is done
// with, and so is one the presenter hid after its reveal (until the next).
function pollShown(p) {
  if (!p || (p.revealed && st.hiddenPoll === p.id)) return false;
  const live = st.room && entry(st.room.current);
  return !!live && live.lanes.some((l) => l.id === p.search);
}

// asking reports whether a "next node" poll about search id is open.
function asking(id) { const p = st.poll; return !!p && !p.revealed && p.kind === "next" && p.search === id; }

// markPoll tells a lane's page whether a "next node" poll about it is
// open, so it hides its own "next" hints until the reveal: on the
// presenter's page too, which is the one a projector shows the class.
function markPoll(doc, id) { doc.documentElement.classList.toggle("poll-open", asking(id)); }

// answerName is an answer as the poll's choices name it: a node of a
// "which node is expanded next?" poll is "#5", as its choice begins
// ("#5 Fagaras (g 239, h 176)"), never a bare 5 a class could read as an
// f; a number or yes/no is itself.
// answerName is how an answer reads: a "next" poll's as its choice's label
// (node number, state and numbers), as on its button, since a bare node
// number means nothing to the class; others as typed.
function answerName(p, a) {
  if (p.kind !== "next" || !a) return a;
  const ch = (p.choices || []).find((c) => c.answer === a);
  return ch ? ch.label : "#" + a;
}

// howToAnswer tells a student, on their own screen, how to answer a poll
// of each kind.
const howToAnswer = {
  next: "Tap your answer, or its node in the tree; you may change it until the lecturer reveals.",
  f: "Type f and tap Answer; you may change it until the lecturer reveals.",
  admissible: "Tap Yes or No; you may change your answer until the lecturer reveals.",
};

// breakable is a choice's label as it may wrap in a narrow box: a state's
// comma list after any comma (never inside a number), the numbers in
// brackets at its end kept together ("(depth 2, g 2)").
function breakable(label) {
  return label.replace(/,(?=\S)/g, ",\u200b").replace(/\([^()]*\)$/, (m) => m.replace(/ /g, "\u00a0"));
}

function drawPoll() {
  for (const f of document.querySelectorAll("iframe.lane")) {
    try { if (f.contentDocument) markPoll(f.contentDocument, f.dataset.session); } catch (err) { /* not loaded */ }
  }
  for (const b of document.querySelectorAll(".lane-box")) b.classList.toggle("poll-open", asking(b.dataset.session));
  const p = st.poll, box = $("poll");
  app.classList.toggle("poll-beside", pollShown(p) && !!document.querySelector("iframe.lane"));
  if (!pollShown(p)) { box.hidden = true; fit(); return; }
  box.hidden = false; box.innerHTML = "";
  box.dataset.poll = String(p.id); box.dataset.revealed = String(p.revealed);
  const q = document.createElement("h2"); q.textContent = p.question; q.dataset.testid = "poll-question"; box.appendChild(q);
  const open = !p.revealed && !presenter;
  if (open && p.kind === "f") {
    const f = document.createElement("form"); f.dataset.testid = "poll-form";
    const inp = document.createElement("input"); inp.type = "text"; inp.inputMode = "decimal"; inp.size = 8; inp.dataset.testid = "poll-number"; inp.setAttribute("aria-label", "your answer");
    const b = document.createElement("button"); b.type = "submit"; b.textContent = "Answer"; b.dataset.testid = "poll-submit";
    f.append(inp, b);
    f.addEventListener("submit", (e) => { e.preventDefault(); send({ type: "answer", poll: p.id, answer: inp.value }); });
    box.appendChild(f);
  } else if (p.choices && p.choices.length) {
    const ul = document.createElement("div"); ul.className = "choices";
    for (const ch of p.choices) {
      const b = document.createElement("button"); b.type = "button"; b.textContent = breakable(ch.label);
      b.dataset.testid = "choice-" + ch.answer; b.disabled = !open;
      if (p.yours === ch.answer) b.classList.add("mine");
      if (p.revealed && p.right === ch.answer) b.classList.add("right");
      b.addEventListener("click", () => send({ type: "answer", poll: p.id, answer: ch.answer }));
      ul.appendChild(b);
    }
    box.appendChild(ul);
  }
  const info = document.createElement("p"); info.dataset.testid = "poll-status";
  const name = (a) => answerName(p, a), answers = `${p.answers} answer${p.answers === 1 ? "" : "s"}`;
  if (p.revealed) {
    info.textContent = `Right answer: ${name(p.right)} · ${Math.round((p.shareRight || 0) * 100)}% of ${answers} right` +
      (p.yours ? (p.yours === p.right ? " · yours was right" : ` · yours was ${name(p.yours)}`) : "");
    if (presenter) {
      const hide = document.createElement("button"); hide.type = "button"; hide.className = "poll-hide";
      hide.textContent = "Hide the poll"; hide.dataset.testid = "poll-hide";
      hide.addEventListener("click", () => { st.hiddenPoll = p.id; drawPoll(); });
      info.append(" ", hide);
    }
  } else if (presenter) {
    // the class reads the presenter's page on the projector: the right
    // answer waits, folded, until the lecturer opens it or reveals
    info.textContent = `${answers} so far · Reveal shows everyone the right answer `;
    const peek = document.createElement("details"); peek.className = "peek"; peek.dataset.testid = "poll-peek";
    const sum = document.createElement("summary"); sum.textContent = "Right answer";
    peek.append(sum, " " + name(p.right));
    info.appendChild(peek);
  } else {
    info.textContent = p.yours ? `Your answer: ${name(p.yours)} (you may change it until the lecturer reveals)` : howToAnswer[p.kind] || "";
  }
  box.appendChild(info);
  if (p.counts) {
    const max = Math.max(1, ...Object.values(p.counts));
    const dl = document.createElement("div"); dl.className = "dist"; dl.dataset.testid = "poll-counts";
    for (const [a, n] of Object.entries(p.counts).sort((x, y) => y[1] - x[1])) {
      const row = document.createElement("div"); row.className = "bar" + (p.right === a && p.revealed ? " right" : "");
      row.dataset.answer = a; row.dataset.count = String(n);
      row.innerHTML = "<span></span><span class=\"fill\"></span><span></span>";
      row.children[0].textContent = name(a).replace(/ \(.*\)$/, ""); row.children[1].style.width = (100 * n / max) + "%"; row.children[2].textContent = String(n);
      dl.appendChild(row);
    }
    box.appendChild(dl);
  }
  fit(); // the poll box moved the lanes down: they fit again
}

$("rejoin").addEventListener("click", () => { st.viewing = null; drawLanes(); });

if (presenter) {
  $("room-setup").addEventListener("toggle", () => fit()); // the lanes' top moved
  // The lecturer's own heuristics: the view of s for the problem's kind
  // only, and the names a search line can give (h=NAME).
  const ownTa = $("load-heuristics"), ownNames = $("load-heuristics-names");
  function ownHeuristics() {
    const kind = $("load-problem").value.trim().split(/\s+/)[0] || "";
    document.querySelectorAll("#load-heuristics-field .h-view [data-kind]").forEach((v) => { v.hidden = !!kind && v.dataset.kind !== kind; });
    const names = hNames(ownTa.value);
    ownNames.textContent = names.length ? "Yours: " + names.map((n) => "h=" + n).join(", ") + (names.length > 1 ? " (astar alone runs with h=" + names[0] + ")" : "") : "";
  }
  ownTa.addEventListener("input", ownHeuristics);
  $("load-problem").addEventListener("input", ownHeuristics);
  ownHeuristics();
  $("load-form").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ type: "load", problem: $("load-problem").value, searches: $("load-searches").value.split("\n"), heuristics: ownTa.value });
  });
  for (const b of document.querySelectorAll("[data-drive]")) {
    b.addEventListener("click", () => {
      // Reset and run to goal move every search the class sees: a second
      // click within 4 s confirms.
      const risky = b.dataset.drive === "reset" || b.dataset.drive === "goal";
      if (risky && !b.dataset.armed) {
        b.dataset.armed = b.textContent;
        b.textContent = (b.dataset.drive === "reset" ? "Reset everyone?" : "Run everyone to the goal?") + " Click again";
        b.classList.add("armed");
        setTimeout(() => { if (b.dataset.armed) { b.textContent = b.dataset.armed; delete b.dataset.armed; b.classList.remove("armed"); } }, 4000);
        return;
      }
      if (risky) { b.textContent = b.dataset.armed; delete b.dataset.armed; b.classList.remove("armed"); }
      let cmd = b.dataset.drive;
      if (cmd === "play") cmd = playing() ? "pause" : "play";
      send({ type: "drive", command: cmd, lane: -1 });
    });
  }
  const kind = $("ask-kind");
  const syncKind = () => { app.dataset.ask = kind.value; };
  kind.addEventListener("change", syncKind); syncKind();
  $("ask-form").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ type: "ask", kind: kind.value, lane: Number($("ask-lane").value) || 0, node: Number($("ask-node").value) || 0, answer: $("ask-answer").value });
  });
  $("reveal").addEventListener("click", () => send({ type: "reveal" }));
  // The play button says Pause while a search shown plays.
  const playBtn = $("drive-play");
  setInterval(() => { const t = playing() ? "Pause ❚❚" : "Play ▶▶"; if (playBtn.textContent !== t) playBtn.textContent = t; }, 250);
  // The keyboard drives every search shown, as on a session page: → or
  // space steps, ← goes back, p plays or pauses (never while typing).
  addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, textarea, select, [contenteditable]")) return;
    const cmd = { ArrowRight: "step", " ": "step", ArrowLeft: "back", p: "play" }[e.key];
    if (!cmd || !st.room || (e.key === " " && e.target.closest("button"))) return;
    e.preventDefault();
    send({ type: "drive", command: cmd === "play" ? (playing() ? "pause" : "play") : cmd, lane: -1 });
  });
}

// playing reports whether a search shown side by side plays.
function playing() {
  if (side.lanes.length) return side.lanes.some((l) => l.playing);
  const f = document.querySelector("iframe.lane");
  try { return !!(f && f.contentWindow.stepviz && f.contentWindow.stepviz.state.playing); } catch (err) { return false; }
}

drawControls(); // until the room says what it shows
window.stepvizRoom = st; // for tests: the page's state, never reset by a reconnect
window.stepvizLanes = side; // for tests: the lanes shown side by side
connect();
