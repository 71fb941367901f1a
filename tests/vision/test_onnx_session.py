"""Sessions share the process's one CPU arena and compute what a session with an arena
of its own computes (the committed detector, on the same input)."""

from __future__ import annotations

import numpy as np
import onnxruntime as ort

from companion.vision.detector import DEFAULT_DETECTOR_PATH, DETECTOR_INPUT, DETECTOR_OUTPUT
from companion.vision.onnx_session import USE_SHARED_ARENA, one_thread_session

# An input the size of a small zone's look: big enough for every layer to run.
INPUT_SHAPE = (1, 3, 160, 200)


def _shared(name: str) -> ort.InferenceSession:
    return one_thread_session(
        DEFAULT_DETECTOR_PATH, ValueError, model=name, trainer="-", outputs={DETECTOR_OUTPUT}
    )


def test_sessions_take_the_shared_arena_and_read_as_one_of_their_own() -> None:
    tensor = np.random.default_rng(5).random(INPUT_SHAPE, dtype=np.float32)
    first, second = _shared("detector"), _shared("detector again")
    for session in (first, second):
        assert session.get_session_options().get_session_config_entry(USE_SHARED_ARENA) == "1"
    own = ort.InferenceSession(str(DEFAULT_DETECTOR_PATH), providers=["CPUExecutionProvider"])
    expected = own.run([DETECTOR_OUTPUT], {DETECTOR_INPUT: tensor})[0]
    for session in (first, second, first):
        got = session.run([DETECTOR_OUTPUT], {DETECTOR_INPUT: tensor})[0]
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
