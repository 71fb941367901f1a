"""``companion check``: what the box has, one line each: the camera (and a frame from
it), the display, the buttons and the mat in that frame. Found, or not found and why."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.config import Config
from companion.values.camera_source import CameraKind
from companion.values.frame import Frame


@dataclass(frozen=True)
class Finding:
    part: str
    found: bool
    detail: str

    def __str__(self) -> str:
        return f"{self.part}: {'found' if self.found else 'not found'}: {self.detail}"


def check_camera(config: Config) -> tuple[Finding, Frame | None]:
    source = config.camera.source
    if source.kind is CameraKind.NONE:
        return Finding("camera", False, "none configured ([camera] source = none)"), None
    from companion.device.camera import SourceError, open_source

    try:
        opened = open_source(source, fps=float(config.camera.fps), size=config.camera.size)
        try:
            frame = next(iter(opened.frames()), None)
        finally:
            opened.close()
    except SourceError as error:
        return Finding("camera", False, str(error)), None
    except Exception as error:  # a camera library may raise anything at all
        return Finding("camera", False, f"{source}: {type(error).__name__}: {error}"), None
    if frame is None:
        return Finding("camera", False, f"{source}: opened but gave no frame"), None
    height, width = frame.image.shape[:2]
    return Finding("camera", True, f"{source}, {width}x{height}"), frame


def check_display(config: Config) -> Finding:
    kind = config.display.kind
    if not kind.uses_i2c:
        return Finding("display", False, f"none on I2C ([display] kind = {kind.value})")
    from companion.device.display import open_display

    opened = open_display(config.display)
    if opened.problem is not None:
        return Finding("display", False, opened.problem)
    return Finding("display", True, f"{kind.value} on {config.display.where}")


def check_buttons(config: Config) -> Finding:
    from companion.device.buttons import GpioButtons, open_buttons

    pins = config.buttons
    opened = open_buttons(pins)
    source = opened.source
    try:
        if opened.problem is not None:
            return Finding("buttons", False, opened.problem)
        wiring = f"GPIO up {pins.up}, down {pins.down}, ok {pins.ok}, back {pins.back}"
        held = []
        if isinstance(source, GpioButtons):
            held = [b.value for b, device in source.devices.items() if device.is_pressed]
        if held:
            return Finding("buttons", True, f"{wiring}; held down now: {', '.join(held)}")
        return Finding("buttons", True, wiring)
    finally:
        source.close()


def check_mat(frame: Frame | None) -> Finding:
    if frame is None:
        return Finding("mat", False, "not looked for: no frame from the camera")
    from companion.table.calibration import Calibrator

    view = Calibrator().update(frame)
    if view is None:
        return Finding("mat", False, "no mat markers in the camera's frame")
    layout = view.layout
    return Finding("mat", True, f"{layout.game} on {layout.paper.name}")


def check_all(config: Config) -> list[Finding]:
    camera, frame = check_camera(config)
    return [camera, check_display(config), check_buttons(config), check_mat(frame)]
