"""A table's QR code as SVG (docs/design.md §28), drawn by segno."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str, *, title: str) -> bytes:
    """``url`` as a QR code a phone's camera reads across a table: error correction M (a
    scuffed sticker still reads), dark on white, a quiet zone of four modules, 10 px a module,
    titled for screen readers and print dialogs."""
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=10, border=4, title=title, nl=False)
    return out.getvalue()
