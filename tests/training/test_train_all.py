"""The from-scratch training plan: what each stage makes is what the next one reads."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from companion.vision.detector import DEFAULT_LIVE_DETECTOR_PATH
from companion.vision.sources import CandidateSource
from training.reader_data import LabelRule
from training.scene_jobs import crop_cache
from training.train_all import (
    FULL,
    LIVE_DETECTOR_WIDTHS,
    QUICK,
    READER_SEED,
    RECIPES,
    Recipe,
    main,
    plan,
)

RUN, DATA, FACES = Path("runs/x"), Path("runs/x/data"), Path("faces")


def _value(arguments: tuple[str, ...], option: str) -> str:
    return arguments[arguments.index(option) + 1]


@pytest.mark.parametrize("recipe", [FULL, QUICK])
def test_the_stages_run_faces_detectors_blob_crops_then_reader(recipe: Recipe) -> None:
    stages = plan(RUN, DATA, FACES, recipe=recipe).stages
    assert [stage.name for stage in stages] == [
        "faces",
        "detector",
        "live detector",
        *(f"blob crops, seed {seed}" for seed in recipe.blob_seeds),
        "text page crops",
        "reader",
    ]
    assert stages[0].module == "training.faces"
    assert {stages[1].module, stages[2].module} == {"training.train_detector"}
    assert {stage.module for stage in stages[3:-2]} == {"training.train_reader"}
    assert stages[-2].module == "training.text_pages"
    assert stages[-1].module == "training.train_reader"
    for stage in stages[3:-2]:
        assert "--data-only" in stage.arguments


def test_the_live_detector_is_the_narrow_one_taught_by_this_plans_detector() -> None:
    chosen = plan(RUN, DATA, FACES)
    detector_stage, live_stage = chosen.stages[1], chosen.stages[2]
    assert _value(live_stage.arguments, "--teacher") == str(chosen.detector)
    assert _value(live_stage.arguments, "--widths") == LIVE_DETECTOR_WIDTHS
    assert _value(live_stage.arguments, "--epochs") == str(FULL.live_detector_epochs)
    assert _value(live_stage.arguments, "--out") == str(chosen.live_detector)
    assert chosen.live_detector.name == DEFAULT_LIVE_DETECTOR_PATH.name  # as models/ holds it
    for option in ("--scenes", "--val-scenes", "--seed"):  # the same scenes as the teacher's
        assert _value(live_stage.arguments, option) == _value(detector_stage.arguments, option)


@pytest.mark.parametrize("recipe", [FULL, QUICK])
def test_the_reader_reads_the_detector_and_the_blob_crops_this_plan_makes(
    recipe: Recipe,
) -> None:
    chosen = plan(RUN, DATA, FACES, recipe=recipe)
    detector_stage, reader_stage = chosen.stages[1], chosen.stages[-1]
    assert _value(detector_stage.arguments, "--out") == str(chosen.detector)
    assert _value(reader_stage.arguments, "--detector") == str(chosen.detector)
    assert _value(reader_stage.arguments, "--out") == str(chosen.reader)
    assert _value(reader_stage.arguments, "--seed") == str(READER_SEED)
    extra = reader_stage.arguments[reader_stage.arguments.index("--extra-data") + 1 :]
    expected = [
        str(
            crop_cache(
                DATA,
                "train",
                seed,
                recipe.blob_scenes,
                CandidateSource.BLOBS,
                LabelRule.GLYPH_AND_PIP,
            )
        )
        for seed in recipe.blob_seeds
    ]
    text_stage = chosen.stages[-2]
    assert _value(text_stage.arguments, "--detector") == str(chosen.detector)
    expected.append(_value(text_stage.arguments, "--out"))
    assert list(extra[: len(expected)]) == expected
    for stage in (*chosen.stages[1:-2], chosen.stages[-1]):  # the trainers and blob crops
        assert _value(stage.arguments, "--data-dir") == str(DATA)
        assert _value(stage.arguments, "--faces-cache") == str(FACES)
    assert _value(chosen.stages[0].arguments, "--cache") == str(FACES)


def test_precision_is_passed_to_the_trainers_only_when_chosen() -> None:
    default = plan(RUN, DATA, FACES)
    assert all("--precision" not in stage.arguments for stage in default.stages)
    chosen = plan(RUN, DATA, FACES, precision="fp32")
    trainers = [chosen.stages[1], chosen.stages[2], chosen.stages[-1]]
    assert all(_value(stage.arguments, "--precision") == "fp32" for stage in trainers)
    assert all("--precision" not in stage.arguments for stage in chosen.stages[3:-1])


def test_a_stage_command_runs_its_module_with_this_python() -> None:
    stage = plan(RUN, DATA, FACES).stages[1]
    command = stage.command()
    assert command[1:3] == ["-m", "training.train_detector"]
    assert tuple(command[3:]) == stage.arguments


def test_each_stage_takes_the_recipes_counts() -> None:
    stages = {stage.name: stage.arguments for stage in plan(RUN, DATA, FACES, recipe=QUICK).stages}
    assert _value(stages["detector"], "--scenes") == str(QUICK.detector_scenes)
    assert _value(stages["detector"], "--val-scenes") == str(QUICK.detector_val_scenes)
    assert _value(stages["detector"], "--epochs") == str(QUICK.detector_epochs)
    assert _value(stages["live detector"], "--epochs") == str(QUICK.live_detector_epochs)
    blob = stages[f"blob crops, seed {QUICK.blob_seeds[0]}"]
    assert _value(blob, "--scenes") == str(QUICK.blob_scenes)
    assert _value(stages["text page crops"], "--crops") == str(QUICK.text_pages)
    assert _value(stages["reader"], "--scenes") == str(QUICK.reader_scenes)
    assert _value(stages["reader"], "--val-scenes") == str(QUICK.reader_val_scenes)
    assert _value(stages["reader"], "--epochs") == str(QUICK.reader_epochs)


def test_the_quick_recipe_makes_and_trains_on_less_of_everything() -> None:
    for field in fields(Recipe):
        quick, full = getattr(QUICK, field.name), getattr(FULL, field.name)
        if isinstance(full, tuple):
            assert set(quick) < set(full), field.name
        else:
            assert quick <= full, field.name
    assert QUICK.reader_epochs * QUICK.reader_scenes < FULL.reader_epochs * FULL.reader_scenes / 2


def test_an_unknown_recipe_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--run", str(RUN), "--recipe", "fast"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "--recipe" in error and "'fast'" in error
    assert set(RECIPES) == {"full", "quick"}
