"""Writing a trained network out: the ONNX file and the JSON of its training figures."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

import torch
from torch import nn

OPSET = 17


def export_onnx(
    net: nn.Module,
    example: torch.Tensor,
    path: Path,
    *,
    inputs: list[str],
    outputs: list[str],
    dynamic_axes: Mapping[str, Mapping[int, str]],
) -> None:
    """The network in inference mode as ONNX (the TorchScript exporter, which needs no
    extra packages)."""
    net.eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        (example,),
        str(path),
        input_names=inputs,
        output_names=outputs,
        dynamic_axes={name: dict(axes) for name, axes in dynamic_axes.items()},
        opset_version=OPSET,
        dynamo=False,
    )


def write_figures(model: Path, run: argparse.Namespace, figures: Mapping[str, object]) -> None:
    """The training figures beside the model, as ``<model>.json``, after what every run
    records: its command, seed, scene counts and epochs."""
    record = {
        "command": " ".join(sys.argv),
        "seed": run.seed,
        "train_scenes": run.scenes,
        "val_scenes": run.val_scenes,
        "epochs": run.epochs,
        **figures,
    }
    model.with_suffix(".json").write_text(json.dumps(record, indent=2) + "\n", "utf-8")
    print(f"wrote {model}")
