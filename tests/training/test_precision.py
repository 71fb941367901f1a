"""The trainers' layout and precision. torch comes with the training setup (README,
"Training the models"); without it these skip, saying so."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests.training.needs_torch import TORCH_MISSING

if TYPE_CHECKING:
    import torch
else:
    torch = pytest.importorskip("torch", reason=TORCH_MISSING)

from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from training.detector_model import DetectorNet
from training.precision import (
    Precision,
    prepare_network,
    restore_layout,
    training_forward,
)
from training.reader_model import IndexNet

TOLERANCE = 1e-4


def _backward(outputs: tuple[torch.Tensor, ...]) -> None:
    """Gradients of a loss that uses every output."""
    torch.autograd.backward(torch.stack([output.square().mean() for output in outputs]).sum())


def _gradients(net: torch.nn.Module) -> list[torch.Tensor]:
    return [parameter.grad.clone() for parameter in net.parameters() if parameter.grad is not None]


@pytest.mark.parametrize(
    ("make", "shape"),
    [(IndexNet, (6, 3, CROP_HEIGHT, CROP_WIDTH)), (DetectorNet, (2, 3, 64, 96))],
    ids=["reader", "detector"],
)
def test_a_channels_last_float32_step_computes_what_the_ordinary_layout_does(
    make: type[torch.nn.Module], shape: tuple[int, ...]
) -> None:
    torch.manual_seed(3)
    ordinary = make().train()
    laid_out = make().train()
    laid_out.load_state_dict(ordinary.state_dict())
    batch = torch.randn(shape)

    torch.manual_seed(4)  # the same dropout in both
    expected = ordinary(batch)
    expected = expected if isinstance(expected, tuple) else (expected,)
    _backward(expected)

    torch.manual_seed(4)
    outputs = training_forward(prepare_network(laid_out), batch, Precision.FLOAT32)
    _backward(outputs)

    assert len(outputs) == len(expected)
    for got, wanted in zip(outputs, expected, strict=True):
        assert torch.allclose(got, wanted, atol=TOLERANCE, rtol=TOLERANCE)
    for got, wanted in zip(_gradients(laid_out), _gradients(ordinary), strict=True):
        assert torch.allclose(got, wanted, atol=TOLERANCE, rtol=TOLERANCE)


def test_training_lays_the_network_out_channels_last_and_restore_undoes_it() -> None:
    net = prepare_network(IndexNet())
    convolution = _first_convolution(net).weight
    assert convolution.is_contiguous(memory_format=torch.channels_last)
    assert not convolution.is_contiguous()

    restored = _first_convolution(restore_layout(net)).weight
    assert restored.is_contiguous()


def _first_convolution(net: IndexNet) -> torch.nn.Conv2d:
    first = net.features[0]
    assert isinstance(first, torch.nn.Conv2d)
    return first
