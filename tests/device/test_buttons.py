from __future__ import annotations

import importlib.util
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from companion.device.buttons import (
    ButtonsConfig,
    FakeButtons,
    GpioButtons,
    PressDecoder,
    PressTiming,
    RetriedButtons,
    open_buttons,
)
from companion.ui.presses import Button, ButtonPress, PressKind

TIMING = PressTiming()
SHORT_OK = ButtonPress(Button.OK, PressKind.SHORT)
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def hold(
    decoder: PressDecoder, start: float, seconds: float, step: float = 0.02
) -> list[ButtonPress]:
    """Press at ``start``, tick every ``step`` for ``seconds``, release; all presses."""
    out = list(decoder.pressed(start))
    ticks = round(seconds / step)
    for index in range(1, ticks + 1):
        out.extend(decoder.tick(start + index * step))
    out.extend(decoder.released(start + seconds))
    return out


# -- the decoder ------------------------------------------------------------------------


def test_a_short_press_acts_on_release_not_on_press() -> None:
    decoder = PressDecoder(Button.OK)
    assert decoder.pressed(0.0) == ()
    assert decoder.tick(0.1) == ()
    assert decoder.released(0.2) == (SHORT_OK,)


def test_a_long_press_fires_once_while_held_and_nothing_on_release() -> None:
    decoder = PressDecoder(Button.BACK)
    presses = hold(decoder, 0.0, 2.0)
    assert presses == [ButtonPress(Button.BACK, PressKind.LONG)]


def test_a_long_press_is_not_fired_before_the_long_press_time() -> None:
    decoder = PressDecoder(Button.OK)
    decoder.pressed(0.0)
    assert decoder.tick(TIMING.long_press - 0.01) == ()
    assert decoder.tick(TIMING.long_press) == (LONG_OK,)
    assert decoder.released(TIMING.long_press + 0.5) == ()


def test_a_long_hold_without_ticks_is_long_on_release() -> None:
    decoder = PressDecoder(Button.OK)
    decoder.pressed(0.0)
    assert decoder.released(1.0) == (LONG_OK,)


def test_contact_bounce_gives_nothing() -> None:
    decoder = PressDecoder(Button.OK)
    decoder.pressed(0.0)
    assert decoder.released(TIMING.debounce / 2) == ()
    # chatter then a real press: exactly one short press
    decoder.pressed(0.02)
    assert decoder.released(0.3) == (SHORT_OK,)


def test_up_repeats_while_held_and_speeds_up() -> None:
    decoder = PressDecoder(Button.UP)
    decoder.pressed(0.0)
    times: list[float] = []
    now = 0.0
    while now < 3.0:
        now = round(now + 0.01, 2)
        if decoder.tick(now):
            times.append(now)
    assert times[0] == pytest.approx(TIMING.repeat_delay, abs=0.011)
    gaps = [b - a for a, b in pairwise(times)]
    assert gaps[0] > gaps[-1]
    assert gaps[-1] == pytest.approx(TIMING.fastest_interval, abs=0.011)
    assert decoder.released(now) == ()  # a press that became a hold gives nothing on release


def test_up_pressed_briefly_is_one_short_step() -> None:
    decoder = PressDecoder(Button.UP)
    assert hold(decoder, 0.0, 0.2) == [ButtonPress(Button.UP, PressKind.SHORT)]


def test_a_late_tick_catches_up_a_few_repeats_only() -> None:
    decoder = PressDecoder(Button.DOWN)
    decoder.pressed(0.0)
    assert len(decoder.tick(10.0)) == 3
    assert decoder.tick(10.001) == ()


def test_ticks_and_releases_while_up_are_ignored() -> None:
    # gpiozero's when_held has been seen firing after the release (issue 697)
    decoder = PressDecoder(Button.UP)
    assert decoder.tick(5.0) == ()
    assert decoder.released(5.0) == ()
    hold(decoder, 0.0, 2.0)
    assert decoder.tick(2.5) == ()


