"""Peak memory of lint and fix on the largest files quizlint accepts, and of lint on a large bank.

    python benchmarks/memory.py [--items 55000] [--bank-items 100000] [--keep DIR]

Measures, each as a fresh ``quizlint`` process, the peak memory of the whole process tree (sampled from /proc
every 20 ms, as benchmarks/run.py does): its proportional set size (PSS, which counts a page the workers of a
pool share once; the targets are judged on it) and the sum of its resident sets (printed beside it):
- ``lint --no-cache`` of one quiz file of ``--items`` small items (about 7.5 MB, under the 8 MiB cap);
- ``fix --check`` of the same file with the keys of most items first (so that B001 moves ~22,000 of them);
- ``lint --no-cache`` of the benchmark bank (benchmarks/generate.py) of ``--bank-items`` items in files of 100.
Targets (issue 27): lint of one file under the cap ≤ 300 MB, fix ≤ 500 MB, the 100,000-item bank ≤ 400 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate  # noqa: E402
from run import BIN, timed  # noqa: E402

LIMIT = 8 * 1024 * 1024
TARGETS_MB = {"lint": 300, "fix": 500, "bank": 400}


def small_items(count: int, keys_first: bool) -> str:
    """A quiz of ``count`` small single-answer items of three options; with ``keys_first`` the key is the first
    option of three items in four (a position bias ``fix`` repairs), else it cycles through the positions."""
    lines = ["quizlint: 1", "id: huge", "languages: [en]", "title: Huge", "items:"]
    for number in range(count):
        key = (0 if number % 4 else 1) if keys_first else number % 3
        lines += [f"  - id: q{number}", f"    stem: Question {number}?", "    options:"]
        for option in range(3):
            lines.append(f"      - text: A{option} {number}")
            if option == key:
                lines.append("        correct: true")
    return "\n".join(lines) + "\n"


def write_quiz(folder: Path, count: int, keys_first: bool) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "huge.quiz.yaml"
    path.write_text(small_items(count, keys_first), encoding="utf-8")
    if path.stat().st_size >= LIMIT:
        raise SystemExit(f"{path} is {path.stat().st_size} bytes, over the 8 MiB cap: use fewer --items")
    return path


def peak_mb(arguments: list[str], cwd: Path) -> tuple[float, float, float]:
    """Seconds, peak tree PSS and peak tree RSS sum (MB) of ``quizlint ARGUMENTS`` (see ``run.timed``)."""
    seconds, (pss_kib, rss_kib), done = timed([str(BIN / "quizlint"), *arguments], cwd, watch_memory=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"quizlint {' '.join(arguments)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return seconds, pss_kib / 1024, rss_kib / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=55_000)
    parser.add_argument("--bank-items", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="write the files here and keep them")
    args = parser.parse_args(argv)
    root = args.keep or Path(tempfile.mkdtemp(prefix="quizlint-memory-"))
    lint_file = write_quiz(root / "lint", args.items, keys_first=False)
    fix_file = write_quiz(root / "fix", args.items, keys_first=True)
    generate(root / "bank", items=args.bank_items)
    runs = [("lint", f"lint one file of {args.items} items ({lint_file.stat().st_size / 1e6:.1f} MB)",
             ["lint", "--no-cache", str(lint_file)]),
            ("fix", f"fix --check of one file of {args.items} items", ["fix", "--check", str(fix_file)]),
            ("bank", f"lint a bank of {args.bank_items} items", ["lint", "--no-cache", "bank"])]
    print(f"{'run':<45} {'seconds':>8} {'PSS MB':>8} {'target':>7}       {'RSS sum MB':>10}")
    failed = False
    for key, label, arguments in runs:
        seconds, pss, rss = peak_mb(arguments, root)
        ok = pss <= TARGETS_MB[key]
        failed |= not ok
        print(f"{label:<45} {seconds:>8.1f} {pss:>8.0f} {'≤' + str(TARGETS_MB[key]):>7} {'ok' if ok else 'OVER':>5} "
              f"{rss:>10.0f}")
    if not args.keep:
        import shutil

        shutil.rmtree(root, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
