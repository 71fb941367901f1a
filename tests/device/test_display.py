from __future__ import annotations

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops, ImageDraw

from companion.device.display import (
    BRIGHTNESS_CONTRAST,
    DIM_CONTRAST,
    SHIFTS,
    Level,
    RecordingDevice,
    RetriedPanel,
    Screen,
    open_display,
    shifted,
)
from companion.device.display_config import DisplayConfig, DisplayKind
from companion.ui.settings import BRIGHTNESS_LEVELS, DARK_CHOICES, DIM_CHOICES, UiSettings


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def picture(text: str = "Bid 2") -> Image.Image:
    image = Image.new("1", (128, 64), 0)
    ImageDraw.Draw(image).text((10, 20), text, fill=1)
    image.putpixel((0, 0), 1)
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def test_show_puts_the_picture_on_luma_dummy() -> None:
    device = dummy(width=128, height=64, mode="1")
    screen = Screen(device, clock=Clock())
    screen.show(picture())
    assert device.image is not None
    assert same(device.image, picture())


def test_show_refuses_a_picture_of_another_size() -> None:
    screen = Screen(RecordingDevice(), clock=Clock())
    with pytest.raises(ValueError, match="128x64, not 64x32"):
        screen.show(Image.new("1", (64, 32)))


def test_the_same_picture_is_not_sent_twice() -> None:
    device = RecordingDevice()
    screen = Screen(device, clock=Clock())
    screen.show(picture())
    screen.show(picture())
    screen.tick()
    assert len(device.images) == 1
    screen.show(picture("Bid 3"))
    assert len(device.images) == 2


def test_idle_dims_after_a_minute_and_goes_dark_after_ten() -> None:
    clock = Clock()
    device = RecordingDevice()
    screen = Screen(device, UiSettings(brightness=4), clock=clock)
    screen.show(picture())
    assert device.contrasts == [BRIGHTNESS_CONTRAST[4]]
    levels = []
    for seconds in (59, 1, 539, 1):
        clock.now += seconds
        screen.tick()
        levels.append((screen.level, device.contrasts[-1], device.hidden))
    assert levels == [
        (Level.ON, BRIGHTNESS_CONTRAST[4], False),
        (Level.DIM, DIM_CONTRAST, False),
        (Level.DIM, DIM_CONTRAST, False),
        (Level.DARK, DIM_CONTRAST, True),
    ]


def test_a_picture_shown_while_dark_waits_for_the_wake() -> None:
    clock = Clock()
    device = RecordingDevice()
    screen = Screen(device, UiSettings(dim_after=None, dark_after=10), clock=clock)
    screen.show(picture())
    clock.now += 10
    screen.tick()
    screen.show(picture("new"))
    assert len(device.images) == 1
    assert screen.touch() is True
    assert not device.hidden
    assert device.contrasts[-1] == BRIGHTNESS_CONTRAST[UiSettings().brightness]
    assert same(device.images[-1], shifted(picture("new"), screen.offset))


def test_only_the_first_press_after_dark_is_swallowed() -> None:
    clock = Clock()
    screen = Screen(RecordingDevice(), clock=clock)
    assert screen.touch() is False  # lit: the press acts
    clock.now += 60
    screen.tick()
    assert screen.touch() is False  # dimmed: still acts, and lights the screen
    assert screen.level is Level.ON
    clock.now += 600
    screen.tick()
    assert screen.touch() is True  # dark: this press only wakes
    assert screen.touch() is False


def test_never_dims_or_darkens_when_switched_off() -> None:
    clock = Clock()
    screen = Screen(RecordingDevice(), UiSettings(dim_after=None, dark_after=None), clock=clock)
    clock.now += 10**6
    screen.tick()
    assert screen.level is Level.ON


def test_the_picture_shifts_a_pixel_now_and_then() -> None:
    clock = Clock()
    device = RecordingDevice()
    settings = UiSettings(dim_after=None, dark_after=None)
    screen = Screen(device, settings, shift_every=100, clock=clock)
    screen.show(picture())
    offsets = []
    for _ in SHIFTS:
        offsets.append(screen.offset)
        clock.now += 100
        screen.tick()
    assert offsets == list(SHIFTS)
    assert len(device.images) == len(SHIFTS) + 1
    assert all(abs(dx) <= 2 and abs(dy) <= 2 for dx, dy in offsets)
    # the lit corner pixel travels with the picture
    assert device.images[1].getpixel((1, 0))
    assert not device.images[1].getpixel((0, 0))


