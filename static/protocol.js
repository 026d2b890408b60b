// The session's websocket (docs/protocol.md): connects with backoff,
// applies hello, snapshot, step and state messages to the page's model
// and hands inspect answers and errors to the page. Commands go out
// through send. The views never touch the socket.
import { $ } from "./util.js";
import { createModel } from "./model.js";

// createProtocol returns {connect, send} for the page (see session.js for
// the fields of page it reads and the hooks it calls).
export function createProtocol(page) {
  const st = page.st;
  const url = page.app.dataset.ws;

  function setConn(text, cls) { const c = $("conn"); c.textContent = text; c.className = "conn " + cls; }

  function connect() {
    setConn("connecting…", "");
    const ws = new WebSocket(url);
    st.ws = ws;
    ws.onopen = () => { st.reconnectDelay = 500; st.failures = 0; setConn("live", "ok"); };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      onMessage(msg);
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
        fetch(location.pathname, { method: "HEAD" }).then((r) => {
          if (r.status === 404 || r.status === 410) { setConn("this session has ended", "bad"); page.notice("This session has ended (the server restarted or reclaimed it). Start another from the home page.", true); return; }
          setTimeout(connect, st.reconnectDelay);
        }, () => setTimeout(connect, st.reconnectDelay));
      } else setTimeout(connect, st.reconnectDelay);
      st.reconnectDelay = Math.min(st.reconnectDelay * 2, 10000);
    };
  }

  function send(obj) {
    if (st.ws && st.ws.readyState === 1) st.ws.send(JSON.stringify(obj));
  }

  function onMessage(msg) {
    switch (msg.type) {
      case "hello":
        st.maxNodes = msg.maxNodes;
        st.legend = {}; (msg.legend || []).forEach((l) => (st.legend[l.status] = l));
        page.setModel(createModel(msg));
        break;
      case "snapshot":
        st.live = msg.live; st.playing = msg.playing; st.speed = msg.speed; st.followers = msg.followers;
        st.maxKnown = Math.max(st.maxKnown, msg.live, msg.step);
        if (msg.reason === "view") {
          if (!st.local || msg.id !== st.pendingView) break;
          st.localTarget = msg.step; // the server clamps a step past the end
          page.model.load(msg);
        } else if (!st.local || msg.reason === "live") {
          st.local = false;
          page.model.load(msg);
        }
        page.model.live = st.live;
        st.liveStatus = st.local ? st.liveStatus : msg.status;
        page.redraw(true);
        break;
      case "step":
        st.live = msg.event.step; st.liveStatus = msg.event.status; st.playing = msg.playing;
        st.maxKnown = Math.max(st.maxKnown, st.live);
        if (page.model) page.model.live = st.live;
        if (!st.local && page.model && page.model.loaded) {
          if (page.model.step === msg.event.step - 1) { page.model.advance(msg); page.redraw(true); }
          else send({ type: "live" }); // out of step: ask for the whole state
        } else page.updateChrome();
        break;
      case "state":
        st.playing = msg.playing; st.speed = msg.speed; st.followers = msg.followers;
        st.live = msg.live; st.liveStatus = msg.status;
        page.updateChrome();
        break;
      case "inspect":
        page.renderInspector(msg);
        break;
      case "error":
        page.notice(msg.message);
        break;
    }
  }

  return { connect, send };
}
