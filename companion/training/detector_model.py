"""The index detector's network (torch, training only): a small fully convolutional
network of depthwise-separable blocks that sees the frame at 1/8 scale for context and
answers at 1/4 scale (``companion.vision.detector.STRIDE``)."""

from __future__ import annotations

import math

import torch
from torch import nn
from torch.nn import functional

from companion.vision.detector import CHANNELS, Channel

STEM = 16
FINE = 48  # channels at 1/4 scale
COARSE = 96  # channels at 1/8 scale
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
    def __init__(self) -> None:
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, STEM, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(STEM),
            nn.ReLU(),
        )
        self.fine = nn.Sequential(_separable(STEM, FINE, stride=2), _separable(FINE, FINE))
        self.coarse = nn.Sequential(
            _separable(FINE, COARSE, stride=2),
            _separable(COARSE, COARSE),
            _separable(COARSE, COARSE),
        )
        self.lateral = nn.Conv2d(COARSE, FINE, 1)
        self.head = nn.Sequential(_separable(FINE, FINE), nn.Conv2d(FINE, CHANNELS, 1))
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
