"""``companion recognize``/``teach``/``eval``/``bench`` from the command line."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.cards import Card, Rank, Suit
from companion.tools.drawn import row_frame, table_frame
from companion.vision.detector import DEFAULT_DETECTOR_PATH
from companion.vision.merging import CornerIndices

HIGH_CONFIDENCE = 0.9


def _companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, text=True, check=False
    )


def _tool(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m companion.tools.NAME``: the reader's evaluation and bench."""
    return subprocess.run(
        [sys.executable, "-m", f"companion.tools.{name}", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def _frame_file(tmp_path: Path, name: str, cards: list[str], seed: int = 0) -> Path:
    frame, _ = table_frame([Card.parse(c) for c in cards], card_height=220, seed=seed)
    path = tmp_path / name
    cv2.imwrite(str(path), frame)
    return path


def test_recognize_reads_cards_and_reports_bad_files_but_goes_on(tmp_path: Path) -> None:
    good = _frame_file(tmp_path, "table.png", ["QH", "7C"])
    corrupt = tmp_path / "corrupt.jpg"
    corrupt.write_bytes(b"this is not a picture")
    result = _companion(
        "recognize", str(tmp_path / "missing.jpg"), str(corrupt), str(good), "--json"
    )
    assert result.returncode == 1
    assert "missing.jpg: no such file" in result.stderr
    assert "corrupt.jpg" in result.stderr
    assert "Traceback" not in result.stderr
    by_image = {item["image"]: item for item in json.loads(result.stdout)}
    cards = sorted(card["card"] for card in by_image[str(good)]["cards"])
    assert cards == ["7C", "QH"]
    assert by_image[str(good)]["unsure"] == []  # what the second look doubts
    first = by_image[str(good)]["cards"][0]
    assert len(first["index_box"]) == 4 and 0 < first["confidence"] <= 1


def test_recognize_reads_the_photos_in_a_folder_and_names_an_empty_one(tmp_path: Path) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    first = _frame_file(photos, "a.png", ["QH"], seed=3)
    second = _frame_file(photos, "b.png", ["7C"], seed=4)
    third = photos / "c.gif"  # a GIF too, in a palette of its own
    Image.open(_frame_file(tmp_path, "c.png", ["KD"], seed=5)).convert("P").save(third)
    (photos / "notes.txt").write_text("not a photo")
    empty = tmp_path / "empty"
    empty.mkdir()
    result = _companion("recognize", str(photos), str(empty), "--json")
    assert result.returncode == 1
    assert f"no photos in {empty}" in result.stderr
    by_image = {
        item["image"]: [card["card"] for card in item["cards"]]
        for item in json.loads(result.stdout)
    }
    assert by_image == {str(first): ["QH"], str(second): ["7C"], str(third): ["KD"]}


def test_empty_table_and_noise_give_no_confident_card(tmp_path: Path) -> None:
    empty = _frame_file(tmp_path, "empty.png", [], seed=3)
    rng = np.random.default_rng(0)
    noise = tmp_path / "noise.png"
    cv2.imwrite(str(noise), rng.integers(0, 256, (720, 1280, 3), dtype=np.uint8))
    text = tmp_path / "text.png"
    page = np.full((720, 1280, 3), 235, np.uint8)
    for row in range(12):
        cv2.putText(
            page,
            "The quick brown fox 1984 jumps",
            (20, 50 + 55 * row),
            cv2.FONT_HERSHEY_SIMPLEX,
            1.4,
            (20, 20, 20),
            3,
        )
    cv2.imwrite(str(text), page)
    result = _companion("recognize", str(empty), str(noise), str(text), "--json")
    assert result.returncode == 0, result.stderr
    for item in json.loads(result.stdout):
        confident = [c for c in item["cards"] if c["confidence"] >= HIGH_CONFIDENCE]
        if item["image"] == str(empty):
            assert item["cards"] == []
        assert confident == [], item


def test_deck_option_excludes_cards_outside_the_deck(tmp_path: Path) -> None:
    path = _frame_file(tmp_path, "low.png", ["2S", "KD"], seed=4)
    result = _companion("recognize", str(path), "--deck", "piquet32", "--json")
    cards = {card["card"] for card in json.loads(result.stdout)[0]["cards"]}
    assert "2S" not in cards and "KD" in cards


def test_overlapping_copies_of_two_packs_count_twice_for_a_two_corner_deck(
    tmp_path: Path,
) -> None:
    # two copies overlapping in a hand, the next card over their far corners
    frame, _ = row_frame([Card.parse(c) for c in ("7H", "7H", "9S")], step=0.45, card_height=170)
    path = tmp_path / "hand.png"
    cv2.imwrite(str(path), frame)

    def cards(*options: str) -> list[str]:
        result = _companion("recognize", str(path), "--deck", "double104", "--json", *options)
        assert result.returncode == 0, result.stderr
        return sorted(card["card"] for card in json.loads(result.stdout)[0]["cards"])

    assert cards() == ["7H", "9S"]  # not known: it may be a four-index card's other index
    assert cards("--corner-indices", "two") == ["7H", "7H", "9S"]
    refused = _companion("recognize", str(path), "--corner-indices", "three")
    assert refused.returncode != 0 and "--corner-indices" in refused.stderr
    assert "Traceback" not in refused.stderr


@pytest.mark.parametrize(
    ("corners", "learned", "copies"),
    [
        (CornerIndices.TWO, "in two opposite corners", ["7H", "7H", "9S"]),
        (CornerIndices.FOUR, "in all four corners", ["7H", "9S"]),
    ],
)
def test_teach_learns_which_corners_carry_the_index_and_recognize_follows_it(
    tmp_path: Path, corners: CornerIndices, learned: str, copies: list[str]
) -> None:
    photos = tmp_path / "deck"
    photos.mkdir()
    for number, card in enumerate(["7H", "9S", "QD", "AC"]):
        frame, _ = table_frame(
            [Card.parse(card)],
            width=640,
            height=480,
            card_height=300,
            seed=40 + number,
            corners=corners,
        )
        cv2.imwrite(str(photos / f"{card}.png"), frame)
    deck = tmp_path / "mine.npz"
    taught = _companion("teach", str(photos), "--out", str(deck))
    assert taught.returncode == 0, taught.stderr
    assert f"its cards carry the index {learned}" in taught.stdout
    # two copies overlapping in a hand, their far corners covered: only a deck known to
    # carry its index in two corners tells them from one four-index card
    frame, _ = row_frame([Card.parse(c) for c in ("7H", "7H", "9S")], step=0.45, card_height=170)
    hand = tmp_path / "hand.png"
    cv2.imwrite(str(hand), frame)

    def cards(*options: str) -> list[str]:
        result = _companion(
            "recognize",
            str(hand),
            "--deck",
            "double104",
            "--deck-file",
            str(deck),
            "--json",
            *options,
        )
        assert result.returncode == 0, result.stderr
        return sorted(card["card"] for card in json.loads(result.stdout)[0]["cards"])

    assert cards() == copies
    assert cards("--corner-indices", "four") == ["7H", "9S"]  # the user's word stands


def test_teach_says_when_the_photos_do_not_tell_which_corners(tmp_path: Path) -> None:
    photos = tmp_path / "deck"
    photos.mkdir()
    for number, card in enumerate(["QH", "9S"]):  # too few photos to tell
        _frame_file(photos, f"{card}.png", [card], seed=10 + number)
    taught = _companion("teach", str(photos), "--out", str(tmp_path / "mine.npz"))
    assert taught.returncode == 0, taught.stderr
    assert "which corners carry the index was not clear" in taught.stdout


def test_teach_writes_a_deck_file_the_reader_uses(tmp_path: Path) -> None:
    photos = tmp_path / "deck"
    photos.mkdir()
    for number, card in enumerate(["QH", "9S", "AD"]):
        _frame_file(photos, f"{card}.png", [card], seed=10 + number)
    deck = tmp_path / "mine.npz"
    result = _companion("teach", str(photos), "--out", str(deck))
    assert result.returncode == 0, result.stderr
    assert deck.is_file() and deck.stat().st_size < 100_000
    # one photo each: taught, with advice naming the cards that want more photos
    assert "3 card(s) have fewer than 3 usable photos (9S QH AD)" in result.stderr
    table = _frame_file(tmp_path, "t.png", ["QH", "AD"], seed=20)
    read = _companion("recognize", str(table), "--deck-file", str(deck), "--json")
    assert read.returncode == 0, read.stderr
    cards = sorted(card["card"] for card in json.loads(read.stdout)[0]["cards"])
    assert cards == ["AD", "QH"]


def test_a_deck_file_taught_with_another_model_is_made_again_from_its_crops(
    tmp_path: Path,
) -> None:
    photos = tmp_path / "deck"
    photos.mkdir()
    for number, card in enumerate(["QH", "AD"]):
        _frame_file(photos, f"{card}.png", [card], seed=30 + number)
    deck = tmp_path / "mine.npz"
    assert _companion("teach", str(photos), "--out", str(deck)).returncode == 0
    with np.load(deck) as data:
        arrays = dict(data)
    # as if an earlier reader model had taught it: its own fingerprint and features
    arrays["model"] = np.array("0123456789abcdef")
    arrays["vectors"] = np.random.default_rng(0).standard_normal(arrays["vectors"].shape)
    np.savez(deck, **arrays)
    table = _frame_file(tmp_path, "t.png", ["QH", "AD"], seed=22)
    read = _companion("recognize", str(table), "--deck-file", str(deck), "--json")
    assert read.returncode == 0, read.stderr
    assert read.stderr == ""
    cards = sorted(card["card"] for card in json.loads(read.stdout)[0]["cards"])
    assert cards == ["AD", "QH"]


def test_a_deck_file_of_another_model_without_crops_is_refused(tmp_path: Path) -> None:
    from companion.vision.enrolment import build_prototypes

    deck = tmp_path / "other.npz"
    build_prototypes([(Card.parse("QH"), np.ones((1, 8)))], model="0123456789abcdef").save(deck)
    table = _frame_file(tmp_path, "t.png", ["QH"], seed=21)
    result = _companion("recognize", str(table), "--deck-file", str(deck))
    assert result.returncode == 2
    assert str(deck) in result.stderr and "another reader model" in result.stderr
    assert "Traceback" not in result.stderr


def test_teach_rejects_photos_not_named_after_a_card(tmp_path: Path) -> None:
    photo = _frame_file(tmp_path, "holiday.png", ["QH"])
    result = _companion("teach", str(photo), "--out", str(tmp_path / "d.npz"))
    assert result.returncode != 0
    assert "must start with the card" in result.stderr


def test_teach_refuses_a_folder_without_photos_or_an_out_folder_before_reading(
    tmp_path: Path,
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = _companion("teach", str(empty), "--out", str(tmp_path / "d.npz"))
    assert result.returncode == 2
    assert f"no photos in {empty}" in result.stderr
    photo = _frame_file(tmp_path, "QH.png", ["QH"])
    result = _companion("teach", str(photo), "--out", str(empty))
    assert result.returncode == 2
    assert f"--out {empty} is a folder" in result.stderr
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    result = _companion("teach", str(photo), "--out", str(blocker / "d.npz"))
    assert result.returncode == 2
    assert f"cannot write {blocker / 'd.npz'}: {blocker}: a file is in the way" in result.stderr
    assert not (tmp_path / "d.npz").exists()
    assert "Traceback" not in result.stderr


def test_eval_on_a_small_manifest(tmp_path: Path) -> None:
    _frame_file(tmp_path, "a.png", ["5D", "JS"], seed=6)
    manifest = tmp_path / "MANIFEST.tsv"
    manifest.write_text(
        "path\tcards\tpartial\tkind\twidth\theight\n"
        "a.png\t5D JS\t\tscene_multi\t1280\t720\n"
        "gone.png\t2C\t\tscene_single\t1\t1\n",
        "utf-8",
    )
    result = _tool("evaluation", str(manifest), "--json")
    summary = json.loads(result.stdout)
    assert result.returncode == 1  # one image could not be read
    assert any("gone.png" in error for error in summary["errors"])
    assert summary["overall"]["recall"] == 1.0
    assert summary["overall"]["precision"] == 1.0
    # the process's peak, in MB: onnxruntime and the models alone take tens of MB
    assert 30 < summary["peak_memory_mb"] < 2000


@pytest.mark.parametrize("command", ["recognize", "evaluation"])
def test_the_threshold_option_sets_the_readers_threshold(command: str) -> None:
    from companion.cli import build_parser
    from companion.cli.vision import make_reader
    from companion.tools import evaluation
    from companion.vision.reader_settings import min_confidence_for
    from companion.vision.sources import CandidateSource

    def parsed(*words: str) -> argparse.Namespace:
        if command == "recognize":
            return build_parser().parse_args([command, *words])
        return evaluation.build_parser().parse_args(list(words))

    chosen = parsed("x", "--min-confidence", "0.7")
    reader = make_reader(chosen, command)
    assert reader is not None and reader.min_confidence == 0.7
    for source in (CandidateSource.GATED, CandidateSource.DETECTOR):
        default = parsed("x", "--candidates", str(source))
        reader = make_reader(default, command)
        assert reader is not None
        assert reader.min_confidence == min_confidence_for(source)


def test_a_threshold_outside_0_to_1_is_refused_without_a_traceback(tmp_path: Path) -> None:
    path = _frame_file(tmp_path, "a.png", ["5D"])
    result = _companion("recognize", str(path), "--min-confidence", "1.5")
    assert result.returncode == 2
    assert "argument --min-confidence: 1.5 is not from 0 to 1" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("option", ["--frames", "--warm-up"])
def test_bench_refuses_a_frame_count_under_one_without_a_traceback(option: str) -> None:
    result = _tool("bench", option, "0")
    assert result.returncode == 2
    assert f"argument {option}: 0 is not at least 1" in result.stderr
    assert "Traceback" not in result.stderr


def test_bench_prints_stage_timings() -> None:
    result = _tool("bench", "--frames", "2", "--warm-up", "1", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["total_ms"] > 0 and figures["median_ms"] > 0
    assert 0 < figures["cpu_median_ms"] < 10 * figures["median_ms"]
    assert (figures["frames"], figures["warm_up_frames"]) == (2, 1)
    assert 30 < figures["peak_memory_mb"] < 2000
    assert {"find_ms", "read_ms", "merge_ms"} <= figures.keys()
    assert figures["candidates_from"] == "detector"  # as for live camera frames
    assert figures["detector_models"] == {
        "first and fine looks": "index_detector_live.onnx",
        "coarse looks": "index_detector.onnx",
    }
    assert figures["cards_read"] == figures["cards_expected"]
    one_model = _tool(
        "bench", "--frames", "1", "--json", "--live-detector", str(DEFAULT_DETECTOR_PATH)
    )
    assert json.loads(one_model.stdout)["detector_models"] == {"every look": "index_detector.onnx"}


def test_every_candidate_source_reads_a_table(tmp_path: Path) -> None:
    path = _frame_file(tmp_path, "table.png", ["KS", "4D", "10H"], seed=5)
    for source in ("blobs", "detector", "both", "gated"):
        result = _companion("recognize", str(path), "--json", "--candidates", source)
        assert result.returncode == 0, result.stderr
        cards = sorted(card["card"] for card in json.loads(result.stdout)[0]["cards"])
        assert cards == ["10H", "4D", "KS"], source


def test_a_missing_detector_model_is_reported_without_a_traceback(tmp_path: Path) -> None:
    path = _frame_file(tmp_path, "table.png", ["KS"])
    missing = tmp_path / "nowhere.onnx"
    result = _companion("recognize", str(path), "--detector", str(missing))
    assert result.returncode == 2
    assert f"no detector model at {missing}" in result.stderr
    assert "Traceback" not in result.stderr
    blobs_only = _companion(
        "recognize", str(path), "--detector", str(missing), "--candidates", "blobs"
    )
    assert blobs_only.returncode == 0, blobs_only.stderr


def test_a_missing_live_detector_model_is_reported_where_live_frames_need_it(
    tmp_path: Path,
) -> None:
    path = _frame_file(tmp_path, "table.png", ["KS"])
    missing = tmp_path / "narrow.onnx"
    live = _companion(
        "recognize", str(path), "--candidates", "detector", "--live-detector", str(missing)
    )
    assert live.returncode == 2
    assert f"no detector model at {missing}" in live.stderr
    assert "Traceback" not in live.stderr
    photos = _companion("recognize", str(path), "--live-detector", str(missing), "--json")
    assert photos.returncode == 0, photos.stderr  # photos' looks do not use it
    assert [card["card"] for card in json.loads(photos.stdout)[0]["cards"]] == ["KS"]


def test_boxes_of_a_photo_decoded_reduced_are_in_the_file_pixels(tmp_path: Path) -> None:
    frame, placed = table_frame([Card.parse("8S")], card_height=300, seed=8)
    big = cv2.resize(frame, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
    path = tmp_path / "big.png"
    cv2.imwrite(str(path), big)
    result = _companion("recognize", str(path), "--json")
    (card,) = json.loads(result.stdout)[0]["cards"]
    assert card["card"] == "8S"
    box_centre = np.array(card["index_box"]).mean(axis=0)
    card_centre = placed[0].outline.mean(axis=0) * 2
    assert np.linalg.norm(box_centre - card_centre) < 400  # within the big card, not halved


def test_teach_makes_a_deck_with_unfamiliar_letters_readable(tmp_path: Path) -> None:
    """Dutch court letters (B, V, H for J, Q, K), which the reader was never trained on:
    without the deck file it reads few of them right; with it, most and hardly a wrong one.
    (The enrolment thresholds were chosen on frames of seeds 900 and up; these are 500 up.)"""
    dutch = {Rank.JACK: "B", Rank.QUEEN: "V", Rank.KING: "H"}
    courts = [Card(rank, suit) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING) for suit in Suit]
    photos = tmp_path / "deck"
    photos.mkdir()
    for number, card in enumerate(courts):
        frame, _ = table_frame(
            [card], width=640, height=480, card_height=300, seed=100 + number, letters=dutch
        )
        cv2.imwrite(str(photos / f"{card}.png"), frame)
    deck = tmp_path / "dutch.npz"
    taught = _companion("teach", str(photos), "--out", str(deck))
    assert taught.returncode == 0, taught.stderr
    rows = ["path\tcards\tpartial\tkind"]
    rng = np.random.default_rng(0)
    for number in range(6):
        cards = [courts[k] for k in rng.choice(len(courts), 4, replace=False)]
        frame, _ = table_frame(cards, card_height=190, seed=500 + number, letters=dutch)
        path = tmp_path / f"table{number}.png"
        cv2.imwrite(str(path), frame)
        rows.append(f"{path}\t{' '.join(str(card) for card in cards)}\t\tscene_multi")
    manifest = tmp_path / "manifest.tsv"
    manifest.write_text("\n".join(rows) + "\n", "utf-8")

    def overall(*extra: str) -> dict[str, float]:
        result = _tool("evaluation", str(manifest), "--json", *extra)
        assert result.returncode == 0, result.stderr
        figures: dict[str, float] = json.loads(result.stdout)["overall"]
        return figures

    untaught, taught_figures = overall(), overall("--deck-file", str(deck))
    assert taught_figures["recall"] >= 0.6
    assert taught_figures["precision"] >= 0.9
    assert taught_figures["recall"] >= untaught["recall"] + 0.2


def test_damaged_tiffs_get_the_commands_own_messages(
    tmp_path: Path,
) -> None:
    frame, _ = table_frame([Card.parse("QH"), Card.parse("7C")], card_height=220, seed=0)
    damaged = tmp_path / "damaged.tif"
    cv2.imwrite(str(damaged), frame)  # LZW, a row a strip
    data = bytearray(damaged.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 4000] = np.random.default_rng(1).bytes(4000)
    damaged.write_bytes(bytes(data))
    cut = tmp_path / "cut.tif"  # OpenCV writes the directory last: the cut loses it
    cv2.imwrite(str(cut), frame)
    cut.write_bytes(cut.read_bytes()[:5000])
    result = _companion("recognize", str(damaged), str(cut))
    assert result.returncode == 1
    # libtiff may print lines of its own too; the command's say which file and why
    assert (
        f"companion recognize: {cut}: a TIFF whose headers cannot be read "
        "(the file is damaged or cut short)"
    ) in result.stderr.splitlines()
    assert f"companion recognize: {damaged}: the image data is corrupt" in result.stderr
    assert "Traceback" not in result.stderr


def test_bench_prints_labelled_figures() -> None:
    result = _tool("bench", "--frames", "2", "--warm-up", "1")
    assert result.returncode == 0, result.stderr
    labels = [line.split(":")[0] for line in result.stdout.splitlines()]
    for label in (
        "mean per frame",
        "median per frame",
        "median CPU time per frame",
        "peak memory",
        "cards read",
    ):
        assert label in labels
    assert "cards read: 10 of 10, 0 false" in result.stdout
