"""Reads a question set's LMS exports as importers do and prints what they found, as JSON.

    lms_check.py QTI_ZIP MOODLE_XML

QTI 2.1: pyslet (the IMS reference implementation's Python library) opens the zip as an IMS
content package, reads every item its manifest lists as a QTI 2.1 assessmentItem (an element
QTI does not allow raises), then runs each item's response processing three times: with every
field's correct value ("right"), with each real 0.9 % off ("near", inside the quiz's ±1 %) and
with each real 1.1 % off and each count one more ("off"). Moodle XML: moodle-xml-parser reads
the cloze questions and their embedded answers. tests/e2e/quiz-sets.test.mjs compares the two.
Installed by scripts/setup.sh into tests/e2e/.venv (tests/e2e/requirements.txt).
"""

import json
import logging
import os
import sys

import pyslet.imscpv1p2 as cp
import pyslet.qtiv2.items as items_module
import pyslet.qtiv2.variables as var
import pyslet.qtiv2.xml as qtixml
from moodle_xml_parser import parser as moodle

# pyslet logs a harmless note for a one-value `tolerance` list; keep stdout JSON only.
logging.disable(logging.ERROR)


def score(item, change):
    """The item's SCORE after response processing with each response's correct value,
    changed by `change(base_type, value)`."""
    state = var.ItemSessionState(item)
    state.select_clone()
    state.begin_session()
    for decl in item.ResponseDeclaration:
        correct = decl.get_correct_value()
        value = var.SingleValue.new_value(decl.baseType)
        value.set_value(change(decl.baseType, correct.value))
        state[decl.identifier] = value
    state.end_attempt()
    return state["SCORE"].value


def near(base_type, v):
    return v * 1.009 if base_type == var.BaseType.float else v


def off(base_type, v):
    if base_type == var.BaseType.float:
        return v * 1.011
    if base_type == var.BaseType.integer:
        return v + 1
    return v


def qti(path):
    package = cp.ContentPackage(path)
    try:
        items = []
        for resource in package.manifest.root.Resources.Resource:
            assert resource.type == "imsqti_item_xmlv2p1", resource.type
            href = str(resource.File[0].href)
            doc = qtixml.QTIDocument(baseURI=os.path.join(str(package.dPath), *href.split("/")))
            doc.read()
            item = doc.root
            assert isinstance(item, items_module.AssessmentItem), type(item)
            graded = item.ResponseProcessing is not None
            items.append({
                "href": href,
                "title": item.title,
                "responses": [
                    {
                        "id": d.identifier,
                        "base_type": var.BaseType.to_str(d.baseType),
                        "correct": (lambda c: None if c is None else c.value)(d.get_correct_value()),
                    }
                    for d in item.ResponseDeclaration
                ],
                "right": score(item, lambda t, v: v) if graded else None,
                "near": score(item, near) if graded else None,
                "off": score(item, off) if graded else None,
            })
        return items
    finally:
        package.close()


def moodle_questions(path):
    parsed = moodle.parse_file(path)
    return [
        {
            "name": q.name,
            "gaps": [
                {"type": g.sub_type, "right": [o.answer for o in g.options if o.score == 100]}
                for g in q.gaps
                if g.sub_type in ("NUMERICAL", "MULTICHOICE", "SHORTANSWER")
            ],
        }
        for q in parsed.get("cloze", [])
    ]


if __name__ == "__main__":
    json.dump({"qti": qti(sys.argv[1]), "moodle": moodle_questions(sys.argv[2])}, sys.stdout,
              ensure_ascii=False, default=str)
