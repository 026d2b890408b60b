// The session's websocket, protocol v2 (docs/protocol.md): connects with
// backoff, applies hello, state, move and step messages to the model
// (model.js), passes query answers to it, and sends the presenter's
// commands. Large queries (view, live, states, rows) go out one at a time,
// as the server allows: a view asked while another is on its way replaces
// any view still waiting, so fast key presses end on the last one. The
// views never touch the socket.
import { $ as byId } from "./util.js";
import { createModel, decodeFrame } from "./model.js";

const LARGE = new Set(["view", "live", "states", "rows"]);

// createProtocol returns {connect, send} for the page (see session.js for
// the fields of page it reads and the hooks it calls).
export function createProtocol(page) {
  const $ = page.$ || byId; // a side-by-side lane's own elements (lanes.js)
  const st = page.st;
  const url = page.app.dataset.ws;
  let queue = [], inflight = null;

  function setConn(text, cls) { const c = $("conn"); c.textContent = text; c.className = "conn " + cls; }

  function connect() {
    if (st.closed) return; // a lane taken off the screen
    setConn("connecting…", "");
    const ws = new WebSocket(url);
    ws.binaryType = "arraybuffer";
    st.ws = ws;
    queue = []; inflight = null;
    ws.onopen = () => { st.reconnectDelay = 500; st.failures = 0; setConn("live", "ok"); };
    ws.onmessage = (e) => {
      if (typeof e.data === "string") {
        let msg;
        try { msg = JSON.parse(e.data); } catch (err) { return; }
        onMessage(msg, null);
        return;
      }
      // a binary frame: the JSON header's length, the header, the records
      const f = decodeFrame(new Uint8Array(e.data));
      if (f) onMessage(f.msg, f.recs);
    };
    ws.onclose = (e) => {
      if (st.ws !== ws) return;
      st.ws = null;
      if (e.code === 1008 || e.code === 1009 || e.code === 1003) {
        setConn("closed: " + (e.reason || e.code), "bad");
      } else {
        setConn("reconnecting…", "bad");
      }
      // after a few failures, ask whether the session still exists (the
      // server may have restarted): a 404 means it has ended
      st.failures = (st.failures || 0) + 1;
      if (st.failures >= 3) {
        fetch(page.path || location.pathname, { method: "HEAD" }).then((r) => {
          if (r.status === 404 || r.status === 410) { setConn("this session has ended", "bad"); page.notice("This session has ended (the server restarted or reclaimed it). Start another from the home page.", true); return; }
          setTimeout(connect, st.reconnectDelay);
        }, () => setTimeout(connect, st.reconnectDelay));
      } else setTimeout(connect, st.reconnectDelay);
      st.reconnectDelay = Math.min(st.reconnectDelay * 2, 10000);
    };
  }

  function raw(obj) {
    if (st.ws && st.ws.readyState === 1) { st.ws.send(JSON.stringify(obj)); return true; }
    return false;
  }
  function pump() {
    if (inflight || !queue.length) return;
    inflight = queue.shift();
    if (!raw(inflight)) inflight = null;
  }
  function answered() { inflight = null; pump(); }

  function send(obj) {
    if (!LARGE.has(obj.type)) { raw(obj); return; }
    if (obj.type === "view" || obj.type === "live") queue = queue.filter((q) => q.type !== "view" && q.type !== "live");
    queue.push(obj);
    pump();
  }

  function moved() {
    st.live = page.model.live;
    st.maxKnown = Math.max(st.maxKnown, page.model.live, page.model.step);
  }

  // timed applies a message to the model and notes when it arrived and
  // how long applying took (page.stats.msg: the benchmarks read it)
  function timed(msg, apply) {
    const t = performance.now();
    apply();
    page.stats.msg = { type: msg.type, step: page.model.step, at: t, applyMs: performance.now() - t };
  }

  function onMessage(msg, recs) {
    switch (msg.type) {
      case "hello":
        st.maxNodes = msg.maxNodes;
        st.legend = {}; (msg.legend || []).forEach((l) => (st.legend[l.status] = l));
        {
          const model = createModel(msg);
          model.attach(send);
          page.setModel(model);
        }
        break;
      case "state":
      case "move":
        if (!page.model) break;
        st.playing = msg.playing; st.speed = msg.speed; st.followers = msg.followers;
        timed(msg, () => page.model.apply(msg.type, msg, recs));
        moved();
        if (msg.type === "state") { inflight = null; pump(); }
        if (msg.reason === "view" || msg.reason === "live") answered();
        if (msg.reason === "live" || (msg.reason !== "view" && !st.local)) { st.local = false; st.localTarget = null; }
        if (msg.reason === "view") st.localTarget = msg.step; // the server clamps a step past the end
        st.liveStatus = st.local ? st.liveStatus : msg.status;
        page.redraw(true);
        if (msg.reason === "join" && page.onFirstJoin) { const f = page.onFirstJoin; page.onFirstJoin = null; f(); }
        break;
      case "step":
        if (!page.model) break;
        st.playing = msg.playing;
        timed(msg, () => page.model.apply("step", msg, null));
        moved();
        st.liveStatus = msg.event.status;
        page.redraw(true);
        break;
      case "meta":
        st.playing = msg.playing; st.speed = msg.speed; st.followers = msg.followers;
        st.live = msg.live; st.liveStatus = msg.status;
        if (page.model) page.model.live = msg.live;
        st.maxKnown = Math.max(st.maxKnown, msg.live);
        page.updateChrome();
        break;
      case "states":
      case "rows":
        if (page.model) page.model.answer(msg);
        answered();
        break;
      case "inspect":
        page.renderInspector(msg);
        break;
      case "sharing":
        if (page.sharing) page.sharing(msg.message || "");
        break;
      case "error":
        if (LARGE.has(msg.command)) {
          if (/^busy\b/.test(msg.message)) {
            if (page.model) page.model.busy(msg);
            if (msg.command === "view" && st.local && st.localTarget !== null) queue.unshift({ type: "view", step: st.localTarget, id: ++st.queryId });
            inflight = null;
            setTimeout(pump, 100);
            break;
          }
          if (page.model) page.model.failed(msg);
          answered();
        }
        page.notice(msg.message);
        break;
    }
  }

  return { connect, send };
}