@given(
    st.lists(
        st.tuples(st.sampled_from(["press", "release", "tick"]), st.floats(0.0, 2.0)),
        max_size=60,
    ),
    st.sampled_from(list(Button)),
)
def test_any_edge_sequence_gives_at_most_one_action_per_press_for_ok_back(
    steps: list[tuple[str, float]], button: Button
) -> None:
    decoder = PressDecoder(button)
    now = 0.0
    presses: list[ButtonPress] = []
    gestures = 0
    for what, gap in steps:
        now += gap
        if what == "press":
            out = decoder.pressed(now)
            gestures += 1
        elif what == "release":
            out = decoder.released(now)
        else:
            out = decoder.tick(now)
        assert all(press.button is button for press in out)
        presses.extend(out)
    if button in (Button.OK, Button.BACK):
        assert all(press.kind is not PressKind.REPEAT for press in presses)
        assert len(presses) <= gestures
    else:
        assert all(press.kind is not PressKind.LONG for press in presses)


# -- the setting ------------------------------------------------------------------------


def test_the_setting_gives_each_buttons_pin_and_the_long_press() -> None:
    buttons = ButtonsConfig(up=17, down=27, ok=22, back=23, long_press_s=1.5)
    assert [buttons.pin(button) for button in Button] == [17, 27, 22, 23]
    assert buttons.timing == PressTiming(long_press=1.5)
    assert ButtonsConfig().timing == PressTiming()


# -- gpiozero with its mock pins --------------------------------------------------------


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    pins = MockFactory()
    yield pins
    pins.reset()


def slow_tick() -> PressTiming:
    # gpiozero's hold thread runs on real time; with a very long tick it never fires by
    # itself, and the tests fire when_held by hand at the fake clock's times.
    return PressTiming(tick=1000.0)


def test_gpio_short_and_long_presses_from_pin_edges(factory: MockFactory) -> None:
    clock = Clock()
    pins = ButtonsConfig(up=17, down=27, ok=22, back=23)
    buttons = GpioButtons(pins, slow_tick(), clock=clock, pin_factory=factory)
    try:
        ok_pin = factory.pin(22)
        ok_pin.drive_low()  # pressed: the button pulls the pin to ground
        clock.now += 0.1
        ok_pin.drive_high()
        assert buttons.next_press(timeout=0) == SHORT_OK

        back_pin = factory.pin(23)
        back_pin.drive_low()
        clock.now += 0.9
        buttons.devices[Button.BACK].when_held()  # what gpiozero's hold thread does
        clock.now += 0.5
        buttons.devices[Button.BACK].when_held()
        back_pin.drive_high()
        assert buttons.next_press(timeout=0) == ButtonPress(Button.BACK, PressKind.LONG)
        assert buttons.next_press(timeout=0) is None
    finally:
        buttons.close()


def test_gpio_hold_repeat_after_release_is_ignored(factory: MockFactory) -> None:
    clock = Clock()
    buttons = GpioButtons(ButtonsConfig(), slow_tick(), clock=clock, pin_factory=factory)
    try:
        up_pin = factory.pin(ButtonsConfig().up)
        up_pin.drive_low()
        clock.now += 0.5
        buttons.devices[Button.UP].when_held()
        up_pin.drive_high()
        clock.now += 0.5
        buttons.devices[Button.UP].when_held()  # the stray callback
        assert buttons.next_press(timeout=0) == ButtonPress(Button.UP, PressKind.REPEAT)
        assert buttons.next_press(timeout=0) is None
    finally:
        buttons.close()


def test_gpio_two_buttons_at_once_each_give_their_own_press(factory: MockFactory) -> None:
    clock = Clock()
    buttons = GpioButtons(ButtonsConfig(), slow_tick(), clock=clock, pin_factory=factory)
    try:
        factory.pin(ButtonsConfig().up).drive_low()
        factory.pin(ButtonsConfig().down).drive_low()
        clock.now += 0.1
        factory.pin(ButtonsConfig().down).drive_high()
        factory.pin(ButtonsConfig().up).drive_high()
        got = {buttons.next_press(timeout=0), buttons.next_press(timeout=0)}
        assert got == {ButtonPress(Button.UP), ButtonPress(Button.DOWN)}
    finally:
        buttons.close()


def test_closing_frees_the_pins_for_the_next_user(factory: MockFactory) -> None:
    GpioButtons(ButtonsConfig(), slow_tick(), pin_factory=factory).close()
    GpioButtons(ButtonsConfig(), slow_tick(), pin_factory=factory).close()


