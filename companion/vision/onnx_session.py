"""An onnxruntime session on one thread, as both networks run (the budget is one core)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import onnxruntime


def one_thread_session(
    path: Path, error: type[Exception], *, model: str, trainer: str, outputs: set[str]
) -> onnxruntime.InferenceSession:
    """The ONNX model at ``path`` on one thread; ``error`` (naming the file) when it is
    missing, unreadable or lacks the ``outputs``."""
    import onnxruntime as ort

    if not path.is_file():
        raise error(f"no {model} model at {path}: train one with {trainer}")
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.enable_mem_pattern = False  # inputs change size from call to call
    try:
        session = ort.InferenceSession(
            str(path), sess_options=options, providers=["CPUExecutionProvider"]
        )
    except Exception as failure:  # onnxruntime raises its own untyped errors
        raise error(f"{path} is not a readable ONNX model: {failure}") from None
    missing = outputs - {output.name for output in session.get_outputs()}
    if missing:
        raise error(f"{path} lacks the outputs {', '.join(sorted(missing))}")
    return session
