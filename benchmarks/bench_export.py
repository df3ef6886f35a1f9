"""Export a generated 10,000-item bank to every format and print each time as a ratio to loading the bank.

    python benchmarks/bench_export.py [--items 10000] [--keep DIR]

One run, one process: the bank is generated (``benchmarks/generate.py``), loaded once (reading, parsing and
validating every quiz file: the baseline), then exported to each format in turn, in memory. The first format
also pays for importing markdown-it, nh3 and lxml; the render cache is cleared between formats so that each
format renders every text itself.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate  # noqa: E402  (benchmarks/generate.py)

from quizlint.export import FORMATS, ExportOptions, get_format, load_bank  # noqa: E402


def _clear_render_cache() -> None:
    from quizlint import render

    render._fragment.cache_clear()


def run(items: int, folder: Path) -> list[tuple[str, float, int]]:
    paths = generate(folder, items=items)
    started = time.perf_counter()
    bank, findings = load_bank(paths)
    load_time = time.perf_counter() - started
    if findings:
        raise SystemExit(f"the generated bank does not load cleanly: {findings[0]}")
    rows = [("load", load_time, sum(path.stat().st_size for path in paths))]
    for name in FORMATS:
        _clear_render_cache()
        fmt = get_format(name)
        options = ExportOptions(lang="all" if fmt.MULTILINGUAL else None)
        started = time.perf_counter()
        output = fmt.export(bank, options)
        rows.append((name, time.perf_counter() - started, len(output.data)))
    return rows


def report(rows: list[tuple[str, float, int]], items: int) -> str:
    baseline = rows[0][1]
    lines = [f"{items} items; times relative to loading the bank ({baseline:.2f} s)",
             f"{'step':<8} {'seconds':>8} {'ratio':>7} {'bytes':>12}"]
    for name, seconds, size in rows:
        lines.append(f"{name:<8} {seconds:8.2f} {seconds / baseline:7.2f} {size:12,d}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--keep", type=Path, default=None, help="Generate the bank here and keep it.")
    args = parser.parse_args(argv)
    if args.keep is not None:
        rows = run(args.items, args.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="quizlint-bench-") as folder:
            rows = run(args.items, Path(folder))
    print(report(rows, args.items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
