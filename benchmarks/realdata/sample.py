"""Print a reproducible random sample of one rule's findings with the item they are about, to judge by hand.

    quizlint lint benchmarks/realdata/corpus --select ALL --format json --exit-zero -o findings.json
    python benchmarks/realdata/sample.py findings.json W004 [--size 20] [--seed 24]
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent


def short(value, width: int) -> str:
    text = value if isinstance(value, str) else " | ".join(f"{lang}: {text}" for lang, text in (value or {}).items())
    text = str(text).replace("\n", " ⏎ ")
    return text if len(text) <= width else text[: width - 1] + "…"


def item_text(corpus: Path, finding: dict, width: int) -> str:
    document = yaml.safe_load((corpus / finding["file"]).read_text(encoding="utf-8"))
    for item in document.get("items", []):
        if item.get("id") == finding.get("item"):
            lines = [f"  STEM: {short(item['stem'], width * 3)}"]
            for letter, option in zip("ABCDEFGH", item.get("options", [])):
                mark = "*" if option.get("correct") else " "
                lines.append(f"  {mark}{letter}: {short(option['text'], width)}")
            return "\n".join(lines)
    return f"  (quiz {document.get('id')}: title {document.get('title')})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("findings", type=Path)
    parser.add_argument("code")
    parser.add_argument("--size", type=int, default=20)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--corpus", type=Path, default=HERE / "corpus")
    parser.add_argument("--width", type=int, default=90)
    args = parser.parse_args()
    findings = [f for f in json.loads(args.findings.read_text()) if f["code"] == args.code]
    sample = random.Random(args.seed).sample(findings, min(args.size, len(findings)))
    print(f"{args.code}: {len(findings)} findings, sample of {len(sample)} (seed {args.seed})")
    for n, finding in enumerate(sample, 1):
        print(f"\n#{n} {finding['file']}:{finding['line']} {finding['message']}")
        print(item_text(args.corpus, finding, args.width))
        other = re.search(r"as item '([^']+)' \(([^:]+):", finding["message"])
        if other:  # duplicate-stem: the first item too
            print("  -- the first item:")
            print(item_text(args.corpus, {"file": other.group(2), "item": other.group(1)}, args.width))


if __name__ == "__main__":
    main()
