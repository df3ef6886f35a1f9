"""Generate a synthetic bilingual bank for benchmarks: N items of 4 options, English source and Turkish
translation, realistic lengths, split over N/100 files.

    python benchmarks/generate.py OUT_DIR [--items 10000] [--per-file 100] [--seed 1]

Deterministic for a given seed. Texts are built from English and Turkish word pools, so language
identification, glossary and lexicon rules do real work on them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

EN_WORDS = (
    "model checkpoint shard training optimizer state weights gradient memory device batch layer tensor "
    "precision scale loader index metadata rank worker process storage format quantization kernel cache "
    "activation parameter schedule learning rate throughput latency accuracy dataset validation file "
    "network compute budget resume step recovery layout partition buffer"
).split()
TR_WORDS = (
    "model kontrol noktası parça eğitim iyileştirici durum ağırlıklar gradyan bellek cihaz yığın katman "
    "tensör hassasiyet ölçek yükleyici dizin üstveri sıra işçi süreç depolama biçim niceleme çekirdek "
    "önbellek etkinleştirme parametre çizelge öğrenme hızı verim gecikme doğruluk veri kümesi doğrulama "
    "dosya ağ hesaplama bütçe devam adım kurtarma düzen bölüm arabellek"
).split()
EN_STARTS = ("Why does", "How can", "What happens when", "Which component lets", "What is the role of")
TR_ENDS = ("neden gerekir?", "nasıl sağlanır?", "ne olur?", "hangi bileşen sağlar?", "rolü nedir?")


def _sentence(rng: random.Random, pool: list[str], low: int, high: int) -> str:
    words = [rng.choice(pool) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize()


def _pair(rng: random.Random, low: int, high: int) -> tuple[str, str]:
    """An English text and a Turkish one of about the same length, as a real translation would be."""
    count = rng.randint(low, high)
    return _sentence(rng, EN_WORDS, count, count), _sentence(rng, TR_WORDS, count, count)


def _text(en: str, tr: str) -> str:
    return "{en: " + json.dumps(en, ensure_ascii=False) + ", tr: " + json.dumps(tr, ensure_ascii=False) + "}"


def item_yaml(rng: random.Random, quiz: str, number: int) -> str:
    key = rng.randrange(4)
    start = rng.randrange(len(EN_STARTS))
    body_en, body_tr = _pair(rng, 5, 12)
    stem_en = f"{EN_STARTS[start]} the {body_en.lower()} in run {number}?"
    stem_tr = f"{number}. çalıştırmada {body_tr.lower()} {TR_ENDS[start]}"
    lines = [f"  - id: {quiz}-q{number}", "    type: single", f"    stem: {_text(stem_en, stem_tr)}", "    options:"]
    for index in range(4):
        lines.append(f"      - text: {_text(*_pair(rng, 5, 7))}")
        if index == key:
            lines.append("        correct: true")
        else:
            lines.append(f"        feedback: {_text(*_pair(rng, 6, 12))}")
    lines.append(f"    explanation: {_text(*_pair(rng, 10, 20))}")
    lines.append("    tags: [synthetic]")
    return "\n".join(lines) + "\n"


def quiz_yaml(rng: random.Random, quiz: str, first: int, count: int) -> str:
    header = (
        "quizlint: 1\n"
        f"id: {quiz}\n"
        "languages: [en, tr]\n"
        f"title: {_text('Synthetic quiz ' + quiz, 'Yapay sınav ' + quiz)}\n"
        "items:\n"
    )
    return header + "".join(item_yaml(rng, quiz, number) for number in range(first, first + count))


def generate(out: Path, items: int = 10_000, per_file: int = 100, seed: int = 1) -> list[Path]:
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, first in enumerate(range(0, items, per_file)):
        quiz = f"bank-{index:04d}"
        path = out / f"{quiz}.quiz.yaml"
        path.write_text(quiz_yaml(rng, quiz, first, min(per_file, items - first)), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--per-file", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    paths = generate(args.out, args.items, args.per_file, args.seed)
    print(f"wrote {len(paths)} files, {args.items} items, to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
