"""An onnxruntime session on one thread, as both networks run (the budget is one core).

Every session of the process takes its working memory from one CPU arena registered with
onnxruntime's environment. A session's own arena grows to its largest run and is never
given back, so the detector's, the small-index detector's and the reader's arenas each
held their own peak: sharing one kept ``companion run`` about 8 MB smaller at the table
(``python -m companion.tools.kiosk_bench``), at the same speed.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import onnxruntime


# The session option that takes allocators from the environment (the shared arena).
USE_SHARED_ARENA = "session.use_env_allocators"


@functools.cache
def _register_shared_arena() -> None:
    """The process's one CPU arena, with onnxruntime's default growth and limits; once
    (a second registration would give later sessions an arena of their own again)."""
    import onnxruntime as ort

    where = ort.OrtMemoryInfo(
        "Cpu", ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR, 0, ort.OrtMemType.DEFAULT
    )
    ort.create_and_register_allocator(where, ort.OrtArenaCfg({}))


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
    _register_shared_arena()
    options.add_session_config_entry(USE_SHARED_ARENA, "1")
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
