"""Run inside the arm64 tree: are numpy's "divide by zero / overflow / invalid value
encountered in matmul" warnings for the reader's same-spot cosines real?

For unit vectors like the reader's candidates' (N x 2, float32) it computes the cosines as
the reader once did (a matmul, which numpy hands to OpenBLAS) and as it does now
(``companion.vision.looks.cosines``), records the warnings of each, and compares both with
a float64 sum. It prints one JSON object a line:

    python fp_flags.py
"""

from __future__ import annotations

import json
import warnings

import numpy as np

from companion.vision.looks import SAME_SPOT_COSINE, SPOT_BLOCK, cosines

SIZES = (3, 16, 80, 300)  # candidates in a frame: a few to a photo's hundreds
SEED = 51
REPEATS = 5  # each size with new vectors: what the SME kernels do is not the same each time


def unit_vectors(count: int, generator: np.random.Generator) -> np.ndarray:
    angles = generator.uniform(0.0, 2 * np.pi, count)
    return np.stack([np.cos(angles), np.sin(angles)], axis=1).astype(np.float32)


def warned(compute: object) -> tuple[np.ndarray, list[str]]:
    assert callable(compute)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        result = np.asarray(compute())
    return result, sorted({str(warning.message) for warning in seen})


def main() -> None:
    generator = np.random.default_rng(SEED)
    for count in (size for size in SIZES for _ in range(REPEATS)):
        down = unit_vectors(count, generator)
        rows = down[:SPOT_BLOCK]
        exact = np.einsum("ik,jk->ij", rows.astype(np.float64), down.astype(np.float64))
        blas, blas_warnings = warned(lambda rows=rows, down=down: rows @ down.T)
        summed, summed_warnings = warned(lambda rows=rows, down=down: cosines(rows, down))
        print(
            json.dumps(
                {
                    "candidates": count,
                    "matmul_warnings": blas_warnings,
                    "matmul_finite": bool(np.isfinite(blas).all()),
                    "matmul_off_by": float(np.abs(blas - exact).max()),
                    "matmul_same_decisions": bool(
                        ((blas >= SAME_SPOT_COSINE) == (exact >= SAME_SPOT_COSINE)).all()
                    ),
                    "cosines_warnings": summed_warnings,
                    "cosines_off_by": float(np.abs(summed - exact).max()),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
