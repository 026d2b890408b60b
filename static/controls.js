// The session page's controls: the toolbar buttons, the keyboard, the
// projector switch and the chrome around the views (step number, status,
// play button, follower's live badge, notices). A presenter's controls
// send commands; a follower's explore a copy with view queries until it
// rejoins live.
import { $, setText } from "./util.js";

// createControls wires the toolbar and keyboard; returns {updateChrome,
// notice, command, rejoin}.
export function createControls(page) {
  const st = page.st, presenter = page.presenter;

  function notice(text, sticky) {
    const n = $("notice");
    n.textContent = text; n.hidden = false;
    clearTimeout(notice.t);
    if (!sticky) notice.t = setTimeout(() => (n.hidden = true), 6000);
  }

  // Reset and run to goal move the whole class in one key press: the
  // presenter is offered an undo (a button, or u) for undoWindow ms,
  // which takes the session back to the step it left.
  const undoWindow = 10000;
  let undo = null;
  function offerUndo(type, from) {
    const n = $("notice");
    n.textContent = (type === "reset" ? "Reset to step 0" : "Ran to the goal") + ` from step ${from}. `;
    const b = document.createElement("button");
    b.type = "button"; b.textContent = "Undo (u)"; b.dataset.testid = "undo";
    b.onclick = doUndo;
    n.appendChild(b);
    n.hidden = false;
    undo = { step: from, until: Date.now() + undoWindow };
    clearTimeout(notice.t);
    notice.t = setTimeout(() => { n.hidden = true; undo = null; }, undoWindow);
  }
  function doUndo() {
    if (!undo || Date.now() > undo.until) return false;
    page.send({ type: "seek", step: undo.step });
    undo = null;
    notice("Undone: back at the step before.");
    return true;
  }

  function command(type, extra) {
    if (presenter) {
      if ((type === "reset" || type === "goal") && page.model) {
        const from = page.model.step;
        if (from > 0 && (type === "goal" ? page.model.status === "running" : true)) offerUndo(type, from);
      }
      page.send(Object.assign({ type }, extra || {}));
      return;
    }
    // followers explore a copy: every move is a view query, counted from
    // the step last asked for so fast key presses are not lost
    const cur = st.local && st.localTarget !== null ? st.localTarget : page.model ? page.model.step : 0;
    let target = cur;
    switch (type) {
      case "step": target = cur + 1; break;
      case "back": target = Math.max(0, cur - 1); break;
      case "seek": target = extra.step; break;
      case "reset": target = 0; break;
      case "goal": target = 1e9; break;
      case "play": startLocalPlay(); return;
      case "pause": stopLocalPlay(); return;
      case "speed": return;
      case "contour": return; // the server's search only: a follower types a step
    }
    if (type === "step" && page.model && page.model.status !== "running") return;
    goLocal(target);
  }
  function goLocal(step) {
    // a "which node next" poll holds the server's answers at the step asked
    // about until the answer is revealed (server/session/hold.go)
    if (document.documentElement.classList.contains("poll-open") && step > st.live) notice(`A question about this search is open: your own copy stays at step ${st.live} until the answer is revealed.`);
    st.local = true;
    st.localTarget = step;
    st.pendingView = ++st.queryId;
    page.send({ type: "view", step, id: st.pendingView });
    updateChrome();
  }
  function rejoin() {
    stopLocalPlay();
    st.local = false;
    st.localTarget = null;
    page.send({ type: "live" });
    updateChrome();
  }
  function startLocalPlay() {
    stopLocalPlay();
    st.localPlay = setInterval(() => {
      if (!page.model || page.model.status !== "running") { stopLocalPlay(); return; }
      command("step");
    }, 1000 / Number($("speed").value));
    updateChrome();
  }
  function stopLocalPlay() { if (st.localPlay) { clearInterval(st.localPlay); st.localPlay = null; } updateChrome(); }

  function togglePlay() {
    if (presenter) command(st.playing ? "pause" : "play", { speed: Number($("speed").value) });
    else command(st.localPlay ? "pause" : "play");
  }

  $("btn-step").onclick = () => command("step");
  $("btn-back").onclick = () => command("back");
  $("btn-reset").onclick = () => command("reset");
  $("btn-goal").onclick = () => command("goal");
  $("btn-play").onclick = togglePlay;
  $("btn-rejoin").onclick = rejoin;
  $("speed").oninput = () => { $("speed-out").textContent = $("speed").value + "/s"; };
  $("speed").onchange = () => { if (presenter) page.send({ type: "speed", speed: Number($("speed").value) }); else if (st.localPlay) startLocalPlay(); };
  $("jump").onchange = () => command("seek", { step: Number($("jump").value) });
  // go to a typed step: any whole number; past the end runs to the end
  $("jump-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = $("jump-to"), v = f.value.trim();
    if (!/^\d+$/.test(v)) { notice(`"${v}" is not a step number: type a whole number such as 120.`); return; }
    command("seek", { step: Math.min(Number(v), 1e9) });
    f.blur();
  });
  if ($("btn-contour")) $("btn-contour").onclick = () => command("contour");
  $("btn-projector").onclick = toggleProjector;
  $("btn-keys").onclick = () => $("keys").showModal();
  const fl = $("follower-link");
  if (fl) fl.onfocus = () => fl.select();

  function toggleProjector() {
    const on = document.documentElement.classList.toggle("projector");
    $("btn-projector").setAttribute("aria-pressed", String(on));
    try { localStorage.setItem("stepviz-projector", on ? "1" : ""); } catch (e) { /* private mode */ }
    page.tree.follow(); setTimeout(() => page.redraw(true), 50);
  }
  try { if (localStorage.getItem("stepviz-projector")) { document.documentElement.classList.add("projector"); $("btn-projector").setAttribute("aria-pressed", "true"); } } catch (e) { /* ignore */ }

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" && t.type !== "range" && t.type !== "checkbox" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if ($("keys").open && e.key !== "?") return;
    const tree = page.tree;
    let done = true;
    switch (e.key) {
      case "ArrowRight": case " ": command("step"); break;
      case "ArrowLeft": command("back"); break;
      case "p": case "P": togglePlay(); break;
      case "g": case "G": command("goal"); break;
      case "n": case "N": if (presenter) command("contour"); break;
      case "j": case "J": $("jump-to").focus(); $("jump-to").select(); break;
      case "r": case "R": command("reset"); break;
      case "u": case "U": if (!presenter || !doUndo()) done = false; break;
      case "l": case "L": if (!presenter) rejoin(); break;
      case "i": case "I": if (page.model && page.model.openCount) page.inspect(page.model.openHead(1)[0]); break;
      case "+": case "=": tree.zoomBy(1.25); break;
      case "-": case "_": tree.zoomBy(0.8); break;
      case "0": tree.fitAll(); break;
      case "a": case "A": tree.follow(); break;
      case "c": case "C": if (st.selected >= 0) tree.toggleCollapse(st.selected); break;
      case "f": case "F": toggleProjector(); break;
      case "?": if ($("keys").open) $("keys").close(); else $("keys").showModal(); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });

  let exportStep = -1;
  function updateChrome() {
    const v = page.model;
    if (!v) return;
    setText($("step-n"), v.step);
    // downloads export the trace up to the step shown
    if (exportStep !== v.step) {
      exportStep = v.step;
      for (const a of document.querySelectorAll("a[data-export]")) {
        a.href = a.href.replace(/&step=\d+$/, "") + "&step=" + v.step;
      }
    }
    const s = $("status");
    setText(s, v.status);
    const cls = "status st-" + v.status.replace(/\s/g, "");
    if (s.className !== cls) s.className = cls;
    const jump = $("jump");
    // the slider spans the steps seen so far; step and run to goal go further
    const max = String(Math.max(st.maxKnown, v.step, 1));
    if (jump.max !== max) jump.max = max;
    if (jump.value !== String(v.step)) jump.value = v.step;
    const playing = presenter ? st.playing : !!st.localPlay;
    const pb = $("btn-play");
    setText(pb, playing ? "Pause ❚❚" : "Play ▶▶");
    if (pb.getAttribute("aria-pressed") !== String(playing)) pb.setAttribute("aria-pressed", String(playing));
    // properties are written only when they change: each write makes the
    // browser style the toolbar again
    const set = (e, k, v) => { if (e && e[k] !== v) e[k] = v; };
    set($("btn-step"), "disabled", v.status !== "running");
    set($("btn-goal"), "disabled", v.status !== "running");
    set($("btn-contour"), "disabled", v.status !== "running");
    if (document.activeElement !== $("jump-to")) set($("jump-to"), "placeholder", "step");
    set($("btn-back"), "disabled", v.step === 0);
    if (presenter && document.activeElement !== $("speed")) { set($("speed"), "value", String(st.speed)); setText($("speed-out"), st.speed + "/s"); }
    setText($("audience"), st.followers === 1 ? "1 follower" : st.followers + " followers");
    const live = $("live");
    if (!presenter) {
      set(live, "hidden", false);
      if (live.classList.contains("away") !== st.local) live.classList.toggle("away", st.local);
      const playing = st.playing ? ` · playing ${st.speed}/s` : "";
      setText($("live-text"), st.local ? `Exploring step ${v.step} · live is at step ${st.live}${playing}` : `Live${playing}`);
      set($("btn-rejoin"), "hidden", !st.local);
    }
  }

  return { updateChrome, notice, command, rejoin };
}
