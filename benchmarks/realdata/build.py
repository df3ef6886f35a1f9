"""Build the real-content corpus of quiz files from public question banks.

    python benchmarks/realdata/build.py [--mirror-root DIR] [--out DIR]

Each source in sources.json is pinned to a commit. Its files are read from a local cache
(benchmarks/realdata/.cache/), else from a local git mirror (``--mirror-root DIR`` holding
``owner+name/repo`` bare repositories), else downloaded from raw.githubusercontent.com at the
pinned commit. The quiz files are written under ``--out`` (default benchmarks/realdata/corpus/),
one folder per source. Only sources whose licence allows it (``commit_data``) are kept in git;
.gitignore keeps the others out.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent


# ---------------------------------------------------------------- fetching


def read_source_file(source: dict, path: str, mirror_root: Path | None) -> str:
    cache = HERE / ".cache" / source["name"] / source["commit"] / path
    if not cache.exists():
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_bytes(_fetch_bytes(source, path, mirror_root))
    return cache.read_bytes().decode("utf-8", errors="replace")


def _fetch_bytes(source: dict, path: str, mirror_root: Path | None) -> bytes:
    if mirror_root is not None:
        git_dir = mirror_root / source["repo"].replace("/", "+") / "repo"
        if git_dir.exists():
            return subprocess.run(
                ["git", "--git-dir", str(git_dir), "show", f"{source['commit']}:{path}"],
                check=True, capture_output=True,
            ).stdout
    url = f"https://raw.githubusercontent.com/{source['repo']}/{source['commit']}/{path}"
    with urllib.request.urlopen(url, timeout=60) as reply:  # noqa: S310 - fixed https host
        return reply.read()


# ---------------------------------------------------------------- parsing
# Every parser returns questions as {"stem": str, "options": [str], "keys": [int]}.


def parse_opentrivia(text: str) -> list[dict]:
    questions = []
    for block in re.split(r"\n(?=#Q )", text.replace("\r\n", "\n")):
        lines = [line for line in block.strip().split("\n") if line.strip()]
        if not lines or not lines[0].startswith("#Q "):
            continue
        stem_lines, answer, options = [lines[0][3:]], None, []
        for line in lines[1:]:
            if line.startswith("^ "):
                answer = line[2:].strip()
            elif re.match(r"^[A-Z] ", line):
                options.append(line[2:].strip())
            elif answer is None and not options:
                stem_lines.append(line)
        keys = [i for i, option in enumerate(options) if option == answer]
        if len(options) >= 3 and len(keys) == 1:
            questions.append({"stem": "\n".join(stem_lines).strip(), "options": options, "keys": keys})
    return questions


_LINKEDIN_HEADING = re.compile(r"^#### [QS](\d+)\.\s*(.*)$")
_LINKEDIN_OPTION = re.compile(r"^- \[([ xX])\]\s?(.*)$")


def parse_linkedin(text: str) -> tuple[str, dict[int, dict]]:
    """Questions of a LinkedIn skill-assessment Markdown file, by question number."""
    title_match = re.search(r"^## (.+)$", text, re.MULTILINE)
    title = title_match.group(1).strip() if title_match else "Quiz"
    questions: dict[int, dict] = {}
    blocks = re.split(r"\n(?=#### [QS]\d+\.)", text.replace("\r\n", "\n"))
    for block in blocks:
        lines = block.split("\n")
        heading = _LINKEDIN_HEADING.match(lines[0])
        if not heading:
            continue
        question = _parse_linkedin_block(heading.group(2), lines[1:])
        if question is not None:
            questions[int(heading.group(1))] = question
    return title, questions


def _parse_linkedin_block(first_line: str, lines: list[str]) -> dict | None:
    stem_lines, options, keys = [first_line], [], []
    in_fence, attach_to = False, None
    for line in lines:
        if in_fence:
            (options[attach_to] if attach_to is not None else stem_lines).append(line)
            in_fence = not line.strip().startswith("```")
            continue
        option = _LINKEDIN_OPTION.match(line)
        if option:
            if option.group(1).lower() == "x":
                keys.append(len(options))
            options.append([option.group(2)])
            attach_to = len(options) - 1
        elif line.strip().startswith("```"):
            in_fence = True
            (options[attach_to] if attach_to is not None else stem_lines).append(line)
        elif not line.strip():
            (options[attach_to] if attach_to is not None else stem_lines).append("")
        elif options:
            if line.startswith("  "):
                options[attach_to].append(line.strip())
                continue
            break  # an explanation or reference after the options
        else:
            stem_lines.append(line)
    texts = ["\n".join(option).strip() for option in options]
    if len(texts) < 2 or not keys or any(not option for option in texts):
        return None
    return {"stem": "\n".join(stem_lines).strip(), "options": texts, "keys": keys}


def _json_values(text: str) -> list:
    """Every JSON value in a file that may hold several, one after the other."""
    decoder, values, index = json.JSONDecoder(), [], 0
    text = text.strip()
    while index < len(text):
        value, end = decoder.raw_decode(text, index)
        values.append(value)
        index = end
        while index < len(text) and text[index] in " \t\r\n,":
            index += 1
    return values


def parse_kpss_codex(text: str) -> list[dict]:
    questions = []
    for value in _json_values(text):
        for entry in value if isinstance(value, list) else [value]:
            options = [str(option).strip() for option in entry.get("secenekler", [])]
            key = entry.get("dogru_index")
            if len(options) < 2 or not isinstance(key, int) or not 0 <= key < len(options):
                continue
            stem = str(entry.get("soru", "")).strip()
            if entry.get("paragraf"):
                stem = f"{str(entry['paragraf']).strip()}\n\n{stem}"
            questions.append({"stem": stem, "options": options, "keys": [key]})
    return questions


def parse_kpss_quiz_app(text: str) -> dict[str, list[dict]]:
    """Questions by lesson (one quiz per lesson)."""
    lessons: dict[str, list[dict]] = {}
    for lesson, topics in json.loads(text).items():
        name = re.sub(r"^\W+", "", lesson).strip()
        for entries in topics.values():
            for entry in entries:
                question = _kpss_quiz_app_question(entry)
                if question:
                    lessons.setdefault(name, []).append(question)
    return lessons


def _kpss_quiz_app_question(entry: dict) -> dict | None:
    choices = entry.get("secenekler") or {}
    letters = sorted(choices)
    if len(letters) < 2 or entry.get("dogru_cevap") not in letters:
        return None
    stem = str(entry.get("soru", "")).strip()
    statements = entry.get("maddeler") or []
    if statements:
        stem += "\n\n" + "\n".join(f"- {statement}" for statement in statements)
    return {
        "stem": stem,
        "options": [str(choices[letter]).strip() for letter in letters],
        "keys": [letters.index(entry["dogru_cevap"])],
    }


# ---------------------------------------------------------------- writing


def slug(text: str) -> str:
    table = str.maketrans("çğıöşüÇĞİÖŞÜ", "cgiosuCGIOSU")
    return re.sub(r"[^a-z0-9]+", "-", text.translate(table).lower()).strip("-") or "quiz"


def quiz_document(quiz_id: str, title: dict, languages: list[str], items: list[dict]) -> dict:
    return {"quizlint": 1, "id": quiz_id, "languages": languages, "title": title, "items": items}


def item_document(item_id: str, texts: dict[str, dict], keys: list[int], translated: list[str]) -> dict:
    """texts maps language -> question; every language has the same number of options."""
    first = next(iter(texts.values()))
    options = []
    for index in range(len(first["options"])):
        option: dict = {"text": {lang: q["options"][index] for lang, q in texts.items()}}
        if index in keys:
            option["correct"] = True
        options.append(option)
    item: dict = {
        "id": item_id,
        "type": "single" if len(keys) == 1 else "multiple",
        "stem": {lang: q["stem"] for lang, q in texts.items()},
        "options": options,
    }
    if translated:
        item["translations"] = {lang: {"status": "reviewed"} for lang in translated}
    return item


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


def write_quiz(path: Path, document: dict) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    header = "# Converted by benchmarks/realdata/build.py; see benchmarks/realdata/README.md for source and licence.\n"
    body = yaml.dump(document, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100000)
    path.write_text(header + body, encoding="utf-8")
    return len(document["items"])


# ---------------------------------------------------------------- sources


def build_monolingual(source: dict, out: Path, mirror_root: Path | None) -> int:
    lang, name, count = source["language"], source["name"], 0
    for path in source["paths"]:
        text = read_source_file(source, path, mirror_root)
        for quiz_name, questions in _quizzes_of(source, path, text):
            quiz_id = f"{name}-{slug(quiz_name)}"
            if source.get("per_file"):
                questions = questions[: source["per_file"]]
            items = [
                item_document(f"{quiz_id}-{n}", {lang: q}, q["keys"], [])
                for n, q in enumerate(questions, start=1)
            ]
            title = {lang: quiz_name}
            count += write_quiz(out / name / f"{slug(quiz_name)}.quiz.yaml", quiz_document(quiz_id, title, [lang], items))
    return count


def _quizzes_of(source: dict, path: str, text: str):
    fmt = source["format"]
    if fmt == "opentrivia":
        yield Path(path).name, parse_opentrivia(text)
    elif fmt == "linkedin-md":
        title, questions = parse_linkedin(text)
        yield title, [questions[n] for n in sorted(questions)]
    elif fmt == "kpss-codex":
        yield Path(path).stem, parse_kpss_codex(text)
    elif fmt == "kpss-quiz-app":
        yield from parse_kpss_quiz_app(text).items()
    else:
        raise SystemExit(f"unknown format {fmt!r}")


def build_translated(source: dict, out: Path, mirror_root: Path | None) -> int:
    count = 0
    for quiz in source.get("translated", []):
        parsed = {lang: parse_linkedin(read_source_file(source, path, mirror_root)) for lang, path in quiz["paths"].items()}
        languages = list(quiz["paths"])
        items = []
        for number in sorted(parsed[languages[0]][1]):
            texts = {lang: parsed[lang][1].get(number) for lang in languages}
            if not _aligned(list(texts.values())):
                continue
            items.append(item_document(f"{source['name']}-{quiz['id']}-{number}", texts, texts[languages[0]]["keys"], languages[1:]))
        title = {lang: parsed[lang][0] for lang in languages}
        quiz_id = f"{source['name']}-{quiz['id']}"
        count += write_quiz(out / f"{source['name']}-translated" / f"{quiz['id']}.quiz.yaml", quiz_document(quiz_id, title, languages, items))
    return count


def _aligned(questions: list[dict | None]) -> bool:
    if any(q is None for q in questions):
        return False
    first = questions[0]
    return all(len(q["options"]) == len(first["options"]) and q["keys"] == first["keys"] for q in questions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror-root", type=Path, help="folder of local git mirrors (owner+name/repo)")
    parser.add_argument("--out", type=Path, default=HERE / "corpus")
    parser.add_argument("--only", help="build only this source (name)")
    args = parser.parse_args(argv)
    sources = json.loads((HERE / "sources.json").read_text(encoding="utf-8"))
    for source in sources:
        if args.only and source["name"] != args.only:
            continue
        count = build_monolingual(source, args.out, args.mirror_root)
        count += build_translated(source, args.out, args.mirror_root)
        print(f"{source['name']}: {count} items ({source['language']}, {source['licence']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
