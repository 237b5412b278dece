// A crowded hand under a finger. On a phone a dozen cards share a row about 340 px wide, so
// each one shows a strip narrower than a fingertip, and the finger hides the card it touches.
// So a finger on the hand does not pick at once: the card under it rises above its neighbours,
// whole and a finger wide, with both numbers above the fingertip; sliding along the row moves
// it from card to card; lifting the finger picks the risen card, exactly as a click on it
// would (the page's own click handler does the rest). A slide up or down still scrolls the
// page, and a finger that leaves the hand picks nothing. A mouse or a pen clicks as before,
// and a hand whose cards are each a finger wide is tapped as before.

const FINGER = 44; // px: the narrowest strip a fingertip hits reliably
const LEAVE = 56; // px above or below the hand at which a finger gives up
const SWALLOW_MS = 700; // the browser's own click follows a tap this soon
let touch = null; // { id, box, cards, lefts, index }
let swallowUntil = 0;

function pickable(box) {
  return [...box.querySelectorAll("button.card[data-i]:not([aria-disabled='true'])")];
}

function underFinger(lefts, x) {
  // The card whose visible strip holds x: each card shows from its left to the next one's.
  let index = 0;
  for (let i = 1; i < lefts.length; i += 1) if (x >= lefts[i]) index = i;
  return index;
}

function raise(index) {
  if (touch.index === index) return;
  touch.cards[touch.index]?.classList.remove("touched");
  touch.index = index;
  touch.cards[index]?.classList.add("touched");
}

function end(pick) {
  const { cards, index, box } = touch;
  touch = null;
  box.classList.remove("lens");
  cards.forEach((card) => card.classList.remove("touched"));
  swallowUntil = performance.now() + SWALLOW_MS;
  if (pick && cards[index]?.isConnected) cards[index].click();
}

document.addEventListener("pointerdown", (event) => {
  if (event.pointerType !== "touch" || touch) return;
  const box = event.target.closest?.("#hand-cards");
  if (!box) return;
  const cards = pickable(box);
  if (cards.length < 2) return;
  const lefts = cards.map((card) => card.getBoundingClientRect().left);
  if (lefts[1] - lefts[0] >= FINGER) return; // roomy enough: a plain tap
  touch = { id: event.pointerId, box, cards, lefts, index: -1 };
  box.classList.add("lens");
  raise(underFinger(lefts, event.clientX));
});

document.addEventListener("pointermove", (event) => {
  if (!touch || event.pointerId !== touch.id) return;
  const row = touch.box.getBoundingClientRect();
  if (event.clientY < row.top - LEAVE || event.clientY > row.bottom + LEAVE) end(false);
  else raise(underFinger(touch.lefts, event.clientX));
});

document.addEventListener("pointerup", (event) => {
  if (touch && event.pointerId === touch.id) end(true);
});

document.addEventListener("pointercancel", (event) => {
  if (touch && event.pointerId === touch.id) end(false); // the page scrolled instead
});

// The browser's own click after the finger lifts would pick the card first touched as well:
// while a touch on the hand is being handled, only the click sent above goes through.
document.addEventListener(
  "click",
  (event) => {
    if (!event.isTrusted || (performance.now() > swallowUntil && !touch)) return;
    if (event.target.closest?.("#hand-cards")) {
      event.stopPropagation();
      event.preventDefault();
    }
  },
  true,
);
