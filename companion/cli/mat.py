"""``companion mat GAME``: write a game's printable mat (PDF, SVG or PNG by the suffix)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.arguments import positive_count
from companion.games.registry import game_ids

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
DEFAULT_DPI = 150
MAX_DPI = 600  # an A2 PNG at 600 dpi is already 14000 x 9900 pixels


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "mat",
        help="write a game's printable mat (PDF, SVG or PNG)",
        description="Write the mat of a game: four ArUco markers in the corners (their ids "
        "name the game and the paper), the zones outlined and labelled, the game's name and "
        "a 10 cm scale bar to check the print's scale.",
    )
    parser.add_argument("game", choices=game_ids(), help="the game whose mat to write")
    parser.add_argument(
        "--paper", choices=("A4", "A3", "A2"), default="A3", help="paper size (default A3)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="the file to write, .pdf, .svg or .png (default: GAME-PAPER.pdf here)",
    )
    parser.add_argument(
        "--dpi",
        type=positive_count,
        default=DEFAULT_DPI,
        help=f"dots per inch of a PNG, 1..{MAX_DPI} (default {DEFAULT_DPI})",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.table.layouts import Paper, mat_layout
    from companion.table.mat_files import MatFileError, write_mat

    if args.dpi > MAX_DPI:
        print(f"companion mat: --dpi {args.dpi}: at most {MAX_DPI}", file=sys.stderr)
        return EXIT_USAGE
    out: Path = args.out or Path(f"{args.game}-{args.paper}.pdf")
    layout = mat_layout(args.game, Paper[args.paper])
    try:
        write_mat(layout, out, dpi=args.dpi)
    except MatFileError as error:
        print(f"companion mat: {error}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"companion mat: cannot write {out}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FAILED
    print(out)
    return EXIT_OK
