"""Shared by the export tests (no tests here): a fixture bank that uses every feature the exporters map, the
official schemas (compiled once per test session: the QTI 3.0 one takes seconds), and validators."""

from __future__ import annotations

import functools
import io
import textwrap
import zipfile
from pathlib import Path

from lxml import etree

from conftest import shared_dir

PARSER = etree.XMLParser(no_network=True, resolve_entities=False)

QTI21_ITEM = "qti21/qtiv2p1/imsqti_v2p1.xsd"
IMSCP11 = "imscp11/imscp_v1p1.xsd"
QTI30_ITEM = "qti30-sbac-variant/qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd"
QTI30_CP = "qti30-cp/qtiv3p0/imsqtiv3p0_imscpv1p2_v1p0.xsd"
CANVAS_DTD = "qti12-dtd/ims_qtiasiv1p2p1.dtd"
QTI_SCHEMAS = {"qti21": (QTI21_ITEM, IMSCP11), "qti30": (QTI30_ITEM, QTI30_CP)}
QTI_NS = {"qti21": "http://www.imsglobal.org/xsd/imsqti_v2p1", "qti30": "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"}

# Every feature the exporters map: single/multiple/true-false, feedback, explanations, fixed options,
# points, tags, neutral texts, Markdown (code, math, a table, a list), an id that is no NCName.
BANK = {
    "alpha.quiz.yaml": """\
        quizlint: 1
        id: alpha
        languages: [en, tr]
        title: {en: "Alpha quiz", tr: "Alfa sınavı"}
        description: {en: "Questions about *capitals*.", tr: "*Başkentler* hakkında sorular."}
        items:
          - id: capital
            type: single
            stem: {en: "Which city is the **capital** of Turkey?", tr: "Türkiye'nin **başkenti** hangi şehirdir?"}
            options:
              - text: İstanbul
                feedback: {en: "The largest city, not the capital.", tr: "En büyük şehir, başkent değil."}
              - text: Ankara
                correct: true
                feedback: {en: "Right: since 1923.", tr: "Doğru: 1923'ten beri."}
              - text: İzmir
              - text: {en: "None of these cities", tr: "Bu şehirlerin hiçbiri"}
                fixed: true
            explanation: {en: "Ankara has been the capital since 1923.", tr: "Ankara 1923'ten beri başkenttir."}
            tags: [geography, capitals]
          - id: primes
            type: multiple
            stem:
              en: "Which numbers are prime? Consider $n \\\\leq 10$."
              tr: "Hangi sayılar asaldır? $n \\\\leq 10$ için düşünün."
            options:
              - text: "2"
                correct: true
              - text: "7"
                correct: true
              - text: "9"
                feedback: {en: "9 = 3 × 3.", tr: "9 = 3 × 3."}
              - text: "1"
            points: 2
          - id: 1-earth-round
            type: true_false
            stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
            answer: true
            explanation: {en: "Very nearly a sphere.", tr: "Neredeyse bir küre."}
        """,
    "beta.quiz.yaml": """\
        quizlint: 1
        id: beta
        languages: [en, tr]
        title: {en: "Beta quiz", tr: "Beta sınavı"}
        items:
          - id: code-output
            type: single
            stem:
              en: |
                What does this print?

                ```python
                print(1 < 2 and "<ok>")
                ```
              tr: |
                Bu kod ne yazdırır?

                ```python
                print(1 < 2 and "<ok>")
                ```
            options:
              - text: "`<ok>`"
                correct: true
              - text: "`True`"
              - text: "`False`"
            points: 1.5
          - id: three-keys
            type: multiple
            stem:
              en: |
                | unit | size |
                |:-----|-----:|
                | KB   | 10^3 |

                Which are SI prefixes?
              tr: |
                | birim | boyut |
                |:------|------:|
                | KB    | 10^3  |

                Hangileri SI önekidir?
            options:
              - text: kilo
                correct: true
              - text: mega
                correct: true
              - text: giga
                correct: true
              - text: kibi
                feedback: {en: "An IEC binary prefix.", tr: "Bir IEC ikili öneki."}
          - id: sun-cold
            type: true_false
            stem: {en: "The Sun is cold.", tr: "Güneş soğuktur."}
            answer: false
            tags: [astronomy]
        """,
}


def write_bank(folder: Path, files: dict[str, str] = BANK) -> Path:
    """Write quiz files into ``folder``; returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def load_models(folder: Path) -> dict:
    """quiz id → Quiz model of every quiz file in ``folder``."""
    from quizlint.model import read_quiz

    models = {}
    for path in sorted(folder.glob("*.quiz.yaml")):
        quiz_file, _ = read_quiz(path)
        models[quiz_file.quiz.id] = quiz_file.quiz
    return models


@functools.lru_cache(maxsize=None)
def _compiled(relative: str) -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(shared_dir("xsd") / relative), PARSER))


def xml_schema(relative: str) -> etree.XMLSchema:
    """An official schema from ../shared/xsd (the test skips when it is absent), compiled once."""
    shared_dir("xsd")
    return _compiled(relative)


@functools.lru_cache(maxsize=None)
def _dtd(relative: str) -> etree.DTD:
    return etree.DTD(str(shared_dir("xsd") / relative))


def canvas_dtd() -> etree.DTD:
    shared_dir("xsd")
    return _dtd(CANVAS_DTD)


def schema_errors(schema, data: bytes) -> str | None:
    """None when ``data`` is valid, else the validator's messages."""
    document = etree.parse(io.BytesIO(data), PARSER)
    return None if schema.validate(document) else str(schema.error_log)


def without_namespaces(data: bytes):
    """A parsed copy without namespaces or namespaced attributes (other than xml:*), for the QTI 1.2 DTD."""
    root = etree.fromstring(data, PARSER)
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        element.tag = etree.QName(element).localname
        for name in list(element.attrib):
            if name.startswith("{") and not name.startswith("{http://www.w3.org/XML/1998/namespace}"):
                del element.attrib[name]
    etree.cleanup_namespaces(root)
    return root


def dtd_errors(data: bytes) -> str | None:
    dtd = canvas_dtd()
    return None if dtd.validate(without_namespaces(data)) else str(dtd.error_log.filter_from_errors())


def zip_entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def qti_package_errors(fmt: str, data: bytes) -> dict[str, str]:
    """File name → schema errors, for every invalid file of a QTI 2.1/3.0 package (empty: all valid)."""
    item_schema, manifest_schema = (xml_schema(name) for name in QTI_SCHEMAS[fmt])
    problems = {}
    for name, content in zip_entries(data).items():
        if not name.endswith(".xml"):  # (media files: checked by their own tests)
            continue
        errors = schema_errors(manifest_schema if name == "imsmanifest.xml" else item_schema, content)
        if errors:
            problems[name] = errors
    return problems


def export(run, fmt: str, source: Path, out: Path, *args: str, force: bool = True) -> bytes:
    """``quizlint export --to FMT [--force] ARGS -o OUT SOURCE`` through the CLI; returns the file's bytes."""
    extra = ["--force"] if force else []
    result = run("export", "--to", fmt, *extra, *args, "-o", out, source)
    assert result.exit_code == 0, result.output + result.stderr
    return out.read_bytes()


def local(element) -> str:
    return etree.QName(element).localname