# -- the fake ---------------------------------------------------------------------------


def test_fake_buttons_hand_out_pushed_presses_in_order_and_never_wait() -> None:
    fake = FakeButtons([SHORT_OK])
    fake.push(LONG_OK, ButtonPress(Button.UP, PressKind.REPEAT))
    assert fake.pending() == 3
    assert fake.next_press() == SHORT_OK
    assert fake.next_press(timeout=5) == LONG_OK
    assert fake.next_press() == ButtonPress(Button.UP, PressKind.REPEAT)
    assert fake.next_press(timeout=None) is None


@pytest.mark.skipif(Path("/proc/device-tree/model").exists(), reason="this machine has GPIO")
def test_without_gpio_the_buttons_are_a_fake_with_a_one_line_reason() -> None:
    opened = open_buttons()
    assert isinstance(opened.source, FakeButtons)
    assert opened.problem is not None
    assert opened.problem.startswith("no buttons: GPIO is not available (")
    assert "\n" not in opened.problem


# -- buttons that cannot be opened ----------------------------------------------------------


@pytest.fixture
def process_factory(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gpiozero picks its pin factory once for the process: start with none, and drop
    whatever the test made."""
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    yield
    if Device.pin_factory is not None:
        Device.pin_factory.close()


@pytest.mark.usefixtures("process_factory")
def test_a_pin_library_that_is_not_installed_is_a_reason_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("gpiozero")
    if importlib.util.find_spec("lgpio") is not None:
        pytest.skip("lgpio is installed here")
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")  # what the unit sets on a Pi 5
    opened = open_buttons()
    assert isinstance(opened.source, FakeButtons)
    assert opened.problem is not None
    assert opened.problem.startswith("no buttons: GPIO is not available (")
    assert "lgpio" in opened.problem and "\n" not in opened.problem


@pytest.mark.usefixtures("process_factory")
def test_a_pin_another_program_holds_is_named_and_the_other_pins_are_let_go() -> None:
    from gpiozero import Button as GpioButton
    from gpiozero import Device

    Device.pin_factory = MockFactory()
    holder = GpioButton(ButtonsConfig().ok)
    opened = open_buttons()
    assert isinstance(opened.source, FakeButtons)
    assert opened.problem is not None and "GPIO13" in opened.problem
    assert "GPIOPinInUse" in opened.problem
    holder.close()
    again = open_buttons()  # up and down were claimed before ok failed: freed again
    assert again.problem is None
    again.source.close()


class RaisingFactory(MockFactory):  # type: ignore[misc]
    """A pin factory whose pins cannot be had, the way a broken pin library fails."""

    broken = True

    def pin(self, spec: object, **kwargs: object) -> Any:
        if self.broken:
            raise RuntimeError("can not open gpiochip")
        return super().pin(spec, **kwargs)


@pytest.mark.usefixtures("process_factory")
def test_buttons_that_cannot_be_opened_are_tried_again_every_retry_period() -> None:
    from gpiozero import Device

    factory = RaisingFactory()
    Device.pin_factory = factory
    clock = Clock()
    told: list[str | None] = []
    buttons = RetriedButtons(
        lambda: open_buttons(ButtonsConfig(), slow_tick()),
        on_change=told.append,
        retry_s=10.0,
        clock=clock,
    )
    try:
        assert told == ["no buttons: GPIO is not available (RuntimeError: can not open gpiochip)"]
        assert buttons.next_press(timeout=0) is None
        clock.now += 9.0
        assert buttons.next_press(timeout=0) is None
        assert buttons.attempts == 1  # not yet due
        clock.now += 1.0
        assert buttons.next_press(timeout=0) is None
        assert buttons.attempts == 2 and len(told) == 1  # the same reason is not told again
        factory.broken = False
        clock.now += 10.0
        assert buttons.next_press(timeout=0) is None
        assert told[-1] is None and buttons.problem is None
        pin = factory.pin(ButtonsConfig().ok)
        pin.drive_low()
        time.sleep(PressTiming().debounce * 2)  # the reopened buttons keep real time
        pin.drive_high()
        assert buttons.next_press(timeout=0) == SHORT_OK
        assert buttons.attempts == 3
    finally:
        buttons.close()
