// stepviz standalone replay: draws the embedded trace; no network access.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("stepviz-data").textContent);
  var $ = function (id) { return document.querySelector('[data-testid="' + id + '"]'); };
  var SVGNS = "http://www.w3.org/2000/svg";
  var puzzle = D.kind === "puzzle";
  var SW = puzzle ? 78 : 96, LH = puzzle ? 100 : 70, BW = puzzle ? 66 : 88, BH = puzzle ? 76 : 40;
  var legend = {};
  D.legend.forEach(function (e) { legend[e.status] = e; });
  var cur = 0, selected = -1, timer = null;

  function num(x) {
    var s = (Math.round(x * 1000) / 1000).toString();
    return s === "-0" ? "0" : s;
  }
  function el(tag, attrs, parent) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function tiles(state) {
    return state.indexOf(",") >= 0 ? state.split(",") : state.split("");
  }
  // nodeAt returns node id's values at frame fr.
  function nodeAt(fr, id) {
    var n = D.nodes[id], out = {};
    for (var k in n) out[k] = n[k];
    (fr.diff || []).forEach(function (d) {
      if (d[0] === id) { out.g = d[1]; out.h = d[2]; out.f = d[3]; out.parent = d[4]; out.depth = d[5]; out.order = d[6]; }
    });
    return out;
  }
  function statusAt(fr, id) {
    if (fr.path && fr.path.indexOf(id) >= 0) return "path";
    if (id === fr.current && id !== fr.goal) return "current";
    if (fr.open.indexOf(id) >= 0) return "open";
    if (fr.closed.indexOf(id) >= 0) return "closed";
    if (id === fr.goal) return "path";
    return "discarded";
  }
  function engineStatus(fr, id) {
    if (id === fr.goal) return "goal";
    if (fr.open.indexOf(id) >= 0) return "open";
    if (fr.closed.indexOf(id) >= 0) return "closed";
    return "discarded";
  }

  function drawLegend() {
    var box = $("legend");
    D.legend.forEach(function (e) {
      var span = document.createElement("span");
      var s = el("svg", { width: 30, height: 18 }, span);
      el("rect", { x: 2, y: 2, width: 26, height: 14, fill: e.fill, stroke: e.stroke, "stroke-width": Math.min(e.width, 3), "stroke-dasharray": e.dash || "none" }, s);
      var t = el("text", { x: 15, y: 13, "text-anchor": "middle", "font-size": 10 }, s);
      t.textContent = e.letter;
      span.appendChild(document.createTextNode(" " + e.label));
      box.appendChild(span);
    });
  }

  function drawTree(fr) {
    var svg = $("tree");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var maxX = 0, maxY = 0, i, n;
    for (i = 0; i < fr.nodes; i++) {
      if (D.nodes[i].y < 0) continue;
      maxX = Math.max(maxX, D.nodes[i].x); maxY = Math.max(maxY, D.nodes[i].y);
    }
    var W = (maxX + 1) * SW + 20, H = (maxY + 1) * LH + 20;
    svg.setAttribute("width", W); svg.setAttribute("height", H);
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    var cx = function (n) { return 10 + n.x * SW + SW / 2; };
    var cy = function (n) { return 10 + n.y * LH + BH / 2; };
    var edges = el("g", {}, svg), nodes = el("g", {}, svg);
    for (i = 0; i < fr.nodes; i++) {
      n = nodeAt(fr, i);
      if (n.y < 0) continue;
      if (n.parent >= 0 && n.parent < fr.nodes) {
        var p = D.nodes[n.parent];
        var onPath = fr.path && fr.path.indexOf(i) >= 0;
        el("line", { x1: cx(p), y1: cy(p) + BH / 2, x2: cx(n), y2: cy(n) - BH / 2, stroke: "#000", "stroke-width": onPath ? 3 : 1, "stroke-dasharray": statusAt(fr, i) === "discarded" ? "2 3" : "none" }, edges);
      }
      var st = statusAt(fr, i), lg = legend[st];
      var g = el("g", { "class": "node" + (i === selected ? " sel" : ""), "data-id": i, "data-status": engineStatus(fr, i), "data-testid": "tree-node" }, nodes);
      var x0 = cx(n) - BW / 2, y0 = cy(n) - BH / 2;
      if (lg.double) el("rect", { x: x0 - 4, y: y0 - 4, width: BW + 8, height: BH + 8, rx: 6, fill: "none", stroke: lg.stroke, "stroke-width": 1.5 }, g);
      el("rect", { "class": "box", x: x0, y: y0, width: BW, height: BH, rx: 4, fill: lg.fill, stroke: lg.stroke, "stroke-width": lg.width, "stroke-dasharray": lg.dash || "none" }, g);
      var lines = [];
      if (puzzle) {
        var ts = tiles(n.state), k = Math.round(Math.sqrt(ts.length));
        for (var r = 0; r < k; r++) lines.push(ts.slice(r * k, r * k + k).map(function (t) { return t === "0" ? "_" : t; }).join(" "));
      } else {
        lines.push(n.state.length > 12 ? n.state.slice(0, 11) + "…" : n.state);
      }
      lines.push("f=" + num(n.f) + (n.order ? " #" + n.order : ""));
      lines.forEach(function (line, j) {
        var t = el("text", { x: cx(n), y: y0 + 13 + j * 13, "text-anchor": "middle", "font-size": 11 }, g);
        t.textContent = line;
      });
      var badge = el("text", { x: x0 + BW - 2, y: y0 + BH - 3, "text-anchor": "end", "font-size": 9, "font-weight": 700 }, g);
      badge.textContent = lg.letter;
      var title = el("title", {}, g);
      title.textContent = "#" + i + " " + n.state + " g=" + num(n.g) + " h=" + num(n.h) + " f=" + num(n.f) + " (" + engineStatus(fr, i) + ")";
    }
  }

  function fillTable(id, ids, fr, first) {
    var body = $(id).querySelector("tbody");
    while (body.firstChild) body.removeChild(body.firstChild);
    ids.forEach(function (nid, i) {
      var n = nodeAt(fr, nid), tr = document.createElement("tr");
      tr.setAttribute("data-id", nid);
      if (nid === selected) tr.className = "sel";
      [first(n, i), nid, n.state, num(n.g), num(n.h), num(n.f), n.parent < 0 ? "–" : n.parent].forEach(function (v, j) {
        var td = document.createElement("td");
        if (j === 2) td.className = "state";
        td.textContent = v;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
  }

  function inspect(fr) {
    var box = $("inspector");
    while (box.firstChild) box.removeChild(box.firstChild);
    if (selected < 0 || selected >= fr.nodes) {
      box.textContent = "Click a node of the tree or a row of a table.";
      return;
    }
    var n = nodeAt(fr, selected);
    var dl = document.createElement("div");
    dl.setAttribute("data-testid", "inspector-body");
    var add = function (k, v) {
      var p = document.createElement("div");
      var b = document.createElement("b"); b.textContent = k + ": ";
      p.appendChild(b); p.appendChild(document.createTextNode(v)); dl.appendChild(p);
    };
    add("node", "#" + n.id + " (" + engineStatus(fr, n.id) + ")");
    add("state", n.state);
    add("g, h, f", num(n.g) + ", " + num(n.h) + ", " + num(n.f));
    add("parent", n.parent < 0 ? "none (the start)" : "#" + n.parent + " " + D.nodes[n.parent].state + (n.action && n.action !== n.state ? " via " + n.action : ""));
    add("depth", n.depth);
    add("generated at step", n.step);
    if (n.order && n.order <= cur) add("expanded at step", n.order);
    box.appendChild(dl);
    if (puzzle) {
      var ts = tiles(n.state), k = Math.round(Math.sqrt(ts.length)), t = document.createElement("table");
      t.className = "board";
      for (var r = 0; r < k; r++) {
        var tr = document.createElement("tr");
        for (var c = 0; c < k; c++) {
          var td = document.createElement("td"), v = ts[r * k + c];
          td.textContent = v === "0" ? "" : v;
          if (v === "0") td.className = "blank";
          tr.appendChild(td);
        }
        t.appendChild(tr);
      }
      box.appendChild(t);
    }
    if (n.terms && n.terms.length) {
      var p = document.createElement("div");
      p.textContent = "h = " + n.terms.map(function (t) { return t.label + " " + num(t.value); }).join(" + ");
      box.appendChild(p);
    }
  }

  function show(k) {
    cur = Math.max(0, Math.min(D.steps, k));
    var fr = D.frames[cur];
    $("slider").value = cur;
    $("step-label").textContent = "Step " + cur + " / " + D.steps;
    $("narration").textContent = fr.narrate;
    var c = fr.counters;
    $("counters").textContent = "status " + fr.status + "; expanded " + c.expanded + ", generated " + c.generated + ", duplicates " + c.duplicates + ", open " + c.open + ", closed " + c.closed + ", max open " + c.maxOpen;
    $("open-count").textContent = "(" + fr.open.length + ", pop order)";
    $("closed-count").textContent = "(" + fr.closed.length + ", expansion order)";
    var view = $("problem-view");
    if (fr.view) {
      view.innerHTML = fr.view; // viz.ProblemSVG output, embedded by the exporter
    } else {
      view.textContent = "The problem view is left out at this step: the trace is too long to embed a drawing per step.";
    }
    drawTree(fr);
    fillTable("open-table", fr.open, fr, function (n, i) { return i + 1; });
    fillTable("closed-table", fr.closed, fr, function (n) { return n.order; });
    inspect(fr);
  }

  function select(id) { selected = id; show(cur); }
  function stop() { if (timer) { clearInterval(timer); timer = null; $("btn-play").textContent = "play"; } }

  $("btn-step").addEventListener("click", function () { stop(); show(cur + 1); });
  $("btn-back").addEventListener("click", function () { stop(); show(cur - 1); });
  $("btn-first").addEventListener("click", function () { stop(); show(0); });
  $("btn-last").addEventListener("click", function () { stop(); show(D.steps); });
  $("btn-play").addEventListener("click", function () {
    if (timer) { stop(); return; }
    if (cur >= D.steps) show(0);
    $("btn-play").textContent = "pause";
    timer = setInterval(function () { if (cur >= D.steps) stop(); else show(cur + 1); }, 600);
  });
  $("slider").addEventListener("input", function (e) { stop(); show(parseInt(e.target.value, 10)); });
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") show(cur + 1);
    else if (e.key === "ArrowLeft") show(cur - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(D.steps);
    else if (e.key === " ") { e.preventDefault(); $("btn-play").click(); }
  });
  $("tree").addEventListener("click", function (e) {
    var g = e.target.closest("g.node");
    if (g) select(parseInt(g.getAttribute("data-id"), 10));
  });
  ["open-table", "closed-table"].forEach(function (id) {
    $(id).addEventListener("click", function (e) {
      var tr = e.target.closest("tr[data-id]");
      if (tr) select(parseInt(tr.getAttribute("data-id"), 10));
    });
  });
  $("download").setAttribute("href", "data:application/json;charset=utf-8," + encodeURIComponent(JSON.stringify(D.trace, null, 1)));
  drawLegend();
  show(0);
})();
