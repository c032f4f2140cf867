"""mkdocs hook (``hooks:`` in the generated mkdocs configuration): the search entries of the event pages, prepared
by ``generate_pages`` from the KB, go into mkdocs-material's search index as they are.

An event page is most of the site (1,000 of 1,071 pages at 1,000 events), and its HTML — the verbatim text, the
diagram, the findings — is the largest. Letting the search plugin parse that HTML a third time (after Markdown's
and mkdocs' own raw-HTML passes) only to recover text rulekb had to begin with was a third of mkdocs' time. The
pages say ``search: exclude: true`` in their front matter, so the plugin skips them, and this hook adds their
prepared entries instead: one per section (title and facts, prerequisites, text, every case, part and phase
heading, the logic, backlinks, findings), with the page's boost. Every other page is indexed by the plugin as
usual.
"""

from __future__ import annotations

import json
import os

PREPARED = ".rulekb-search.json"  # in the docs folder (a dot file: not a page)
# An event id typed into the search box ("8:VII", "VII:8") is sent to the search as the phrase "8 VII", which
# mkdocs-material turns into two required words: the event comes first (its title holds both, with the event
# pages' boost), then the pages whose text names it; not every page of period VII (102 results before).
SEARCH_JS = "assets/search-id.js"


def on_pre_build(config) -> None:
    path = os.path.join(config["docs_dir"], PREPARED)
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as fh:
        entries = json.load(fh)
    indexes = [p.search_index for p in config.plugins.values() if hasattr(p, "search_index")]
    if not indexes:
        raise RuntimeError("the search plugin is not enabled: the prepared search entries have no index to go to")
    for index in indexes:
        index.entries.extend(entries)
