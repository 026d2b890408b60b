// stepviz landing page: shows the fields of the chosen problem kind and
// turns the grid's rows textarea into a drawable grid. Without this script
// the form still works: every field is shown and rows are typed by hand.
import { hNames } from "./heuristic_names.js";

(function () {
  const form = document.getElementById("own-form");
  if (!form) return;
  document.documentElement.classList.add("js");

  // ---- problem kind: show only its fields ----
  const srcs = form.querySelectorAll(".src");
  function showSource() {
    const v = (form.querySelector("input[name=source]:checked") || {}).value || "puzzle";
    srcs.forEach((s) => s.classList.toggle("active", s.dataset.src === v));
  }
  form.querySelectorAll("input[name=source]").forEach((r) => r.addEventListener("change", showSource));
  showSource();

  // ---- heuristics: only those of the chosen problem kind ----
  const hSel = form.querySelector("select[name=h]");
  const exSel = form.querySelector("select[name=example]");
  const lineIn = form.querySelector("input[name=line]");
  function chosenKind() {
    const v = (form.querySelector("input[name=source]:checked") || {}).value || "puzzle";
    if (v === "example") { const o = exSel && exSel.selectedOptions[0]; return o ? o.dataset.kind : ""; }
    if (v === "line") return lineIn ? (lineIn.value.trim().split(/\s+/)[0] || "") : "";
    return v;
  }
  function showHeuristics() {
    if (!hSel) return;
    const kind = chosenKind();
    for (const o of hSel.options) {
      if (!o.dataset.kinds) continue;
      const ok = !kind || o.dataset.kinds.split(" ").includes(kind);
      o.hidden = !ok; o.disabled = !ok;
      if (!ok && o.selected) hSel.value = "default";
    }
  }
  // A pasted script's own heuristics, its top-level def h_NAME(s), are
  // offered for the kind "script" as the script is edited; the one sent
  // before (data-chosen, when the form comes back with an error) stays chosen.
  const scriptTa = form.querySelector("textarea[name=script]");
  const scriptEx = form.querySelector("select[name=script_example]");
  function scriptHeuristics() {
    if (!hSel || !scriptTa) return;
    const was = hSel.selectedOptions[0], wanted = was && was.dataset.script ? was.value : hSel.dataset.chosen;
    for (const o of Array.from(hSel.options)) if (o.dataset.script) o.remove();
    // an example chosen runs instead of the text: its heuristics are its default
    const text = scriptEx && scriptEx.value ? "" : scriptTa.value;
    const names = hNames(text);
    for (const n of names) {
      const o = new Option(n, n);
      o.dataset.kinds = "script"; o.dataset.script = "1";
      hSel.add(o);
      if (n === wanted) o.selected = true;
    }
    showHeuristics();
  }
  if (scriptTa) scriptTa.addEventListener("input", scriptHeuristics);
  if (scriptEx) scriptEx.addEventListener("change", scriptHeuristics);

  // ---- the student's own heuristics for a built-in problem ----
  // Their def h_NAME(s) are offered like a script's (data-own), for the
  // kinds that take added heuristics, and the first is chosen while the
  // list is at the problem's default: the server searches with it then.
  // The field, and the view of s for the chosen kind, show only for
  // those kinds; hidden, it is disabled so that it is not sent.
  const ownKinds = ["puzzle", "grid", "graph"];
  const ownBox = form.querySelector("details.own-heuristics");
  const ownTa = form.querySelector("textarea[name=heuristics]");
  function ownHeuristics() {
    if (!hSel || !ownTa) return;
    const was = hSel.selectedOptions[0];
    const wanted = was && was.dataset.own ? was.value : hSel.dataset.chosen;
    const atDefault = !was || was.value === "default" || !!was.dataset.own;
    for (const o of Array.from(hSel.options)) if (o.dataset.own) o.remove();
    const names = ownTa.disabled ? [] : hNames(ownTa.value);
    names.forEach((n, i) => {
      const o = new Option(n + " (yours)", n);
      o.dataset.kinds = ownKinds.join(" "); o.dataset.own = "1";
      hSel.add(o);
      if (n === wanted || (atDefault && !names.includes(wanted) && i === 0)) o.selected = true;
    });
    showHeuristics();
  }
  function showOwnField() {
    if (!ownBox || !ownTa) return;
    const kind = chosenKind(), on = !kind || ownKinds.includes(kind);
    ownBox.hidden = !on; ownTa.disabled = !on;
    ownBox.querySelectorAll(".h-view [data-kind]").forEach((v) => { v.hidden = !!kind && v.dataset.kind !== kind; });
    ownHeuristics();
  }
  if (ownTa) ownTa.addEventListener("input", ownHeuristics);
  if (ownBox && location.hash === "#" + ownBox.id) { ownBox.open = true; ownBox.scrollIntoView({ block: "start" }); } // a link to the field opens it
  function kindChanged() { showOwnField(); showHeuristics(); }
  form.querySelectorAll("input[name=source]").forEach((r) => r.addEventListener("change", kindChanged));
  if (exSel) exSel.addEventListener("change", kindChanged);
  if (lineIn) lineIn.addEventListener("input", kindChanged);
  scriptHeuristics();
  showOwnField();

  // ---- a built-in Moving AI map replaces the drawn rows ----
  const mapSel = form.querySelector("select[name=grid_map]");
  function showMap() {
    if (!mapSel) return;
    const o = mapSel.selectedOptions[0], on = !!mapSel.value;
    form.querySelector("[data-src=grid]").classList.toggle("map-chosen", on);
    const st = form.querySelector("input[name=grid_start]"), gl = form.querySelector("input[name=grid_goal]");
    if (st) st.placeholder = on ? o.dataset.start : "from S";
    if (gl) gl.placeholder = on ? o.dataset.goal : "from G";
  }
  if (mapSel) mapSel.addEventListener("change", showMap);
  showMap();

  // ---- grid editor ----
  const ta = form.querySelector("textarea[name=grid_rows]");
  const host = form.querySelector(".grid-editor");
  if (!ta || !host) return;
  let rows = [], W = 0, H = 0, cursor = [0, 0], drag = null;

  function parse() {
    rows = ta.value.replace(/\r/g, "").split("\n").map((r) => r.trim()).filter((r) => r.length > 0).map((r) => r.split(""));
    H = rows.length; W = H ? Math.max(...rows.map((r) => r.length)) : 0;
    rows.forEach((r) => { while (r.length < W) r.push("."); });
  }
  function write() { ta.value = rows.map((r) => r.join("")).join("\n"); }
  function find(ch) {
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (rows[y][x] === ch) return [x, y];
    return null;
  }
  function place(ch, x, y) {
    const old = find(ch);
    if (old) rows[old[1]][old[0]] = ".";
    rows[y][x] = ch;
  }
  function toggle(x, y) {
    const c = rows[y][x];
    if (c === "S" || c === "G") return;
    rows[y][x] = c === "#" || c === "@" || c === "T" ? "." : "#";
  }
  function render() {
    if (W === 0 || W > 60 || H > 40) { host.hidden = true; return; }
    host.hidden = false;
    host.style.gridTemplateColumns = `repeat(${W}, 26px)`;
    let h = "";
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const c = rows[y][x];
      const cls = c === "#" || c === "@" || c === "T" ? "wall" : c === "S" ? "S" : c === "G" ? "G" : /[2-9]/.test(c) ? "t" : "";
      const cur = cursor[0] === x && cursor[1] === y ? " cursor" : "";
      h += `<div class="c ${cls}${cur}" data-x="${x}" data-y="${y}" role="gridcell" aria-label="${x},${y} ${cls || "free"}">${c === "S" || c === "G" || cls === "t" ? c : ""}</div>`;
    }
    host.innerHTML = h;
  }
  function cellAt(e) {
    const t = document.elementFromPoint(e.clientX, e.clientY);
    return t && t.closest && t.closest(".c") ? [Number(t.closest(".c").dataset.x), Number(t.closest(".c").dataset.y)] : null;
  }
  host.tabIndex = 0;
  host.setAttribute("role", "grid");
  host.setAttribute("aria-label", "Grid editor: arrows move, space toggles a wall, s and g place the start and goal");
  host.addEventListener("pointerdown", (e) => {
    const c = cellAt(e); if (!c) return;
    e.preventDefault();
    host.setPointerCapture(e.pointerId);
    const ch = rows[c[1]][c[0]];
    cursor = c;
    if (ch === "S" || ch === "G") drag = { mode: ch };
    else { toggle(c[0], c[1]); drag = { mode: rows[c[1]][c[0]] === "#" ? "wall" : "free", last: c.join() }; }
    write(); render();
  });
  host.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const c = cellAt(e); if (!c) return;
    const [x, y] = c, ch = rows[y][x];
    if (drag.mode === "S" || drag.mode === "G") {
      if (ch !== "S" && ch !== "G" && ch !== "#") { place(drag.mode, x, y); write(); render(); }
    } else if (drag.last !== c.join() && ch !== "S" && ch !== "G") {
      rows[y][x] = drag.mode === "wall" ? "#" : "."; drag.last = c.join(); write(); render();
    }
  });
  host.addEventListener("pointerup", () => { drag = null; });
  host.addEventListener("keydown", (e) => {
    let [x, y] = cursor, done = true;
    switch (e.key) {
      case "ArrowLeft": x = Math.max(0, x - 1); break;
      case "ArrowRight": x = Math.min(W - 1, x + 1); break;
      case "ArrowUp": y = Math.max(0, y - 1); break;
      case "ArrowDown": y = Math.min(H - 1, y + 1); break;
      case " ": case "Enter": toggle(x, y); write(); break;
      case "s": case "S": if (rows[y][x] !== "G") { place("S", x, y); write(); } break;
      case "g": case "G": if (rows[y][x] !== "S") { place("G", x, y); write(); } break;
      default: done = false;
    }
    if (done) { e.preventDefault(); cursor = [x, y]; render(); }
  });
  ta.addEventListener("input", () => { parse(); render(); });

  // resize buttons
  const tools = document.createElement("div");
  tools.className = "grid-tools";
  tools.innerHTML = `<button type="button" data-d="w+">wider</button><button type="button" data-d="w-">narrower</button><button type="button" data-d="h+">taller</button><button type="button" data-d="h-">shorter</button><button type="button" data-d="clear">clear walls</button>`;
  host.after(tools);
  tools.addEventListener("click", (e) => {
    const d = e.target.dataset && e.target.dataset.d; if (!d) return;
    if (d === "w+" && W < 60) rows.forEach((r) => r.push("."));
    if (d === "w-" && W > 2) rows.forEach((r) => r.pop());
    if (d === "h+" && H < 40) rows.push(new Array(W).fill("."));
    if (d === "h-" && H > 2) rows.pop();
    if (d === "clear") rows.forEach((r, y) => r.forEach((c, x) => { if (c !== "S" && c !== "G") r[x] = "."; }));
    write(); parse(); render();
  });
  parse(); render();
})();
