"""Draw the app's icons from static/icons/icon.svg with the machine's Chromium.

    .venv/bin/python tools/make_icons.py

Writes PNGs for the web app manifest (192, 512, and a maskable 512 with a safe margin), the
180px apple-touch icon, and favicon.ico (16, 32 and 48px PNGs in one ICO file). The outputs
are committed; run this again only when the SVG changes.
"""

from __future__ import annotations

import struct
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
SVG = (ICONS / "icon.svg").read_text()

PAGE = """<!doctype html><html><head><style>
html, body {{ margin: 0; background: {bg}; }}
div {{ width: {size}px; height: {size}px; display: grid; place-items: center; }}
svg {{ width: {inner}px; height: {inner}px; display: block; }}
</style></head><body><div>{svg}</div></body></html>"""


def draw(page, size: int, *, margin: float = 0.0, bg: str = "transparent") -> bytes:
    inner = round(size * (1 - 2 * margin))
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(PAGE.format(bg=bg, size=size, inner=inner, svg=SVG))
    return page.screenshot(omit_background=bg == "transparent", type="png")


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file holding PNG images (every browser since 2010 reads PNG inside ICO)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, data = b"", b""
    for size, png in sorted(images.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + entries + data


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        (ICONS / "icon-192.png").write_bytes(draw(page, 192))
        (ICONS / "icon-512.png").write_bytes(draw(page, 512))
        # Maskable: the launcher may cut a circle; keep the art inside the middle 80%.
        (ICONS / "icon-maskable-512.png").write_bytes(draw(page, 512, margin=0.1, bg="#17603f"))
        (ICONS / "apple-touch-icon.png").write_bytes(draw(page, 180, margin=0.0, bg="#17603f"))
        (ICONS / "favicon.ico").write_bytes(ico({n: draw(page, n) for n in (16, 32, 48)}))
        browser.close()


if __name__ == "__main__":
    main()
