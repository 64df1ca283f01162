"""A screen in the pseudo-locale (docs/decisions.md, "Languages"): every word a person reads
comes from a message catalogue, so each shows en-XA's marks (accented letters, brackets), and
none is cut off at 40 % longer. What the restaurant typed (its menu, tables, staff) and
commands in ``<code>`` are the same in every language and carry no marks."""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from pathlib import Path

from playwright.sync_api import Page

PSEUDO = "en-XA"

# The pseudo-locale's marks: its brackets and accented letters.
_MARKED = re.compile(r"[\[\]\u00C0-\u024F\u1E00-\u1EFF]")
# Each element whose text overflows the box that clips it.
_CUT_OFF = r"""() => {
  const found = [];
  for (const e of document.querySelectorAll("body *")) {
    const words = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!words || e.getClientRects().length === 0) continue;
    // Words for screen readers only are clipped to a pixel on purpose.
    if (e.closest(".visually-hidden")) continue;
    const style = getComputedStyle(e);
    const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    if (clips && e.scrollWidth > e.clientWidth + 1) found.push(e.textContent.trim().slice(0, 60));
  }
  return found;
}"""


def show_pseudo(page: Page) -> None:
    """The screen again in the pseudo-locale: a reload keeps its pairing and sign-in. It shows
    English until the pseudo-locale's words have loaded (a chunk of their own): this waits for
    them, or a read at once finds English words (seen in CI)."""
    separator = "&" if "?" in page.url else "?"
    page.goto(f"{page.url}{separator}language={PSEUDO}")
    page.wait_for_function(f"() => document.documentElement.dataset.language === '{PSEUDO}'")


def unmarked_words(page: Page, names: Collection[str] = ()) -> list[str]:
    """The words shown that skipped the catalogues (``names``: the restaurant's own, unmarked)."""
    return [
        text
        for text in shown_text(page)
        if re.search(r"[A-Za-z]{2,}", rest := _without(names, text)) and not _MARKED.search(rest)
    ]


def cut_off(page: Page) -> list[str]:
    """The texts clipped by their box (an ellipsis, or overflow hidden) at their length now."""
    found: list[str] = page.evaluate(_CUT_OFF)
    return found


def all_words_from_catalogues(page: Page, names: Collection[str] = ()) -> None:
    """Every word shown is a catalogue's, and none is cut off."""
    unmarked = unmarked_words(page, names)
    assert unmarked == [], unmarked
    clipped = cut_off(page)
    assert clipped == [], clipped


# A screen in a real language (issue 54): each word it shows from the catalogues is that
# language's, money is written its way, and right to left nothing overlaps.
WEB = Path(__file__).resolve().parents[2] / "web" / "src"


def _shown(message: str, at: int = 0, nested: bool = False) -> tuple[str, int]:
    """The text of ``message`` from ``at`` (to its closing brace when ``nested``) that a screen
    shows whatever the values: its literal words and each plural or select branch's, without an
    argument's name, its type or a branch's key; and where it ended."""
    shown: list[str] = []
    while at < len(message):
        char = message[at]
        if char == "}" and nested:
            return "".join(shown), at + 1
        if char != "{":
            shown.append(char)
            at += 1
            continue
        # An argument: its head ("count, plural, =0") up to a branch's "{" or its own "}".
        at += 1
        while message[at] not in "{}":
            at += 1
        while message[at] == "{":
            branch, at = _shown(message, at + 1, nested=True)
            shown.append(f" {branch} ")
            # The next branch's key, or the argument's end.
            while message[at] not in "{}":
                at += 1
        shown.append(" ")
        at += 1
    return "".join(shown), at


def _literal_words(message: str) -> set[str]:
    """The words a catalogue's message shows (its tags, ``<code>``, are not words)."""
    text, _ = _shown(re.sub(r"</?\w+>", " ", message))
    return set(re.findall(r"[^\W\d_]{2,}", text))


def catalogue_words(language: str) -> set[str]:
    """Every word the screens' catalogues show in ``language``, lower case."""
    words: set[str] = set()
    for path in sorted(WEB.glob(f"*/messages/{language}.json")):
        for message in json.loads(path.read_text(encoding="utf-8")).values():
            words |= {word.lower() for word in _literal_words(message)}
    return words


