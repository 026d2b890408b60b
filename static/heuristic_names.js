// The names of one's own heuristics in a Starlark text: shared by the
// landing form (its Heuristic list) and a room's load form (the names a
// search line can give as h=NAME).

// hNames lists the names of a Starlark text's top-level def h_NAME(s),
// once each, in the order they are defined.
export function hNames(text) {
  return Array.from(new Set(Array.from(text.matchAll(/^def\s+h_(\w+)\s*\(/gm), (m) => m[1])));
}
