"""The menu's page for the phone sheet: the QR code drawn on the 128x64 picture reads back
(with OpenCV's own QR decoder) as the sheet's address, at two pixels a module; the address
is there as text too; a sheet that cannot be reached is said in the player's words."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.ui.canvas import HEIGHT, INK, PAPER
from companion.ui.controller import compose, handle
from companion.ui.intents import LookUpSheet
from companion.ui.menus.main_menu import ENTRIES, Entry
from companion.ui.menus.sheet_link import MODULE_PX, qr_matrix
from companion.ui.menus.state import MainMenu, SheetAddress, UiContext, UiState
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.values.language import Language
from companion.values.sheet_address import SheetLink, SheetLinkState
from companion.words import say

URLS = (
    "http://192.168.1.23:8080/",
    "http://10.0.0.7/",
    "http://192.168.100.200:65000/",
    "http://[fd12:3456:789a::1]:8080/",
)
# OpenCV finds a code better well enlarged and with paper around it.
DECODE_SCALE = 8
DECODE_BORDER = 64


def _context(link: SheetLink | None, language: Language = Language.EN) -> UiContext:
    return UiContext(settings=UiSettings(language=language), sheet_link=link)


def _decoded(image: Image.Image) -> str:
    pixels = np.array(image.convert("L"))
    big = cv2.resize(
        pixels, None, fx=DECODE_SCALE, fy=DECODE_SCALE, interpolation=cv2.INTER_NEAREST
    )
    framed = cv2.copyMakeBorder(
        big, *(DECODE_BORDER,) * 4, borderType=cv2.BORDER_CONSTANT, value=INK
    )
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(framed)
    return str(text)


@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("language", list(Language))
def test_the_code_on_the_screen_reads_back_as_the_address(url: str, language: Language) -> None:
    sheet = compose(UiState(SheetAddress()), _context(SheetLink(SheetLinkState.READY, url)))
    assert _decoded(sheet.image) == url


@pytest.mark.parametrize("url", URLS)
def test_each_module_is_two_pixels_square(url: str) -> None:
    matrix = qr_matrix(url)
    image = compose(UiState(SheetAddress()), _context(SheetLink(SheetLinkState.READY, url))).image
    pixels = np.array(image) > 0
    # the lit square holding the code and its quiet zone, at the left, centred in height
    lit_rows = np.flatnonzero(pixels[:, 0])
    top, side = int(lit_rows[0]), len(lit_rows)
    assert side % MODULE_PX == 0 and side <= HEIGHT
    quiet = (side // MODULE_PX - len(matrix)) // 2
    assert quiet >= 1
    for row, modules in enumerate(matrix):
        for column, dark in enumerate(modules):
            x = (quiet + column) * MODULE_PX
            y = top + (quiet + row) * MODULE_PX
            block = pixels[y : y + MODULE_PX, x : x + MODULE_PX]
            assert (block == (not dark)).all(), (row, column)


def test_the_address_is_written_out_too() -> None:
    url = "http://192.168.100.200:65000/"
    sheet = compose(UiState(SheetAddress()), _context(SheetLink(SheetLinkState.READY, url)))
    texts = [mark.drawn for mark in sheet.marks]
    assert "".join(text for text in texts if text[0] in "0123456789.:") == "192.168.100.200:65000"
    assert not sheet.cut_marks()


@pytest.mark.parametrize(
    ("state", "key"),
    [
        (SheetLinkState.OFF, "sheet.off"),
        (SheetLinkState.NOT_RUNNING, "sheet.not_running"),
        (SheetLinkState.STALE, "sheet.stale"),
        (SheetLinkState.UNREADABLE, "sheet.unreadable"),
    ],
)
@pytest.mark.parametrize("language", list(Language))
def test_a_sheet_out_of_reach_is_said_plainly(
    state: SheetLinkState, key: str, language: Language
) -> None:
    sheet = compose(UiState(SheetAddress()), _context(SheetLink(state), language))
    shown = " ".join(mark.drawn for mark in sheet.marks)
    assert say(key, language) in shown
    assert say("menu.sheet", language) in shown
    assert not (np.array(sheet.image)[:, :2] > 0).all(), "no code is drawn"


def test_not_looked_up_is_not_running() -> None:
    sheet = compose(UiState(SheetAddress()), _context(None))
    assert say("sheet.not_running", Language.EN) in " ".join(m.drawn for m in sheet.marks)


def _press(button: Button) -> ButtonPress:
    return ButtonPress(button, PressKind.SHORT)


def test_the_menu_item_asks_the_app_to_look_the_sheet_up() -> None:
    context = _context(None)
    cursor = ENTRIES.index(Entry.SHEET)
    state, intents = handle(UiState(MainMenu(cursor)), _press(Button.OK), context)
    assert state.mode == SheetAddress()
    assert intents == (LookUpSheet(),)


@pytest.mark.parametrize("button", [Button.OK, Button.BACK])
def test_ok_or_back_returns_to_the_menu(button: Button) -> None:
    link = SheetLink(SheetLinkState.READY, URLS[0])
    state, intents = handle(UiState(SheetAddress()), _press(button), _context(link))
    assert state.mode == MainMenu() and intents == ()


def test_the_code_is_drawn_lit_on_the_dark_panel() -> None:
    sheet = compose(UiState(SheetAddress()), _context(SheetLink(SheetLinkState.READY, URLS[0])))
    pixels = np.array(sheet.image)
    middle = HEIGHT // 2
    assert pixels[middle, 0] != PAPER  # the quiet zone is lit: light paper to a camera
