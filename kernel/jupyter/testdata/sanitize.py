"""Render a notebook to HTML as nbconvert does for untrusted work: the
SanitizeHTML preprocessor with its defaults, then the HTML exporter.

usage: sanitize.py NOTEBOOK OUT.html
"""
import sys

import nbformat
from nbconvert import HTMLExporter
from nbconvert.preprocessors.sanitize import SanitizeHTML

nb = nbformat.read(sys.argv[1], as_version=4)
exporter = HTMLExporter()
exporter.register_preprocessor(SanitizeHTML(enabled=True), enabled=True)
body, _ = exporter.from_notebook_node(nb)
with open(sys.argv[2], "w", encoding="utf-8") as f:
    f.write(body)