# The text a person reads on the screen: each shown text node's, and each field's placeholder.
_SHOWN_TEXT = r"""(skip) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !shown(element)) continue;
    if (element.closest(`code, script, style, .visually-hidden${skip}`)) continue;
    if (node.textContent.trim()) found.push(node.textContent.trim());
  }
  for (const field of document.querySelectorAll("[placeholder]")) {
    if (shown(field) && field.placeholder.trim()) found.push(field.placeholder.trim());
  }
  return found;
}"""


def _without(names: Collection[str], text: str) -> str:
    """``text`` with each of ``names`` taken out where it stands as a whole ("Pass", not in
    "Passend")."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text


def shown_text(page: Page, skip: str = "") -> list[str]:
    """Each piece of text the screen shows, as it shows it (but inside ``skip``, a selector)."""
    found: list[str] = page.evaluate(_SHOWN_TEXT, f", {skip}" if skip else "")
    return found


def english_left(
    page: Page, language: str, names: Collection[str] = (), skip: str = ""
) -> list[str]:
    """The texts shown with a word of the English catalogues that ``language``'s never use
    (words both use, "Online", "Name", "Manager", are the same in both and not counted): what
    the restaurant typed (``names``) is taken out first, as it is shown as typed; what the
    server wrote (``skip``, a selector: the audit's changes, its own field names) is not read."""
    english = catalogue_words("en") - catalogue_words(language)
    return [
        text
        for text in shown_text(page, skip)
        if any(
            word.lower() in english for word in re.findall(r"[^\W\d_]{2,}", _without(names, text))
        )
    ]


# The boxes a person reads or taps, each pair of which should not overlap: every shown control
# and every run of text (the text's own box, not its element's). Under an open dialog, only the
# dialog's own: the rest of the screen lies under it on purpose. Boxes one inside the other's
# element (a button's words) are not a pair; text reaching out of its element by more than a
# pixel (a long word out of its button), a control past the screen's edge, and a field's
# placeholder wider than the field, count too.
_OVERLAPPING = r"""() => {
  const shown = (e) =>
    e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden"
    && !e.closest(".visually-hidden");
  const dialogs = [...document.querySelectorAll("[role=dialog], dialog[open]")].filter(shown);
  const root = dialogs.length ? dialogs[dialogs.length - 1] : document.body;
  const named = (e) => {
    const classes = e.classList.length ? `.${[...e.classList].join(".")}` : "";
    return `${e.tagName.toLowerCase()}${classes} "${e.textContent.trim().slice(0, 30)}"`;
  };
  const controls = "button, a[href], input, select, textarea, [role=button]";
  const boxes = [];
  const found = [];
  for (const e of root.querySelectorAll("*")) {
    if (!shown(e)) continue;
    const own = e.getBoundingClientRect();
    if (e.matches(controls)) {
      boxes.push({ e, r: own });
      // A control past the screen's edge: its column too narrow for it.
      if (own.left < -1 || own.right > innerWidth + 1) found.push(`${named(e)} leaves the screen`);
    }
    for (const node of e.childNodes) {
      if (node.nodeType !== 3 || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      boxes.push({ e, r });
      const inline = getComputedStyle(e).display === "inline";
      if (!inline && (r.left < own.left - 1 || r.right > own.right + 1)) {
        found.push(`${named(e)} reaches out of its box`);
      }
    }
  }
  // An empty field's placeholder wider than the field, and a list's chosen option wider than
  // the list leaves it beside its arrow (16 px in Chromium).
  const measure = document.createElement("canvas").getContext("2d");
  for (const list of root.querySelectorAll("select")) {
    if (!shown(list) || list.selectedIndex < 0) continue;
    const style = getComputedStyle(list);
    measure.font = style.font;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = list.clientWidth - padding - 16;
    const chosen = list.options[list.selectedIndex].text;
    if (measure.measureText(chosen).width > room + 1) {
      found.push(`${named(list)} "${chosen}" is cut off`);
    }
  }
  for (const field of root.querySelectorAll("input[placeholder]")) {
    if (!shown(field) || field.value) continue;
    const style = getComputedStyle(field);
    measure.font = style.font;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (measure.measureText(field.placeholder).width > room + 1) {
      found.push(`${named(field)} "${field.placeholder}" is cut off`);
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.e === b.e || a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (across > 1 && down > 1) found.push(`${named(a.e)} overlaps ${named(b.e)}`);
    }
  }
  return found;
}"""


def overlapping(page: Page) -> list[str]:
    """The controls and texts shown that overlap one another, or text out of its box."""
    found: list[str] = page.evaluate(_OVERLAPPING)
    return found
