"""The index reader's network (torch, training only): a small CNN with a rank head
(class 0 = not an index), a suit head and an embedding used for deck enrolment."""

from __future__ import annotations

import torch
from torch import nn

from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.labels import RANK_CLASSES, SUIT_CLASSES

CHANNELS = (16, 32, 64, 128)  # since reader v11; (8, 16, 32, 64) before
EMBEDDING = 64
POOLINGS = 3
DROPOUT = 0.2


def _block(inputs: int, outputs: int) -> list[nn.Module]:
    return [
        nn.Conv2d(inputs, outputs, 3, padding=1, bias=False),
        nn.BatchNorm2d(outputs),
        nn.ReLU(),
    ]


class IndexNet(nn.Module):
    def __init__(self, widths: tuple[int, ...] = CHANNELS) -> None:
        """``widths``: the channels of the convolution blocks, one block per scale."""
        super().__init__()
        if len(widths) != POOLINGS + 1:
            raise ValueError(f"the reader has {POOLINGS + 1} blocks, got widths {widths}")
        layers: list[nn.Module] = []
        previous = 3
        for depth, channels in enumerate(widths):
            layers.extend(_block(previous, channels))
            if depth < POOLINGS:
                layers.append(nn.MaxPool2d(2))
            previous = channels
        self.features = nn.Sequential(*layers)
        shrink = 2**POOLINGS
        flat = widths[-1] * (CROP_HEIGHT // shrink) * (CROP_WIDTH // shrink)
        self.embed = nn.Sequential(nn.Flatten(), nn.Dropout(DROPOUT), nn.Linear(flat, EMBEDDING))
        self.rank_head = nn.Linear(EMBEDDING, RANK_CLASSES)
        self.suit_head = nn.Linear(EMBEDDING, SUIT_CLASSES)

    def forward(
        self, crops: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """Rank logits, suit logits, the embedding, and the last convolution's features
        flattened (their spatial layout tells glyphs apart that no class was trained on:
        deck enrolment compares these)."""
        features = self.features(crops)
        embedding = self.embed(features)
        hidden = torch.relu(embedding)
        return self.rank_head(hidden), self.suit_head(hidden), embedding, features.flatten(1)
