"""The wheel carries the runtime and its models, and no training code; installed (not
editable), it finds its models from any folder and never needs torch."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import cv2
import pytest

from companion.cards import Card
from companion.tools.drawn import table_frame

ROOT = Path(__file__).resolve().parents[1]
# run the installed copy with torch made unimportable, as on a Pi without it
WITHOUT_TORCH = (
    "import sys; sys.modules['torch'] = None; from {module} import main; "
    "raise SystemExit(main(sys.argv[1:]))"
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    (found,) = out.glob("card_table_companion-*.whl")
    return found


def test_the_wheel_holds_the_runtime_its_models_and_fonts_but_no_training(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for model in ("index_reader.onnx", "index_detector.onnx", "index_detector_live.onnx"):
        assert f"companion/models/{model}" in names
    assert "companion/assets/fonts/DejaVu-LICENSE.txt" in names
    assert "companion/games/oh_hell/example.txt" in names
    assert "companion/games/oh_hell/EVENTS.md" in names
    assert not [name for name in names if name.startswith(("training/", "tests/"))]
    assert not [name for name in names if "torch" in name]


def test_the_installed_runtime_reads_photos_and_scripts_from_any_folder(
    wheel: Path, tmp_path: Path
) -> None:
    target = tmp_path / "site"
    pip_install = [sys.executable, "-m", "pip", "install", "-q", "--no-deps"]
    installed = subprocess.run(
        [*pip_install, "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    frame, _ = table_frame([Card.parse("QH"), Card.parse("7C")], card_height=220, seed=0)
    cv2.imwrite(str(elsewhere / "table.png"), frame)
    (elsewhere / "game.txt").write_text("game oczko players=2\n", "utf-8")
    manifest = elsewhere / "manifest.tsv"
    manifest.write_text("path\tcards\tpartial\tkind\ntable.png\tQH 7C\t\tscene_multi\n", "utf-8")

    def companion(*words: str, module: str = "companion.cli") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", WITHOUT_TORCH.format(module=module), *words],
            cwd=elsewhere,
            env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            check=False,
        )

    where = subprocess.run(
        [sys.executable, "-c", "import companion; print(companion.__file__)"],
        cwd=elsewhere,
        env={"PYTHONPATH": str(target)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(target)  # the wheel's copy, not ours
    read = companion("recognize", "table.png")
    assert read.returncode == 0, read.stderr
    assert "QH" in read.stdout and "7C" in read.stdout
    measured = companion("manifest.tsv", module="companion.tools.evaluation")
    assert measured.returncode == 0, measured.stderr
    assert "precision 1.0000, recall 1.0000" in measured.stdout
    replayed = companion("simulate", "game.txt")
    assert replayed.returncode == 0, replayed.stderr
