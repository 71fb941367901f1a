"""The index detector's network (torch, training only): a small fully convolutional
network of depthwise-separable blocks that sees the frame at 1/8 scale for context and
answers at 1/4 scale (``companion.vision.detector.STRIDE``)."""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional

from companion.vision.detector import CHANNELS, Channel
from training.detector_widths import Widths

PRIOR = 0.05  # the heat head starts out predicting this probability everywhere


def _separable(inputs: int, outputs: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(inputs, inputs, 3, stride=stride, padding=1, groups=inputs, bias=False),
        nn.BatchNorm2d(inputs),
        nn.ReLU(),
        nn.Conv2d(inputs, outputs, 1, bias=False),
        nn.BatchNorm2d(outputs),
        nn.ReLU(),
    )


class DetectorNet(nn.Module):
    def __init__(self, widths: Widths | None = None) -> None:
        super().__init__()
        widths = widths or Widths()
        self.stem = nn.Sequential(
            nn.Conv2d(3, widths.stem, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(widths.stem),
            nn.ReLU(),
        )
        self.fine = nn.Sequential(
            _separable(widths.stem, widths.fine, stride=2), _separable(widths.fine, widths.fine)
        )
        self.coarse = nn.Sequential(
            _separable(widths.fine, widths.coarse, stride=2),
            _separable(widths.coarse, widths.coarse),
            _separable(widths.coarse, widths.coarse),
        )
        self.lateral = nn.Conv2d(widths.coarse, widths.fine, 1)
        self.head = nn.Sequential(
            _separable(widths.fine, widths.fine), nn.Conv2d(widths.fine, CHANNELS, 1)
        )
        head_out = self.head[-1]
        assert isinstance(head_out, nn.Conv2d) and head_out.bias is not None
        with torch.no_grad():
            head_out.bias.zero_()
            head_out.bias[Channel.HEAT] = -math.log((1 - PRIOR) / PRIOR)
            head_out.bias[Channel.OFFSET_X] = 0.5
            head_out.bias[Channel.OFFSET_Y] = 0.5
            head_out.bias[Channel.LOG_HEIGHT] = 1.0

    def forward(self, image: torch.Tensor) -> torch.Tensor:
        fine = self.fine(self.stem(image))
        coarse = self.lateral(self.coarse(fine))
        merged = fine + functional.interpolate(coarse, scale_factor=2.0, mode="nearest")
        result: torch.Tensor = self.head(merged)
        return result
