"""The lint runtime: the same report from one process, from a pool and from the cache; no import cycle in the
package; per-item data a bank rule declares reaches it through the summaries and the cache."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import generate_bank

SRC = Path(__file__).resolve().parents[1] / "src"


# --- one report, however it is made -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def generated_bank(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("runtime")
    generate_bank(root / "bank", items=400)  # four files of 100 items
    # a text left in English under tr, in two files: wrong-language findings from the engine's language step
    for name in ("bank-0001.quiz.yaml", "bank-0003.quiz.yaml"):
        path = root / "bank" / name
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        stem = next(index for index, line in enumerate(lines) if line.startswith("    stem: {en: "))
        english = lines[stem].split('"')[1]
        lines[stem] = f'    stem: {{en: "{english}", tr: "{english}"}}\n'
        path.write_text("".join(lines), encoding="utf-8")
    return root


def _lint(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quizlint", "lint", "bank", "--exit-zero", *args], cwd=root,
                          capture_output=True, text=True, check=True)


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_one_process_a_pool_and_the_cache_give_byte_identical_reports(generated_bank, output_format):
    cache = generated_bank / ".quizlint_cache"
    one = _lint(generated_bank, "--format", output_format, "--no-cache", "-j", "1").stdout
    assert "T004" in one and "B004" in one  # (item and bank rules both found something)
    assert _lint(generated_bank, "--format", output_format, "--no-cache", "-j", "3").stdout == one
    subprocess.run(["rm", "-rf", str(cache)], check=True)
    assert _lint(generated_bank, "--format", output_format, "-j", "2").stdout == one  # a pool fills the cache
    assert cache.is_dir()
    assert _lint(generated_bank, "--format", output_format).stdout == one  # all from the cache
    edited = generated_bank / "bank" / "bank-0002.quiz.yaml"
    original = edited.read_text(encoding="utf-8")
    try:
        edited.write_text(original.replace("tags: [synthetic]", "tags: [synthetic, edited]", 1), encoding="utf-8")
        assert _lint(generated_bank, "--format", output_format).stdout == one  # one file linted afresh
    finally:
        edited.write_text(original, encoding="utf-8")


# --- no import cycle -----------------------------------------------------------------------------------------------


def _modules() -> dict[str, Path]:
    found = {}
    for path in (SRC / "quizlint").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The quizlint modules ``name`` imports, at module level or inside functions (not for type checking only)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def module_of(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            nodes = node.orelse
        else:
            nodes = list(ast.iter_child_nodes(node))
            if isinstance(node, ast.Import):
                found.update(filter(None, (module_of(alias.name) for alias in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1], *filter(None, [base])])
                for alias in node.names:  # (``from package import module`` imports the module)
                    found.update(filter(None, [module_of(f"{base}.{alias.name}") if f"{base}.{alias.name}" in modules
                                               else module_of(base)]))
        for child in nodes:
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {module for module in found if module.startswith("quizlint") and module != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    components: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return components


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_package():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert graph["quizlint.lint.runner"] >= {"quizlint.lint.engine", "quizlint.lint.parallel"}  # (the finder sees imports)
    assert _cycles(graph) == []


# --- per-item data a bank rule declares ----------------------------------------------------------------------------


def test_per_item_data_a_bank_rule_declares_reaches_it_and_survives_the_cache(write_quiz):
    from dataclasses import replace

    from quizlint.lint.cache import result_from_json, result_to_json
    from quizlint.lint.engine import lint_bank, lint_file
    from quizlint.language.identify import Services
    from quizlint.rules.base import Selection, find_rule

    seen: list = []

    def check(ctx):
        seen.extend((item.item, item.data["stem-words"]) for item in ctx.items)
        return iter(())

    base = find_rule("duplicate-stem")
    rule = replace(base, code="X999", name="stem-words", check=check, item_summary={
        "stem-words": lambda quiz_file, index: len(quiz_file.quiz.items[index].stem["en"].split())})
    path = write_quiz('''
  - id: one
    stem: {en: "How many words are here?", tr: "Burada kaç kelime var?"}
    options:
      - text: {en: "Five", tr: "Beş"}
        correct: true
      - text: {en: "Four", tr: "Dört"}
''')
    selection = Selection({"X999": rule})
    result = lint_file(path, "demo.quiz.yaml", selection, None, Services())
    assert result.summary.items[0].data == {"stem-words": 5}
    lint_bank([result], selection)
    lint_bank([result_from_json(result_to_json(result))], selection)  # (read back from the cache's form)
    assert seen == [("one", 5), ("one", 5)]
