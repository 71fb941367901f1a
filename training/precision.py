"""The arithmetic and memory layout of the trainers' forward passes on this CPU.

Training always runs on channels-last tensors: oneDNN's convolutions are faster so in
float32 too (on the 2-core AVX2 machine of 2026-11-24, a training step of a batch of 256
crops took 114 against 181 ms for the reader, and of 8 frames 318 against 570 ms for the
detector; `python -m training.step_bench` measures it). On a CPU with native
bfloat16 (AVX512-BF16 or AMX) the convolutions also run under bfloat16 autocast, in about
0.4 of the float32 time (reader: 36 against 82-91 ms per batch, measured 2026-11-23 on
such a machine). The weights, the optimiser and the losses stay float32; only the forward
pass's products are rounded. Without native support autocast is emulated and slower, so
float32 is the default there. Validation and ONNX export always run in float32, in the
ordinary layout.
"""

from __future__ import annotations

import argparse
from enum import StrEnum
from typing import TypeVar

import torch
from torch import nn

Net = TypeVar("Net", bound=nn.Module)


class Precision(StrEnum):
    FLOAT32 = "fp32"
    BFLOAT16 = "bf16"  # bfloat16 autocast, channels-last


def native_bfloat16() -> bool:
    """Whether this CPU computes bfloat16 products in hardware."""
    return bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())


def default_precision() -> Precision:
    return Precision.BFLOAT16 if native_bfloat16() else Precision.FLOAT32


def laid_out(net: Net, layout: torch.memory_format) -> Net:
    """``net`` itself, its weights moved to ``layout``. ``Module.to`` takes
    ``memory_format``, but torch's type hints leave that keyword out."""
    net.to(memory_format=layout)  # type: ignore[call-overload]
    return net


def prepare_network(net: Net) -> Net:
    """The network laid out for training (channels-last, at either precision)."""
    return laid_out(net, torch.channels_last)


def training_forward(
    net: nn.Module, batch: torch.Tensor, precision: Precision
) -> tuple[torch.Tensor, ...]:
    """The network's outputs on ``batch`` as a training step needs them: computed at
    ``precision`` (bfloat16 autocast or float32) on a channels-last batch, returned as float32 for
    the loss, always as a tuple (a network with one output gives a tuple of one)."""
    bfloat16 = precision is Precision.BFLOAT16
    batch = batch.contiguous(memory_format=torch.channels_last)
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=bfloat16):
        outputs = net(batch)
    if isinstance(outputs, torch.Tensor):
        outputs = (outputs,)
    return tuple(output.float() for output in outputs)


def restore_layout(net: Net) -> Net:
    """The network back in the ordinary layout, for validation and export."""
    return laid_out(net, torch.contiguous_format)


def add_precision_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--precision",
        type=Precision,
        choices=list(Precision),
        default=default_precision(),
        help="the forward pass's arithmetic in training (default here: %(default)s; bf16 "
        "only where the CPU has it natively)",
    )
