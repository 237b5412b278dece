// Short sounds for the table, made on the spot with the Web Audio API (no sound files, nothing
// from other hosts): a show, a capture, a scout, your turn, the end of a round. Nothing plays
// before the first click or key press (browsers forbid it, and a page should not startle);
// `setMuted` switches everything off, and the page remembers that choice.

let context = null;
let muted = false;
let unlocked = false;

function unlock() {
  unlocked = true;
  if (!muted && !context && window.AudioContext) context = new AudioContext();
  if (context && context.state === "suspended") context.resume();
}
for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, unlock, { capture: true, passive: true });
}

// Each sound: notes of [start s, frequency Hz, length s, wave, loudness].
const SOUNDS = {
  show: [[0, 520, 0.09, "triangle", 0.25], [0.06, 780, 0.1, "triangle", 0.2]],
  capture: [[0, 440, 0.08, "square", 0.12], [0.07, 660, 0.08, "square", 0.12], [0.14, 880, 0.14, "triangle", 0.22]],
  scout: [[0, 700, 0.12, "sine", 0.3], [0.05, 470, 0.14, "sine", 0.22]],
  turn: [[0, 660, 0.12, "sine", 0.25], [0.13, 990, 0.18, "sine", 0.22]],
  round: [[0, 523, 0.18, "triangle", 0.25], [0.16, 659, 0.18, "triangle", 0.25], [0.32, 784, 0.35, "triangle", 0.25]],
};

function play(name) {
  const notes = SOUNDS[name];
  if (muted || !unlocked || !notes) return false;
  if (!context) unlock();
  if (!context) return false;
  const now = context.currentTime + 0.01;
  for (const [start, frequency, length, wave, loudness] of notes) {
    const tone = context.createOscillator();
    const level = context.createGain();
    tone.type = wave;
    tone.frequency.value = frequency;
    level.gain.setValueAtTime(0.0001, now + start);
    level.gain.exponentialRampToValueAtTime(loudness, now + start + 0.012);
    level.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    tone.connect(level).connect(context.destination);
    tone.start(now + start);
    tone.stop(now + start + length + 0.02);
  }
  document.documentElement.dataset.lastSound = name;
  return true;
}

function setMuted(value) {
  muted = Boolean(value);
  document.documentElement.dataset.sound = muted ? "off" : "on";
  if (muted && context) context.suspend();
  else if (!muted && unlocked) unlock();
}

window.scoutSound = { play, setMuted, names: Object.keys(SOUNDS) };
