"""The demo screens check: runs compared picture by picture, in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.tools import demo_screens
from companion.tools.demo_screens import Run, digests


def test_digests_follow_the_screens_order(tmp_path: Path) -> None:
    for number, content in ((2, b"b"), (1, b"a"), (10, b"a")):
        (tmp_path / f"screen-{number:04d}.png").write_bytes(content)
    (tmp_path / "other.png").write_bytes(b"c")
    first, second, tenth = digests(tmp_path)
    assert first == tenth != second


@pytest.mark.parametrize(("fast", "code"), [(("a", "b"), 0), (("a",), 1), (("b", "a"), 1)])
def test_a_fast_run_that_drops_or_reorders_a_screen_fails_the_check(
    fast: tuple[str, ...],
    code: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def together(game: str, **_: object) -> list[Run]:
        return [Run("paced", ("a", "b"), 1.0, 0), Run("fast 1", fast, 1.0, 0)]

    monkeypatch.setattr(demo_screens, "run_together", together)
    assert demo_screens.main(["--games", "oczko"]) == code
    assert ("DIFFERENT" in capsys.readouterr().out) == bool(code)
