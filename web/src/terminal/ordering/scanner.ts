// A barcode scanner is a keyboard that types digits fast and presses Enter. Keys typed into
// a text field are the field's own.

export class ScanBuffer {
  private digits = "";
  private last = 0;

  constructor(private gapMs = 100) {}

  /** Feeds one key; answers the barcode when Enter ends a scan of at least 4 digits. */
  key(key: string, at: number): string | null {
    if (at - this.last > this.gapMs) this.digits = "";
    this.last = at;
    if (/^[0-9]$/.test(key)) {
      this.digits += key;
      return null;
    }
    const code = key === "Enter" && this.digits.length >= 4 ? this.digits : null;
    this.digits = "";
    return code;
  }
}
