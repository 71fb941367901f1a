from __future__ import annotations

from PIL import ImageFont

from companion.assets.fonts import FontFace, font_path

MISSING_GLYPH = "\ue000"  # a private-use code point no DejaVu face draws


def test_every_bundled_face_draws_polish_and_cyrillic_letters() -> None:
    for face in FontFace:
        font = ImageFont.truetype(str(font_path(face)), 10)
        missing = bytes(font.getmask(MISSING_GLYPH))
        for letter in "ąęłśżЖЯщ":
            assert bytes(font.getmask(letter)) != missing, (face, letter)
