// The display's sounds, made by the browser (no sound file to ship): a two-tone chime for a new
// ticket and a lower three-beep alert for a ticket gone late. A browser lets a page play sound
// only after someone touched it: until `unlockSound` runs in a tap, the screen stays quiet and
// says so ("Tap to turn on sound").

let context: AudioContext | null = null;

/** Whether sound can play now (the page was touched since it loaded). */
export function soundReady(): boolean {
  return context?.state === "running";
}

/** Call in a tap or key press: the browser then lets this page play sound. Answers whether it
 * can (no audio on this device: false, and the screen works silently). */
export async function unlockSound(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    if (context.state !== "running") await context.resume();
    return soundReady();
  } catch {
    return false;
  }
}

function play(tones: readonly (readonly [offset: number, pitch: number, length: number])[], type: OscillatorType) {
  if (!context || context.state !== "running") return;
  try {
    const start = context.currentTime;
    for (const [offset, pitch, length] of tones) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = type;
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.25, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.001, start + offset + length);
      tone.connect(volume).connect(context.destination);
      tone.start(start + offset);
      tone.stop(start + offset + length);
    }
  } catch {
    // No audio on this device: the card still appears.
  }
}

/** A new ticket: two rising tones. */
export function chime(): void {
  play(
    [
      [0, 880, 0.3],
      [0.18, 1320, 0.3],
    ],
    "sine",
  );
}

/** A ticket went late: three low square beeps, unlike the chime. */
export function lateAlert(): void {
  play(
    [
      [0, 440, 0.15],
      [0.22, 440, 0.15],
      [0.44, 330, 0.35],
    ],
    "square",
  );
}
