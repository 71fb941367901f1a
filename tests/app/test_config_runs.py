"""Whatever ``companion config`` accepts, ``companion run`` can build; whatever it refuses
is refused naming the key. Config files of arbitrary TOML values for every key of the
schema are read; each accepted one is assembled as ``run`` does (the journal, the saved
settings laid over it, the screen with its power settings, gpiozero's buttons over its
mock pins) and its first screen drawn."""

from __future__ import annotations

import dataclasses
import queue
import re
import threading
from collections.abc import Callable, Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.app.assembly import Assembled, assemble, camera_feed
from companion.app.config import (
    READERS,
    Config,
    ConfigError,
    StateConfig,
    config_from_toml,
)
from companion.cli import main
from companion.device.camera import SourceError
from companion.values.camera_source import CameraKind

# Strings that some key takes (and others refuse): the enums, the camera sources.
WORDS = ("ssd1306", "sh1106", "terminal", "none", "pi", "usb:0", "usb:x", "en", "pl", "ru", "")
# Numbers that no key takes whole: fractions, NaN, the infinities.
ODD_NUMBERS = st.one_of(
    st.sampled_from([0.01, 0.3, 0.5, 1.5, 59.5]), st.floats(allow_nan=True, allow_infinity=True)
)
JUNK = st.one_of(ODD_NUMBERS, st.sampled_from(WORDS), st.booleans(), st.integers(-3, 0))
# The state folder is the test's own; every other key of the schema may be set.
SECTIONS = {name: list(keys) for name, keys in READERS.items() if name != "state"}
DEFAULTS = Config()


def near(default: object) -> st.SearchStrategy[Any]:
    """Values of the default's kind, round the ranges the keys take (whole numbers as
    TOML integers and as whole floats)."""
    if isinstance(default, bool | Enum) or not isinstance(default, int | float):
        return st.sampled_from(WORDS)
    if isinstance(default, float):
        return st.floats(0, 4 * default + 1)
    close = st.integers(0, 2 * default + 40)
    return st.one_of(close, close, close.map(float), st.integers(0, 100_000))


def _taken_by(read: Callable[[object], Any]) -> Callable[[object], bool]:
    def takes(value: object) -> bool:
        try:
            read(value)
        except ValueError:
            return False
        return True

    return takes


KEYS = [(name, key) for name, keys in SECTIONS.items() for key in keys]
# Few keys a file: a file with many odd values is refused at its first, whatever the rest.
MAX_KEYS_SET = 3


@st.composite
def config_tables(draw: st.DrawFn) -> dict[str, dict[str, Any]]:
    tables: dict[str, dict[str, Any]] = {}
    for name, key in draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=MAX_KEYS_SET)):
        default = getattr(getattr(DEFAULTS, name), key)
        # Mostly values the key's own check takes, so that a fair share of files is valid
        # and the rules joining keys and the assembly are tried; the rest of any kind.
        taken = near(default).filter(_taken_by(READERS[name][key]))
        tables.setdefault(name, {})[key] = draw(st.one_of(taken, taken, near(default), JUNK))
    return tables


@pytest.fixture
def mock_pins() -> Iterator[None]:
    Device.pin_factory = MockFactory()
    yield
    Device.pin_factory.close()
    Device.pin_factory = None


def build_and_draw(config: Config, state: Path) -> list[str]:
    """What ``run`` builds from the config, up to its first screen; the lines it logged."""
    config = dataclasses.replace(config, state=StateConfig(state))
    logged: list[str] = []
    assembled: Assembled = assemble(config, log=logged.append, environ={})
    try:
        assembled.runner.kiosk.start()
    finally:
        assembled.close()
        if Device.pin_factory is not None:
            Device.pin_factory.reset()
    if config.camera.source.kind is not CameraKind.NONE:
        # The camera thread opens its source as this does; no camera here, which the
        # thread reports as a lost camera (a SourceError), never as anything else.
        feed = camera_feed(config, queue.Queue(), threading.Event(), logged.append)
        with pytest.raises(SourceError):
            feed.open_source().close()
    return logged


@pytest.mark.usefixtures("mock_pins")
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(tables=config_tables())
def test_a_config_that_validates_builds_everything_run_builds(
    tables: dict[str, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = Path("config.toml")
    try:
        config = config_from_toml(tables, Config(), path)
    except ConfigError as error:
        event("refused")
        named = re.match(r"config\.toml: \[(\w+)\] (\w+): ", str(error))
        assert named is not None, str(error)
        assert named.group(2) in tables[named.group(1)]
        return
    event("accepted")
    logged = build_and_draw(config, tmp_path_factory.mktemp("state"))
    assert all(line.startswith("no ") for line in logged), logged  # no panel here


@pytest.mark.usefixtures("mock_pins")
@pytest.mark.parametrize(
    "tables",
    [
        {"display": {"dim_after_s": 1, "dark_after_s": 2, "brightness": 1}},
        {"display": {"dim_after_s": 60.0, "dark_after_s": 86_400.0, "kind": "sh1106"}},
        {"buttons": {"long_press_s": 0.031, "up": 2, "down": 3}, "display": {"kind": "none"}},
        {"camera": {"width": 16, "height": 2592, "fps": 120, "source": "usb:0"}},
        {"table": {"stability_frames": 100, "stability_ms": 0}},
    ],
)
def test_the_edges_of_the_schema_build(tables: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    config = config_from_toml(tables, Config(), Path("config.toml"))
    logged = build_and_draw(config, tmp_path)
    assert all(line.startswith("no ") for line in logged), logged  # no panel here


def test_a_fraction_of_a_second_is_refused_by_config_and_run_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[display]\ndim_after_s = 0.3\n", "utf-8")
    said = f"{path}: [display] dim_after_s: 0.3 is not a whole number of seconds\n"
    assert main(["config", "--config", str(path)]) == main(["run", "--config", str(path)]) == 2
    assert capsys.readouterr().err == f"companion config: {said}companion run: {said}"