def test_new_settings_take_effect_at_once() -> None:
    clock = Clock()
    device = RecordingDevice()
    screen = Screen(device, clock=clock)
    clock.now += 30
    screen.configure(UiSettings(brightness=1, dim_after=20))
    assert screen.level is Level.DIM
    assert device.contrasts[-2:] == [BRIGHTNESS_CONTRAST[1], DIM_CONTRAST]


I2C_KINDS = [kind for kind in DisplayKind if kind.uses_i2c]


@pytest.mark.parametrize("kind", I2C_KINDS)
def test_a_missing_display_gives_a_reason_and_a_fake(kind: DisplayKind) -> None:
    # No machine has I2C bus 25, so luma cannot open it.
    opened = open_display(DisplayConfig(kind=kind, i2c_port=25), clock=Clock())
    assert isinstance(opened.screen.device, RecordingDevice)
    assert opened.problem is not None
    assert opened.problem.startswith(f"no {kind.value} display on I2C bus 25 at 0x3C (")
    assert "\n" not in opened.problem
    opened.screen.show(picture())  # and the rest goes on
    assert len(opened.screen.device.images) == 1


@pytest.mark.parametrize("kind", [kind for kind in DisplayKind if not kind.uses_i2c])
def test_only_an_oled_on_i2c_is_opened_as_one(kind: DisplayKind) -> None:
    with pytest.raises(ValueError, match=f"a {kind.value} display is not an OLED on I2C"):
        open_display(DisplayConfig(kind=kind))


def test_every_setting_the_menu_offers_is_one_the_screen_takes() -> None:
    assert tuple(BRIGHTNESS_CONTRAST) == BRIGHTNESS_LEVELS
    clock = Clock()
    device = RecordingDevice()
    screen = Screen(device, clock=clock)
    for brightness in BRIGHTNESS_LEVELS:
        for dim in DIM_CHOICES:
            for dark in DARK_CHOICES:
                screen.configure(UiSettings(brightness=brightness, dim_after=dim, dark_after=dark))
                assert screen.level is Level.ON
                assert device.contrasts[-1] == screen.contrast == BRIGHTNESS_CONTRAST[brightness]


def test_a_panel_missing_at_start_is_opened_again_and_gets_the_kept_picture() -> None:
    clock = Clock()
    panel = dummy(width=128, height=64, mode="1")
    where = DisplayConfig(i2c_port=25)  # no /dev/i2c-25: luma's own failure
    present = False

    def opener() -> dummy | str:
        if present:
            return panel
        problem = open_display(where, clock=clock).problem
        assert problem is not None
        return problem

    told: list[str | None] = []
    slot = RetriedPanel(opener, on_change=told.append, retry_s=15.0, clock=clock)
    screen = Screen(slot, UiSettings(brightness=2), clock=clock)
    assert len(told) == 1 and told[0] is not None
    assert told[0].startswith("no ssd1306 display on I2C bus 25 at 0x3C (")
    screen.show(picture("first"))
    present = True
    clock.now += 14.0
    screen.show(picture("second"))
    assert panel.image is None or not same(panel.image, picture("second"))  # not yet due
    clock.now += 1.0
    screen.show(picture("third"))
    assert told == [told[0], None]
    assert same(panel.image, picture("third"))
    slot.display(picture("fourth"))  # straight through from now on
    assert same(panel.image, picture("fourth"))


def test_a_panel_that_stays_missing_is_told_once_per_reason() -> None:
    clock = Clock()
    reasons = iter(["no bus", "no bus", "busy", "busy"])
    told: list[str | None] = []
    slot = RetriedPanel(lambda: next(reasons), on_change=told.append, retry_s=1.0, clock=clock)
    for _ in range(3):
        clock.now += 1.0
        slot.display(picture())
    assert told == ["no bus", "busy"]
    assert slot.device is None
