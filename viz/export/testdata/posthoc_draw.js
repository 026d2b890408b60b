// posthoc_draw.js TRACE.json...: compiles the render section of each
// Posthoc search trace (format < 1.4.0) by the rules of Posthoc's legacy
// trace parser and prints, per file, how many drawable components each
// event yields and every problem found. Written for stepviz's tests from
// a reading of Posthoc's parser (ShortestPathLab/posthoc-app,
// client/src/components/renderer/parser/); no Posthoc code is copied.
//
// The rules checked:
//   - the components of render.views.main are compiled for every event with
//     the context { alpha: 1, color, step, parent, event, events }, where
//     parent is the latest event (at or before this one) whose id is the
//     event's pId, else events[0], and undefined when pId is null or absent;
//   - "$" names a component of render.components (expanded recursively, its
//     other properties becoming the scope of its elements) or an intrinsic;
//     only rect, circle, path and polygon are drawn by Posthoc's renderer,
//     any other intrinsic is an error ("not supported by this renderer");
//   - "$for": { $let = "i", $from = 0, $to = 1, $step = 1 } repeats an
//     element over range(from, to, step) with $[$let] bound;
//   - a string holding only "{{ expr }}" is the value of the JavaScript
//     expression expr with $ bound to the scope; a string with other text
//     is a template, each {{ expr }} replaced by its value; arrays and
//     objects are evaluated element by element; other values are constants;
//   - a component with its own alpha <= 0 is not drawn;
//   - an exception while compiling stops Posthoc from drawing the trace:
//     reported as an error.
// Beyond the parser, the drawing itself needs finite numbers: x, y,
// width, height, radius, and the x, y of each point.
"use strict";
const fs = require("fs");

const colors = {
  source: "#00e676", destination: "#ff1744", updating: "#ffa726", expanding: "#7e57c2",
  generating: "#ffca28", closing: "#ec407a", end: "#2979ff",
};
const intrinsics = new Set(["rect", "circle", "path", "polygon"]);

function evaluate(value, scope) {
  if (Array.isArray(value)) return value.map((v) => evaluate(v, scope));
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const k of Object.keys(value)) out[k] = evaluate(value[k], scope);
    return out;
  }
  if (typeof value !== "string") return value;
  const re = /\{\{\s*([\s\S]*?)\s*\}\}/g;
  const parts = [];
  let last = 0, m;
  while ((m = re.exec(value)) !== null) {
    parts.push({ text: value.slice(last, m.index) });
    parts.push({ expr: m[1] });
    last = re.lastIndex;
  }
  parts.push({ text: value.slice(last) });
  const exprs = parts.filter((p) => p.expr !== undefined);
  const literal = parts.filter((p) => p.text !== undefined).map((p) => p.text).join("");
  const run = (expr) => Function("$", "return " + expr + ";")(scope);
  if (exprs.length === 0) return value;
  if (literal === "" && exprs.length === 1) return run(exprs[0].expr);
  return parts.map((p) => (p.expr !== undefined ? String(run(p.expr)) : p.text)).join("");
}

function range(from, to, step) {
  const out = [];
  if (step > 0) for (let i = from; i < to; i += step) out.push(i);
  else if (step < 0) for (let i = from; i > to; i += step) out.push(i);
  return out;
}

// compile returns the intrinsic components an element yields in scope.
function compile(element, scope, components, depth) {
  if (depth > 50) throw new Error("components nest more than 50 deep (a cycle?)");
  const { $, $for, ...rest } = element;
  const scopes = [];
  if ($for) {
    const { $let = "i", $from = 0, $to = 1, $step = 1 } = $for;
    for (const i of range(evaluate($from, scope), evaluate($to, scope), evaluate($step, scope))) {
      const s = Object.create(scope);
      s[$let] = i;
      scopes.push(s);
    }
  } else {
    scopes.push(scope);
  }
  const out = [];
  for (const s of scopes) {
    const props = {};
    for (const k of Object.keys(rest)) props[k] = evaluate(rest[k], s);
    if (Object.prototype.hasOwnProperty.call(components, $)) {
      const inner = Object.assign(Object.create(s), props);
      for (const child of components[$]) out.push(...compile(child, inner, components, depth + 1));
    } else {
      out.push({ $, ...props });
    }
  }
  return out;
}

function problems(c) {
  const bad = [];
  const finite = (name, v) => {
    if (typeof v !== "number" || !Number.isFinite(v)) bad.push(`${c.$}.${name} = ${JSON.stringify(v)} is not a finite number`);
  };
  if (!intrinsics.has(c.$)) {
    bad.push(`component ${JSON.stringify(c.$)} is not supported by Posthoc's renderer`);
    return bad;
  }
  if (c.$ === "rect") ["x", "y", "width", "height"].forEach((k) => finite(k, c[k]));
  if (c.$ === "circle") ["x", "y", "radius"].forEach((k) => finite(k, c[k]));
  if (c.$ === "path" || c.$ === "polygon") {
    if (!Array.isArray(c.points) || c.points.length === 0) bad.push(`${c.$}.points is empty`);
    else c.points.forEach((p, i) => { finite(`points[${i}].x`, p && p.x); finite(`points[${i}].y`, p && p.y); });
  }
  return bad;
}

function draw(trace) {
  const events = trace.events || [];
  const render = trace.render || {};
  const view = ((render.views || {}).main || {}).components || [];
  const components = render.components || {};
  const byId = new Map();
  events.forEach((e, i) => {
    if (!byId.has(e.id)) byId.set(e.id, []);
    byId.get(e.id).push(i);
  });
  const counts = [], errors = [];
  events.forEach((e, i) => {
    let parent;
    if (e.pId !== undefined && e.pId !== null) {
      const steps = (byId.get(e.pId) || []).filter((s) => s <= i);
      parent = events[steps.length ? steps[steps.length - 1] : 0];
    }
    const scope = { alpha: 1, color: colors, step: i, parent, event: e, events };
    let drawn = [];
    try {
      for (const el of view) drawn.push(...compile(el, scope, components, 0));
    } catch (err) {
      errors.push(`event ${i} (${e.type}): ${err.message}`);
      drawn = [];
    }
    drawn = drawn.filter((c) => !(Object.prototype.hasOwnProperty.call(c, "alpha") && !(c.alpha > 0)));
    for (const c of drawn) for (const p of problems(c)) errors.push(`event ${i} (${e.type}): ${p}`);
    counts.push(drawn.length);
  });
  return { version: trace.version, counts, errors: errors.slice(0, 20), errorCount: errors.length };
}

const out = process.argv.slice(2).map((f) => draw(JSON.parse(fs.readFileSync(f, "utf8"))));
process.stdout.write(JSON.stringify(out));
