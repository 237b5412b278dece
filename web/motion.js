// Motion as a diff of two drawn states. Before a redraw, `before()` notes where every card of
// the table and of the hand is (cards carry their identity in `data-card`: "3/7" is one card
// wherever it lies) and keeps a copy of each. After the redraw, `after(planText)` slides every
// card still drawn from its old box to its new one (a FLIP transform), brings each new card in
// from where the plan says it came from (the seat that showed it), and sends each card that is
// gone to where the plan says it went (the capturer's pile, the seat that scouted it) as a
// ghost above the page. Transforms and opacity only, through the Web Animations API, so the
// browser runs them off the main thread's way while an AI player thinks. With reduced motion
// nothing travels: the cards that changed get a short, still highlight instead.
//
// `after` measures the new boxes in the next animation frame, before it is painted, not in the
// redraw's own task: the layout the measuring forces then falls in the frame, which lays the
// page out anyway, and the redraw's task stays short while an AI player thinks beside it.

const ZONES = "#table-cards [data-card], #hand-cards [data-card]";
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
let snapshot = null;
let waiting = null; // a redraw whose motion starts in the next frame: { old, plan }

function boxOf(selector) {
  const node = selector ? document.querySelector(selector) : null;
  return node ? node.getBoundingClientRect() : null;
}

function before() {
  settle(); // a second redraw within one frame: the first one's motion starts from its boxes
  const cards = new Map();
  for (const node of document.querySelectorAll(ZONES)) {
    cards.set(node.dataset.card, { box: node.getBoundingClientRect(), node: node.cloneNode(true) });
  }
  const places = new Map();
  for (const node of document.querySelectorAll("#seats [data-seat], #hand-title, #hand-cards, #table-cards")) {
    places.set(node, node.getBoundingClientRect());
  }
  snapshot = { cards, places };
}

function centreShift(from, to) {
  return [from.left + from.width / 2 - (to.left + to.width / 2),
          from.top + from.height / 2 - (to.top + to.height / 2)];
}

function finalTransform(node) {
  const now = getComputedStyle(node).transform;
  return now === "none" ? "" : now;
}

function slide(node, from, to, ms) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  const end = finalTransform(node);
  node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) ${end}` }, { transform: end || "none" }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.2,1)" },
  );
}

function arrive(node, origin, ms) {
  const to = node.getBoundingClientRect();
  const end = finalTransform(node);
  if (!origin) {
    node.animate([{ opacity: 0, transform: `scale(0.85) ${end}` }, { opacity: 1, transform: end || "none" }],
      { duration: ms, easing: "ease-out" });
    return;
  }
  const [dx, dy] = centreShift(origin, to);
  node.animate(
    [{ opacity: 0.2, transform: `translate(${dx}px, ${dy}px) scale(0.5)` },
     { opacity: 1, transform: end || "none" }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.2,1)" },
  );
}

function ghost(node, box) {
  const copy = node.cloneNode(true);
  copy.removeAttribute("id");
  copy.removeAttribute("data-card");
  copy.setAttribute("aria-hidden", "true");
  copy.classList.add("flying");
  copy.style.left = `${box.left}px`;
  copy.style.top = `${box.top}px`;
  copy.style.width = `${box.width}px`;
  copy.style.height = `${box.height}px`;
  document.body.append(copy);
  return copy;
}

function leave(item, target, ms) {
  const copy = ghost(item.node, item.box);
  let frames;
  if (target) {
    const [dx, dy] = centreShift(target, item.box);
    frames = [{ transform: "none", opacity: 1 },
              { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0.15 }];
  } else {
    frames = [{ opacity: 1 }, { opacity: 0, transform: "scale(0.9)" }];
  }
  const run = copy.animate(frames, { duration: ms, easing: "cubic-bezier(.4,0,.6,1)", fill: "forwards" });
  run.finished.then(() => copy.remove(), () => copy.remove());
}

function chip(from, to, ms) {
  if (!from || !to) return;
  const copy = document.createElement("span");
  copy.className = "chip flying";
  copy.setAttribute("aria-hidden", "true");
  copy.style.left = `${from.left + from.width / 2 - 12}px`;
  copy.style.top = `${from.top + from.height / 2 - 12}px`;
  document.body.append(copy);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const run = copy.animate(
    [{ transform: "scale(0.6)", opacity: 0 }, { transform: "scale(1.1)", opacity: 1, offset: 0.2 },
     { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.9 }],
    { duration: ms, easing: "ease-in-out", fill: "forwards" },
  );
  run.finished.then(() => copy.remove(), () => copy.remove());
}

function highlight(nodes) {
  for (const node of nodes) node.classList.add("changed");
  window.setTimeout(() => nodes.forEach((node) => node.classList.remove("changed")), 900);
}

function placeOf(selector, places) {
  // A seat, the hand or the table as it was before the redraw (it may have moved since).
  const node = selector ? document.querySelector(selector) : null;
  if (!node) return null;
  for (const [old, box] of places) if (old.isSameNode(node) || old === node) return box;
  return node.getBoundingClientRect();
}

function after(planText) {
  const old = snapshot;
  snapshot = null;
  const plan = JSON.parse(planText);
  if (!old || plan.first) return;
  waiting = { old, plan };
  requestAnimationFrame(settle);
}

function settle() {
  if (!waiting) return;
  const { old, plan } = waiting;
  waiting = null;
  travel(old, plan);
}

function travel(old, plan) {
  const ms = plan.ms;
  const sources = plan.sources || {};
  const targets = plan.targets || {};
  const drawn = new Map();
  for (const node of document.querySelectorAll(ZONES)) drawn.set(node.dataset.card, node);
  const changed = [];
  for (const [id, node] of drawn) {
    const was = old.cards.get(id);
    if (was && !plan.roundEnd) {
      const now = node.getBoundingClientRect();
      if (Math.abs(now.left - was.box.left) >= 1 || Math.abs(now.top - was.box.top) >= 1) {
        if (plan.move) changed.push(node);
        if (!reduced.matches) slide(node, was.box, now, ms);
      }
    } else if (plan.move) {
      changed.push(node);
      if (!reduced.matches) arrive(node, placeOf(sources[id], old.places), ms);
    }
  }
  if (!plan.move) return;
  if (reduced.matches) {
    highlight(changed);
    return;
  }
  const table = placeOf("#table-cards", old.places);
  for (const [id, item] of old.cards) {
    if (drawn.has(id) && !plan.roundEnd) continue;
    const target = targets[id] ? boxOf(targets[id]) : (plan.roundEnd ? table : null);
    if (targets[id] || plan.roundEnd) leave(item, target, ms);
  }
  if (plan.chip) chip(placeOf(plan.chip[0], old.places), boxOf(plan.chip[1]), ms);
}

window.scoutMotion = { before, after };
