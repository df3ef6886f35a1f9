"""``--to qti21``: an IMS Content Package (zip) of QTI 2.1 items and tests (see ``_qti`` for the layout).

One package for the bank: one assessmentTest per quiz and language, one assessmentItem per item. Languages:
the source language by default; ``--lang all`` puts every language's tests and items in the package.
"""

from __future__ import annotations

from quizlint.export._common import ContentPackage, ExportBank, ExportOptions, ExportOutput
from quizlint.export._qti import Dialect, export_package

NAME = "qti21"
DESCRIPTION = "IMS QTI 2.1 content package (zip): one assessmentTest per quiz, one assessmentItem per item"
SUFFIX = "-qti21.zip"
BINARY = True
MULTILINGUAL = True
DEFAULT_LANG = "source"
ITEM_TYPES = ("single", "multiple", "true_false", "numerical", "short_answer", "matching", "ordering", "essay")

DIALECT = Dialect(
    format_name=NAME,
    version="2.1",
    namespace="http://www.imsglobal.org/xsd/imsqti_v2p1",
    schema_location="http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd",
    templates="http://www.imsglobal.org/question/qti_v2p1/rptemplates/",
    template_suffix="",
    package=ContentPackage(
        namespace="http://www.imsglobal.org/xsd/imscp_v1p1",
        schema_location="http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd",
        schema="QTIv2.1 Package",
        schema_version="1.0.0",
    ),
    resource_suffix="v2p1",
    content_body=False,
)


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    return export_package(DIALECT, bank, options)
