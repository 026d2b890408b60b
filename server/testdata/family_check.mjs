// family_check.mjs CASES.json: renders each case's nodes with the page's
// own family module (static/family.js) from the family description the
// server sends (hello.problem.family), and checks that the inspector's f
// line, the tree box's numbers and the strip chosen are the ones Go writes
// from the same description (written by server/family_text_test.go).
// Prints "N nodes checked" and exits 0, or the mismatches (the first 20)
// and exits 1.
import { readFileSync } from "node:fs";
import { describe, formulaLine, boxNumbers, familyOf, isBeam } from "../../static/family.js";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const bad = [];
let n = 0;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
for (const c of cases) {
  // a model holding the case's nodes as the page's model holds them: f
  // made by the description's coefficients, RBFS's stored F apart
  const byId = new Map(c.nodes.map((x) => [x.id, x]));
  const m = {
    problem: c.problem,
    g: (id) => byId.get(id).g, h: (id) => byId.get(id).h, depth: (id) => byId.get(id).depth,
    f: (id) => byId.get(id).coefF, storedF: (id) => byId.get(id).f,
  };
  const fam = describe(m);
  const strip = familyOf(m) || (isBeam(m) ? "beam" : "");
  if (strip !== c.strip) bad.push(`${c.name}: the page shows the strip ${JSON.stringify(strip)}, Go's description ${JSON.stringify(c.strip)}`);
  for (const x of c.nodes) {
    n++;
    const line = formulaLine(fam, x.g, x.h, x.f);
    if (line !== x.formula) bad.push(`${c.name} node ${x.id}: the inspector writes ${JSON.stringify(line)}, Go ${JSON.stringify(x.formula)}`);
    const box = boxNumbers(m, x.id).map(([k, v]) => [k, String(v)]);
    if (!same(box, x.box)) bad.push(`${c.name} node ${x.id}: the tree box shows ${JSON.stringify(box)}, Go ${JSON.stringify(x.box)}`);
    const small = boxNumbers(m, x.id, [fam.compact]).map(([k, v]) => [k, String(v)]);
    if (!same(small, x.compact)) bad.push(`${c.name} node ${x.id}: the small box shows ${JSON.stringify(small)}, Go ${JSON.stringify(x.compact)}`);
  }
}
if (bad.length) {
  console.log(bad.slice(0, 20).join("\n"));
  console.log(`${bad.length} mismatches`);
  process.exit(1);
}
console.log(`${n} nodes checked`);
process.exit(0);
