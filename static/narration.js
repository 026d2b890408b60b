// The narration over the picture, fitted in projector mode: it takes at
// most LINES lines, so that the tree and the problem below it keep their
// height whatever a step says. A longer narration is set in smaller type,
// down to MIN_PX (read from the back of a lecture hall); what still does
// not fit ends in an ellipsis (style.css's line clamp) and is whole in the
// element's title. Elsewhere the narration is written as it is.
import { setText } from "./util.js";

export const LINES = 2, MIN_PX = 15;

// writeNarration writes text into el and, when projector is true, fits it
// (see above). Cost: one layout when the text, the mode and the width are
// those of the last call; else at most one layout per pixel of type given
// up (six from the projector's 21 px).
export function writeNarration(el, text, projector) {
  setText(el, text);
  const key = `${projector}|${el.clientWidth}|${text}`;
  if (el.dataset.fitted === key) return;
  el.dataset.fitted = key;
  el.style.fontSize = "";
  el.removeAttribute("title");
  if (!projector) return;
  el.classList.add("measuring"); // the clamp lifted: scrollHeight is the text's whole height
  const fits = () => {
    const cs = getComputedStyle(el), pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    return el.scrollHeight - pad <= LINES * parseFloat(cs.lineHeight) + 1;
  };
  let px = parseFloat(getComputedStyle(el).fontSize);
  while (!fits() && px > MIN_PX) { px = Math.max(MIN_PX, px - 1); el.style.fontSize = px + "px"; }
  if (!fits()) el.title = text;
  el.classList.remove("measuring");
}
