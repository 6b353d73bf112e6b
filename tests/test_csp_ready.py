"""Ready for a strict Content Security Policy: no inline scripts, styles or event handlers."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def test_templates_have_no_inline_script_style_or_handlers():
    found = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        for pattern in (r"<script(?![^>]*\bsrc=)[^>]*>", r"\sstyle=\"", r"\son[a-z]+=\"", r"<style"):
            for match in re.finditer(pattern, text):
                found.append(f"{path.name}: {match.group(0)}")
    assert not found, found
