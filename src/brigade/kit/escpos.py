"""The few ESC/POS commands a ticket or a receipt needs, encoded by hand (docs/decisions.md,
"Printing and receipts": why not python-escpos).

A document is a list of lines, each with a style; ``encode`` turns it into the bytes a
printer on raw TCP takes: initialise (ESC @), the PC858 code table (PC850 with the euro
sign: the receipts of every Latin-script language Brigade speaks, docs/design.md §26), each
line with its style, a feed and a partial cut. Text never carries a command: control
characters are printed as spaces, and what PC858 lacks prints as ``?`` (an Arabic location's
paper prints in English: kit/languages.py, ``paper_language``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

ESC = b"\x1b"
GS = b"\x1d"
INITIALISE = ESC + b"@"
CODE_TABLE_PC858 = ESC + b"t\x13"
BOLD_ON, BOLD_OFF = ESC + b"E\x01", ESC + b"E\x00"
# GS ! n: character size, 0x11 = double width and double height.
DOUBLE_SIZE, NORMAL_SIZE = GS + b"!\x11", GS + b"!\x00"
# GS V 66 n: feed n lines, then a partial cut.
FEED_AND_CUT = GS + b"VB\x03"
ENCODING = "cp858"


class Align(IntEnum):
    LEFT = 0
    CENTRE = 1
    RIGHT = 2


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    bold: bool = False
    # Double width and height: half as many columns fit.
    big: bool = False
    align: Align = Align.LEFT


def printable(text: str) -> str:
    """``text`` with every control character (ESC, GS, newlines...) made a space."""
    return "".join(" " if ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 else char for char in text)


def encode(lines: Iterable[Line]) -> bytes:
    out = bytearray(INITIALISE + CODE_TABLE_PC858)
    for line in lines:
        out += ESC + b"a" + bytes([line.align])
        out += (BOLD_ON if line.bold else b"") + (DOUBLE_SIZE if line.big else b"")
        out += printable(line.text).encode(ENCODING, errors="replace")
        out += (NORMAL_SIZE if line.big else b"") + (BOLD_OFF if line.bold else b"")
        out += b"\n"
    out += FEED_AND_CUT
    return bytes(out)
