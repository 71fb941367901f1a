"""The TOML config: defaults for every key, one clear line for each kind of mistake."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.app.assembly import tracker_settings, ui_settings
from companion.app.config import (
    DEFAULT_CONFIG,
    READERS,
    ButtonsConfig,
    CameraConfig,
    Config,
    ConfigError,
    DisplayConfig,
    DisplayKind,
    Language,
    SheetConfig,
    StateConfig,
    UiConfig,
    config_from_toml,
    config_toml,
    load_config,
)
from companion.device.buttons import PressTiming
from companion.device.camera_modes import PI_STREAM_SIZE
from companion.device.i2c_bus import DEFAULT_ADDRESS, DEFAULT_PORT
from companion.table.tracker_settings import TrackerSettings
from companion.ui.settings import UiSettings
from companion.values.camera_source import CameraKind, CameraSource

EXAMPLE = Path(__file__).resolve().parents[2] / "hardware" / "config.example.toml"


def _load(tmp_path: Path, text: str, environ: dict[str, str] | None = None) -> Config:
    path = tmp_path / "config.toml"
    path.write_text(text, "utf-8")
    return load_config(path, environ=environ or {}).config


def _error(tmp_path: Path, text: str) -> str:
    with pytest.raises(ConfigError) as raised:
        _load(tmp_path, text)
    message = str(raised.value)
    assert message.startswith(str(tmp_path / "config.toml") + ": ")
    assert "\n" not in message
    return message


def test_no_file_at_the_default_place_means_all_defaults() -> None:
    loaded = load_config(environ={"CONFIGURATION_DIRECTORY": "/nonexistent/companion"})
    assert not loaded.found
    assert loaded.path == Path("/nonexistent/companion/config.toml")
    assert loaded.config == Config()


def test_the_default_file_is_etc_companion_outside_systemd(tmp_path: Path) -> None:
    loaded = load_config(environ={})
    assert loaded.path == DEFAULT_CONFIG


def test_the_state_directory_defaults_to_systemds(tmp_path: Path) -> None:
    config = _load(tmp_path, "", environ={"STATE_DIRECTORY": "/var/lib/companion-test:/x"})
    assert config.state.directory == Path("/var/lib/companion-test")
    assert _load(tmp_path, "").state.directory == Path("/var/lib/companion")


def test_an_explicit_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read it: No such file"):
        load_config(tmp_path / "absent.toml", environ={})


def test_the_example_file_holds_the_defaults() -> None:
    loaded = load_config(EXAMPLE, environ={})
    assert loaded.config == Config()
    assert loaded.notes == ()


def test_the_example_file_names_every_key_and_no_other() -> None:
    example = tomllib.loads(EXAMPLE.read_text("utf-8"))
    assert {name: list(table) for name, table in example.items()} == {
        name: list(keys) for name, keys in READERS.items()
    }


def test_the_defaults_are_the_devices_own_values() -> None:
    config = Config()
    assert (config.display.i2c_port, config.display.i2c_address) == (DEFAULT_PORT, DEFAULT_ADDRESS)
    assert config.buttons.timing == PressTiming()
    assert (config.camera.width, config.camera.height) == PI_STREAM_SIZE
    settings = ui_settings(config)
    assert settings == UiSettings()
    tracker = tracker_settings(config)
    assert (tracker.min_frames, tracker.min_seconds) == (
        TrackerSettings().min_frames,
        TrackerSettings().min_seconds,
    )


def test_a_retired_key_is_read_past_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[display]\ncontrast = 128\nbrightness = 2\n", "utf-8")
    loaded = load_config(path, environ={})
    assert loaded.config.display == DisplayConfig(brightness=2)
    (note,) = loaded.notes
    assert note.startswith(f"{path}: [display] contrast does nothing") and "delete it" in note


def test_values_are_read_into_typed_values(tmp_path: Path) -> None:
    config = _load(
        tmp_path,
        """
        [display]
        kind = "sh1106"
        i2c_address = 0x3D
        dim_after_s = 30
        [buttons]
        up = 17
        [camera]
        source = "usb:1"
        [ui]
        language = "pl"
        [state]
        directory = "/tmp/state"
        """,
    )
    assert config.display == DisplayConfig(
        kind=DisplayKind.SH1106, i2c_address=0x3D, dim_after_s=30
    )
    assert config.buttons == ButtonsConfig(up=17)
    assert config.camera.source == CameraSource(CameraKind.USB, usb_index=1)
    assert config.ui.language is Language.PL
    assert config.state == StateConfig(Path("/tmp/state"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[display]\nshine = 3\n", "[display] shine: unknown key (keys: kind, "),
        ("[screen]\nkind = 'none'\n", "[screen]: unknown section"),
        ("display = 3\n", "display: must be a section [display]"),
        ("[display]\nkind = 'oled'\n", '[display] kind: "oled" is not one of ssd1306, sh1106'),
        ("[display]\nbrightness = 6\n", "[display] brightness: 6 is not in 1..5"),
        ("[display]\nbrightness = '2'\n", '[display] brightness: "2" is not a whole number'),
        ("[display]\ni2c_address = true\n", "[display] i2c_address: True is not a whole number"),
        ("[display]\ni2c_address = 0x90\n", "[display] i2c_address: 144 is not in 3..119"),
        ("[display]\ni2c_port = -1\n", "[display] i2c_port: -1 is not in 0..30"),
        ("[display]\ndim_after_s = 0\n", "[display] dim_after_s: 0 is not in 1..86400 seconds"),
        ("[display]\ndim_after_s = 0.3\n", "[display] dim_after_s: 0.3 is not a whole number"),
        ("[display]\ndark_after_s = 'late'\n", '[display] dark_after_s: "late" is not a number'),
        ("[display]\ndark_after_s = 30\n", "[display] dark_after_s: 30 must be more than"),
        ("[buttons]\nok = 40\n", "[buttons] ok: 40 is not in 0..27"),
        ("[buttons]\nok = 5\n", "[buttons] ok: GPIO 5 is already the up button"),
        ("[buttons]\nback = 2\n", "[buttons] back: GPIO 2 is the display's I2C SDA"),
        ("[camera]\nsource = 'usb:x'\n", '[camera] source: "usb:x": a USB camera is usb:N'),
        ("[camera]\nsource = 0\n", "[camera] source: 0 is not a string"),
        ("[camera]\nfps = 0\n", "[camera] fps: 0 is not in 1..120"),
        ("[camera]\nwidth = 5000\n", "[camera] width: 5000 is not in 16..4608"),
        ("[buttons]\nlong_press_s = 0.01\n", "[buttons] long_press_s: 0.01 is not more than 0.03"),
        ("[table]\nstability_frames = 1.5\n", "[table] stability_frames: 1.5 is not a whole"),
        ("[ui]\nlanguage = 'de'\n", '[ui] language: "de" is not one of en, pl, ru'),
        ("[state]\ndirectory = ''\n", "[state] directory: empty"),
        ("[sheet]\nenabled = 1\n", "[sheet] enabled: 1 is not true or false"),
        ("[sheet]\nport = 70000\n", "[sheet] port: 70000 is not in 1..65535"),
        ("[sheet]\nbind = 'my-box'\n", '[sheet] bind: "my-box" is not an IP address'),
    ],
)
def test_a_wrong_key_or_value_is_named(tmp_path: Path, text: str, expected: str) -> None:
    assert expected in _error(tmp_path, text)


def test_the_sheet_section_is_read(tmp_path: Path) -> None:
    config = _load(tmp_path, "[sheet]\nenabled = false\nport = 80\nbind = '::'\n")
    assert config.sheet == SheetConfig(enabled=False, port=80, bind="::")


def test_a_button_on_an_i2c_pin_is_fine_without_an_i2c_display(tmp_path: Path) -> None:
    config = _load(tmp_path, "[display]\nkind = 'terminal'\n[buttons]\nback = 2\n")
    assert config.buttons.back == 2


def test_a_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    message = _error(tmp_path, "[display]\ncontrast = 10\nkind = \n")
    assert "TOML syntax error" in message and "line 3" in message


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"[ui]\nlanguage = '\xff'\n")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(path, environ={})


configs = st.builds(
    Config,
    display=st.builds(
        DisplayConfig,
        kind=st.sampled_from(DisplayKind),
        i2c_address=st.integers(0x03, 0x77),
        brightness=st.integers(1, 5),
        dim_after_s=st.integers(1, 100),
        dark_after_s=st.integers(101, 1000),
    ),
    camera=st.builds(
        CameraConfig,
        source=st.one_of(
            st.sampled_from([CameraSource(CameraKind.PI), CameraSource(CameraKind.NONE)]),
            st.integers(0, 9).map(lambda n: CameraSource(CameraKind.USB, usb_index=n)),
            st.text(st.characters(blacklist_categories=["Cs", "Cc"]), min_size=1)
            .filter(lambda t: t not in ("pi", "none") and not t.startswith("usb:"))
            .map(lambda t: CameraSource(CameraKind.PATH, path=Path(t))),
        ),
        width=st.integers(16, 4608),
        height=st.integers(16, 2592),
        fps=st.integers(1, 120),
    ),
    ui=st.builds(UiConfig, st.sampled_from(Language)),
    sheet=st.builds(
        SheetConfig,
        enabled=st.booleans(),
        port=st.integers(1, 65_535),
        bind=st.sampled_from(["0.0.0.0", "127.0.0.1", "::", "192.168.1.20"]),
    ),
)


@given(config=configs)
def test_the_shown_config_reads_back_to_itself(config: Config) -> None:
    data = tomllib.loads(config_toml(config))
    assert config_from_toml(data, Config(), Path("shown.toml")) == config
