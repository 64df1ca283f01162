// A short two-tone chime for a new ticket, made by the browser (no sound file to ship). A
// browser lets a page play sound only after someone touched it; until then it stays quiet.

let context: AudioContext | null = null;

export function chime(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, pitch] of [
      [0, 880],
      [0.18, 1320],
    ]) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.25, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.3);
      tone.connect(volume).connect(context.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.3);
    }
  } catch {
    // No audio on this device: the card still appears.
  }
}
