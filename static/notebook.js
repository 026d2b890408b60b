// stepviz web notebook: cells run in a kernel session over a websocket.
// Outputs with a display id are live views: later cells update them in
// place. No framework; the page works from the server's first paint.
(function () {
  "use strict";
  const nb = document.getElementById("nb");
  const cellsEl = document.getElementById("cells");
  const statusEl = document.getElementById("status");
  const savedEl = document.getElementById("saved");
  const prefix = nb.dataset.prefix;
  let ws = null;
  let nextCellId = 1;
  let nextReq = 1;
  const running = new Map();   // cell id -> {resolve, cell}
  const displays = new Map();  // display id -> Set of output elements
  const pendingReq = new Map(); // request number -> callback
  let dirty = false;

  function setStatus(s) { statusEl.textContent = s; statusEl.dataset.state = s; }

  // ---- the kernel connection ----
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + prefix + "/ws");
    setStatus("connecting");
    ws.onopen = () => {
      setStatus("idle");
      // a trace just opened: run its cells to rebuild the search
      if (location.hash === "#run") {
        history.replaceState(null, "", location.pathname + location.search);
        runAll();
      }
    };
    ws.onclose = () => {
      setStatus("disconnected");
      for (const [, r] of running) finish(r.cell, { error: "the connection to the kernel was lost: run the cells again" });
      running.clear();
      setTimeout(connect, 1500);
    };
    ws.onmessage = (ev) => handle(JSON.parse(ev.data));
  }

  function send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  function handle(m) {
    const r = m.cell ? running.get(m.cell) : null;
    switch (m.type) {
      case "status":
        setStatus("busy");
        if (r) r.cell.querySelector(".cell-prompt").textContent = "[*]";
        break;
      case "output":
        if (r) addOutput(r.cell, m);
        break;
      case "update":
        updateDisplay(m);
        break;
      case "done":
        // a cell sent before the page hears of a failure is not run
        if (m.failures > failuresSeen) failuresSeen = m.failures;
        if (r) { running.delete(m.cell); finish(r.cell, m); r.resolve(!m.error); }
        if (running.size === 0) setStatus("idle");
        break;
      case "complete":
      case "inspect":
      case "node": {
        const cb = pendingReq.get(m.req);
        pendingReq.delete(m.req);
        if (cb) cb(m);
        break;
      }
      case "restarted":
        setStatus("idle (restarted)");
        break;
      case "error":
        setStatus("error: " + m.error);
        break;
    }
  }

  function addOutput(cell, m) {
    const out = document.createElement("div");
    out.className = "output";
    out.dataset.testid = "output";
    if (m.html) out.innerHTML = m.html; // the kernel's own HTML, every text escaped
    else { const pre = document.createElement("pre"); pre.textContent = m.text; out.appendChild(pre); }
    out._text = m.text;
    if (m.display_id) {
      out.dataset.displayId = m.display_id;
      if (!displays.has(m.display_id)) displays.set(m.display_id, new Set());
      displays.get(m.display_id).add(out);
    }
    cell.querySelector(".cell-outputs").appendChild(out);
  }

  function updateDisplay(m) {
    const set = displays.get(m.display_id);
    if (!set) return;
    for (const out of set) {
      if (!out.isConnected) { set.delete(out); continue; }
      if (m.html) out.innerHTML = m.html; else out.textContent = m.text;
      out._text = m.text;
    }
  }

  function finish(cell, m) {
    cell.querySelector(".cell-prompt").textContent = m.count ? "[" + m.count + "]" : "[ ]";
    cell.dataset.count = m.count || "";
    cell.classList.remove("running");
    if (m.error) {
      const pre = document.createElement("pre");
      pre.className = "output output-error";
      pre.dataset.testid = "output-error";
      pre.textContent = m.error;
      cell.querySelector(".cell-outputs").appendChild(pre);
      cell.classList.add("failed");
    }
  }

  // ---- cells ----
  function cellId(cell) {
    if (!cell.dataset.cellId) cell.dataset.cellId = "c" + nextCellId++;
    return cell.dataset.cellId;
  }
  function cells() { return Array.from(cellsEl.querySelectorAll(":scope > .cell")); }
  function sourceOf(cell) { return cell.querySelector(".cell-source").value; }

  function clearOutputs(cell) {
    const outs = cell.querySelector(".cell-outputs");
    for (const o of outs.querySelectorAll("[data-display-id]")) {
      const set = displays.get(o.dataset.displayId);
      if (set) set.delete(o);
    }
    outs.innerHTML = "";
    cell.classList.remove("failed");
  }

  // failuresSeen counts the failed cells the kernel has reported (done.failures).
  let failuresSeen = 0;
  function run(cell) {
    if (cell.dataset.kind === "markdown") { renderMarkdown(cell, true); return Promise.resolve(true); }
    clearOutputs(cell);
    const id = cellId(cell);
    cell.classList.add("running");
    cell.querySelector(".cell-prompt").textContent = "[*]";
    return new Promise((resolve) => {
      running.set(id, { resolve, cell });
      if (!send({ op: "execute", cell: id, code: sourceOf(cell), seen: failuresSeen })) {
        running.delete(id);
        finish(cell, { error: "the kernel is not connected yet: try again in a moment" });
        resolve(false);
      }
    });
  }

  async function runAll() {
    for (const cell of cells()) {
      if (!(await run(cell))) break;
    }
  }

  function newCell(kind) {
    const t = document.getElementById(kind === "markdown" ? "md-template" : "cell-template");
    const cell = t.content.firstElementChild.cloneNode(true);
    wire(cell);
    return cell;
  }

  function addBelow(cell, kind) {
    const c = newCell(kind);
    if (cell) cell.after(c); else cellsEl.appendChild(c);
    autosize(c.querySelector(".cell-source"));
    c.querySelector(".cell-source").focus();
    changed();
    return c;
  }

  // autosize fits a cell to its text, or, while it is empty, to its
  // placeholder (the first cell's example), counting the lines a narrow
  // cell wraps: the monospace font's width measured once per font on a
  // canvas, the cell's width read (a cell not laid out yet counts its
  // lines as written). O(length of the text).
  const charW = new Map();
  function autosize(ta) {
    const text = ta.value || ta.placeholder;
    let per = Infinity;
    if (ta.clientWidth > 0) {
      const cs = getComputedStyle(ta);
      let w = charW.get(cs.font);
      if (w === undefined) {
        const c = document.createElement("canvas").getContext("2d");
        c.font = cs.font;
        w = c.measureText("0").width;
        charW.set(cs.font, w);
      }
      const inner = ta.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (w > 0 && inner > w) per = Math.floor(inner / w);
    }
    let n = 0;
    for (const line of text.split("\n")) n += wrappedLines(line, per);
    ta.rows = Math.max(2, Math.min(30, n));
  }
  window.addEventListener("resize", () => { for (const ta of cellsEl.querySelectorAll(".cell-source")) autosize(ta); });

  function changed() { dirty = true; savedEl.textContent = "unsaved changes"; }

  // renderMarkdown shows a text cell as formatted text (show) or as its
  // source for editing.
  function renderMarkdown(cell, show) {
    const md = cell.querySelector(".cell-md");
    const ta = cell.querySelector(".cell-source");
    if (!md) return;
    if (show) {
      md.innerHTML = markdown(ta.value);
      md.hidden = false;
      ta.hidden = true;
    } else {
      md.hidden = true;
      ta.hidden = false;
      ta.focus();
    }
  }

  function escapeHTML(s) {
    return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }
  // markdown renders a small, safe subset: headings, paragraphs, lists,
  // code blocks, `code`, **bold**, *italic*. Everything is escaped first.
  function markdown(src) {
    const blocks = src.split(/\n{2,}/);
    const inline = (s) => escapeHTML(s)
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      // As in CommonMark, a * right after a letter ("A* search") opens
      // nothing, and a marker must hug its text.
      .replace(/(^|[^\w*])\*\*(?=\S)([^*]*?\S)\*\*(?!\w)/g, "$1<strong>$2</strong>")
      .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, "$1<em>$2</em>");
    return blocks.map((b) => {
      const h = /^(#{1,6}) (.*)$/.exec(b.trim());
      if (h && !b.trim().includes("\n")) return "<h" + (h[1].length + 1) + ">" + inline(h[2]) + "</h" + (h[1].length + 1) + ">";
      if (b.startsWith("```")) return "<pre>" + escapeHTML(b.replace(/^```.*\n?/, "").replace(/```\s*$/, "")) + "</pre>";
      const lines = b.split("\n");
      if (lines.every((l) => /^\s*[-*] /.test(l))) return "<ul>" + lines.map((l) => "<li>" + inline(l.replace(/^\s*[-*] /, "")) + "</li>").join("") + "</ul>";
      if (lines.every((l) => /^\s*\|/.test(l))) {
        const rows = lines.filter((l) => !/^\s*\|[\s\-|:]+\|\s*$/.test(l));
        return "<table>" + rows.map((l) => "<tr>" + l.trim().replace(/^\||\|$/g, "").split("|").map((c) => "<td>" + inline(c.trim()) + "</td>").join("") + "</tr>").join("") + "</table>";
      }
      return "<p>" + inline(b) + "</p>";
    }).join("");
  }

  // ---- completion (Tab) ----
  function complete(cell) {
    const ta = cell.querySelector(".cell-source");
    const hint = cell.querySelector(".cell-hint");
    const code = ta.value;
    const cursor = Array.from(code.slice(0, ta.selectionStart)).length;
    const req = nextReq++;
    pendingReq.set(req, (m) => {
      const matches = m.matches || [];
      if (matches.length === 0) { hint.textContent = "no completion"; return; }
      const chars = Array.from(code);
      const word = chars.slice(m.start, m.end).join("");
      let common = matches[0];
      for (const x of matches) { while (!x.startsWith(common)) common = common.slice(0, -1); }
      const insert = common.length >= word.length ? common : word;
      const before = chars.slice(0, m.start).join(""), after = chars.slice(m.end).join("");
      ta.value = before + insert + after;
      const pos = before.length + insert.length;
      ta.setSelectionRange(pos, pos);
      hint.textContent = matches.length > 1 ? matches.join("  ") : "";
      changed();
    });
    send({ op: "complete", code, cursor, req });
  }

  function inspect(cell) {
    const ta = cell.querySelector(".cell-source");
    const hint = cell.querySelector(".cell-hint");
    const req = nextReq++;
    pendingReq.set(req, (m) => { hint.textContent = m.text || ""; });
    send({ op: "inspect", code: ta.value, cursor: Array.from(ta.value.slice(0, ta.selectionStart)).length, req });
  }

  // ---- the node inspector: click a node of a live view ----
  cellsEl.addEventListener("click", (e) => {
    const hit = e.target.closest(".stepviz-view [data-id]");
    if (!hit) return;
    const view = hit.closest(".stepviz-view");
    const out = view.closest(".output");
    const req = nextReq++;
    pendingReq.set(req, (m) => {
      let insp = out.nextElementSibling;
      if (!insp || !insp.classList.contains("inspector")) {
        insp = document.createElement("div");
        insp.className = "inspector";
        insp.dataset.testid = "inspector";
        out.after(insp);
      }
      if (m.error) insp.textContent = m.error; else insp.innerHTML = m.html;
    });
    send({ op: "node", search: view.dataset.name || "", node: parseInt(hit.dataset.id, 10), req });
  });

  // ---- wiring ----
  function wire(cell) {
    cellId(cell);
    const ta = cell.querySelector(".cell-source");
    autosize(ta);
    ta.addEventListener("input", () => { autosize(ta); changed(); });
    ta.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && e.shiftKey) {
        e.preventDefault();
        run(cell);
        const next = cell.nextElementSibling || addBelow(cell, "code");
        const nta = next.querySelector(".cell-source");
        if (next.dataset.kind === "markdown" && nta.hidden) next.querySelector("button").focus(); else nta.focus();
      } else if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        run(cell);
      } else if (e.key === "Tab" && !e.shiftKey && cell.dataset.kind === "code") {
        e.preventDefault();
        complete(cell);
      } else if (e.key === "Tab" && e.shiftKey && cell.dataset.kind === "code") {
        e.preventDefault();
        inspect(cell);
      }
    });
    const md = cell.querySelector(".cell-md");
    if (md) md.addEventListener("dblclick", () => renderMarkdown(cell, false));
    cell.querySelector(".cell-tools").addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      switch (b.dataset.action) {
        case "run": run(cell); break;
        case "up": if (cell.previousElementSibling) { cell.previousElementSibling.before(cell); changed(); } break;
        case "down": if (cell.nextElementSibling) { cell.nextElementSibling.after(cell); changed(); } break;
        case "add": addBelow(cell, "code"); break;
        case "delete":
          clearOutputs(cell);
          cell.remove();
          if (cells().length === 0) addBelow(null, "code");
          changed();
          break;
      }
    });
  }

  // ---- save and open ----
  function collect() {
    return {
      id: nb.dataset.id || "",
      title: document.getElementById("nb-title").value,
      cells: cells().map((cell) => ({
        kind: cell.dataset.kind,
        source: sourceOf(cell),
        count: parseInt(cell.dataset.count || "0", 10) || 0,
        outputs: Array.from(cell.querySelectorAll(".cell-outputs > .output")).map((o) => (
          o.classList.contains("output-error") ? { text: o.textContent, error: true }
            : { text: o._text !== undefined ? o._text : o.textContent, html: o.classList.contains("output-saved") ? "" : o.innerHTML })),
      })),
    };
  }

  // A saved notebook's write key is kept in this browser: the server
  // answers it once, at the first save, and needs it to save over the
  // notebook. A page without the key saves a copy of its own.
  const keyName = (id) => "stepviz-notebook-key:" + id;
  function keyOf(id) { try { return localStorage.getItem(keyName(id)) || ""; } catch (e) { return ""; } }
  function rememberKey(j) { if (j.key) { try { localStorage.setItem(keyName(j.id), j.key); } catch (e) { /* private mode: the next save makes a copy */ } } }

  async function save() {
    savedEl.textContent = "saving…";
    try {
      const body = collect();
      body.key = body.id ? keyOf(body.id) : "";
      if (!body.key) body.id = "";
      const res = await fetch(prefix + "/save", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const j = await res.json();
      if (!res.ok) throw new Error(j.error || res.statusText);
      rememberKey(j);
      savedEl.title = j.kept || "";
      nb.dataset.id = j.id;
      history.replaceState(null, "", j.url);
      const dl = document.getElementById("download");
      dl.href = j.ipynb;
      dl.hidden = false;
      dirty = false;
      savedEl.textContent = "saved " + new Date().toLocaleTimeString() + (/until it restarts/.test(j.kept || "") ? " (kept until the server restarts: download to keep it)" : "");
    } catch (err) {
      savedEl.textContent = "not saved: " + err.message;
    }
  }

  // maxOpen is the server's cap on an opened file (notebook.maxOpen).
  const maxOpen = 16 << 20;

  // openFile opens a notebook or a stepviz trace (.json, .jsonl) as a new
  // saved notebook; the server turns a trace into the cells that rebuild
  // it, and the page runs them once it has loaded ("#run").
  async function openFile(file) {
    try {
      if (file.size > maxOpen) throw new Error("the file is larger than " + (maxOpen >> 20) + " MB");
      const ctype = /\.ipynb$/i.test(file.name) ? "application/x-ipynb+json" : "application/json";
      const res = await fetch(prefix + "/open?name=" + encodeURIComponent(file.name), { method: "POST", headers: { "Content-Type": ctype }, body: await file.text() });
      const j = await res.json();
      if (!res.ok) throw new Error(j.error || res.statusText);
      rememberKey(j);
      location.href = j.url + (j.run === "all" ? "#run" : "");
    } catch (err) {
      savedEl.textContent = "cannot open " + file.name + ": " + err.message;
    }
  }

  document.querySelector(".nb-tools").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    switch (b.dataset.action) {
      case "run-all": runAll(); break;
      case "interrupt": send({ op: "interrupt" }); break;
      case "restart":
        send({ op: "restart" });
        displays.clear();
        for (const c of cells()) { c.querySelector(".cell-prompt").textContent = c.dataset.kind === "code" ? "[ ]" : ""; }
        break;
      case "save": save(); break;
    }
  });
  document.querySelector(".nb-add-end").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    addBelow(cells().pop() || null, b.dataset.action === "add-end-md" ? "markdown" : "code");
  });
  document.getElementById("open-file").addEventListener("change", (e) => { if (e.target.files[0]) openFile(e.target.files[0]); });
  document.getElementById("examples").addEventListener("change", (e) => {
    if (e.target.value) location.href = prefix + "/examples/" + encodeURIComponent(e.target.value);
  });
  document.getElementById("nb-title").addEventListener("input", changed);
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); }
  });
  window.addEventListener("beforeunload", (e) => { if (dirty) { e.preventDefault(); e.returnValue = ""; } });

  for (const cell of cells()) {
    wire(cell);
    if (cell.dataset.kind === "markdown") renderMarkdown(cell, true);
  }
  savedEl.textContent = nb.dataset.id ? "saved" : "";
  connect();
})();

// wrappedLines is how many lines a textarea shows for line when per
// characters fit on one: words wrap whole, a word longer than a line is
// broken.
function wrappedLines(line, per) {
  if (line.length <= per) return 1;
  let n = 1, col = 0;
  for (const word of line.split(" ")) {
    if (col > 0 && col + 1 + word.length <= per) { col += 1 + word.length; continue; }
    if (col > 0) n++;
    col = word.length;
    while (col > per) { n++; col -= per; }
  }
  return n;
}
