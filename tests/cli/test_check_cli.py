"""``companion check``: one line each for the camera, display, buttons and mat."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.demo.film.session import make_session


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gpiozero's own MockFactory for the buttons; gpiozero keeps the factory it made for
    the process, so it is dropped afterwards."""
    from gpiozero import Device

    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    yield
    if Device.pin_factory is not None:
        Device.pin_factory.close()
    Device.pin_factory = None


@pytest.mark.usefixtures("mock_pins")
def test_check_finds_the_camera_buttons_and_mat_and_says_why_the_display_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = tmp_path / "frames"
    frames.mkdir()
    session = make_session("gwiazda", seed=3, max_events=1)
    cv2.imwrite(str(frames / "0000.png"), session.frames[0].image)
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nsource = "{frames}"\n\n[display]\nkind = "ssd1306"\n', "utf-8")
    assert main(["check", "--config", str(config)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"camera: found: {frames}, 1280x720"
    assert lines[1].startswith("display: not found: no ssd1306 display on I2C bus 1 at 0x3C")
    assert lines[2] == "buttons: found: GPIO up 5, down 6, ok 13, back 19"
    assert lines[3] == "mat: found: gwiazda on A3"


def test_check_without_a_camera_says_so_and_looks_for_no_mat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "none"\n\n[display]\nkind = "none"\n', "utf-8")
    assert main(["check", "--config", str(config)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "camera: not found: none configured ([camera] source = none)"
    assert lines[3] == "mat: not found: not looked for: no frame from the camera"


def test_check_names_a_bad_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[camera]\nfps = 0\n", "utf-8")
    assert main(["check", "--config", str(config)]) == 2
    assert f"{config}: [camera] fps" in capsys.readouterr().err


def test_check_names_why_the_buttons_cannot_be_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpiozero import Device

    if importlib.util.find_spec("lgpio") is not None:
        pytest.skip("lgpio is installed here")
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")  # the unit's choice, lgpio absent
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "none"\n\n[display]\nkind = "none"\n', "utf-8")
    assert main(["check", "--config", str(config)]) == 1
    buttons = capsys.readouterr().out.splitlines()[2]
    assert buttons.startswith("buttons: not found: no buttons: GPIO is not available (")
    assert "lgpio" in buttons


def test_a_camera_library_raising_its_own_error_is_a_line_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.device import camera

    def libcamera_fails(spec: str, **options: object) -> camera.FrameSource:
        raise RuntimeError("Failed to acquire camera: Device or resource busy")

    monkeypatch.setattr(camera, "open_source", libcamera_fails)
    config = tmp_path / "config.toml"
    config.write_text('[camera]\nsource = "pi"\n\n[display]\nkind = "none"\n', "utf-8")
    assert main(["check", "--config", str(config)]) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        "camera: not found: pi: RuntimeError: Failed to acquire camera: Device or resource busy"
    )
