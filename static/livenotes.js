// The live local-search page's list of the neighbours priced at a step,
// read in the page's type rather than the drawing's.

// liftNeighbours moves a local search picture's list of the neighbours
// priced (the export's text.neighbours lines, wrapped for the picture's
// width in small type) out of the drawing in host into a paragraph under
// it, in the page's type (15 px): the drawing is then fitted without it,
// and the list is read at 14 px or more on a projector as on a phone. A
// drawing without the list takes the paragraph away; a list the drawing
// cut short ends in an ellipsis. Call it before the
// drawing is fitted. O(lines of the list).
export function liftNeighbours(host) {
  const lines = [...host.querySelectorAll("svg text.neighbours")];
  let p = host.parentElement.querySelector(".live-neighbours");
  if (!lines.length) { if (p) p.remove(); return; }
  if (!p) {
    p = document.createElement("p");
    p.className = "live-neighbours";
    p.dataset.testid = "live-neighbours";
    host.after(p);
  }
  // the drawing lists as many as its lines hold: a list cut short ends in …
  const text = lines.map((t) => t.textContent).join(" "), listed = text.split(", ").length;
  p.textContent = listed < parseInt(text, 10) ? text + " …" : text;
  for (const t of lines) t.remove();
}
