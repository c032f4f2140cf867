"""The Markdown extension that passes rulekb's own HTML blocks through unparsed (checker/site/rawhtml.py).

The page is the same with and without it; an unterminated block is parsed as any HTML; the blocks' ids still
reach mkdocs' anchor validation; a contributor's text cannot open a block (it is escaped before it reaches one).
"""

from __future__ import annotations

import markdown
import pytest

from checker.site.rawhtml import BEGIN, END, RawHtmlExtension

PAGE = f"""# Title {{#title}}

{BEGIN}
<p class="rk-facts"><span>Date: 1773</span> · <a href="./">/eu/vii/3/</a></p>
{END}

## Text {{#text}}

{BEGIN}
<div class="rk-text-block"><div class="rk-clause" id="c26"><a href="#c26">1.</a> A <q>civil war</q> erupts &amp; more.</div>
<pre class="rk-mermaid">graph LR
  a --> b</pre></div>
{END}

- a Markdown list with *emphasis* and <span class="x">inline HTML</span>

No findings.
"""


def _plain(page: str) -> str:
    return page.replace(BEGIN + "\n", "").replace("\n" + END, "")


def test_the_page_is_the_same_with_and_without_the_extension():
    with_ext = markdown.Markdown(extensions=[RawHtmlExtension(), "attr_list", "toc"]).convert(PAGE)
    without = markdown.Markdown(extensions=["attr_list", "toc"]).convert(_plain(PAGE))
    assert with_ext == without
    assert '<div class="rk-clause" id="c26">' in with_ext and "<em>emphasis</em>" in with_ext


def test_the_blocks_are_not_parsed_as_html_again():
    md = markdown.Markdown(extensions=[RawHtmlExtension()])
    seen = []
    md.preprocessors.register(_Spy(md, seen), "spy", 22)  # after the extension, before the HTML block pass
    md.convert(PAGE)
    assert seen and "rk-text-block" not in "\n".join(seen[0]) and "rk-facts" not in "\n".join(seen[0])


class _Spy(markdown.preprocessors.Preprocessor):
    def __init__(self, md, seen):
        super().__init__(md)
        self.seen = seen

    def run(self, lines):
        self.seen.append(list(lines))
        return lines


def test_an_unterminated_block_is_parsed_as_any_html():
    page = f"intro\n\n{BEGIN}\n<div id=\"c1\">x</div>\n\nafter"
    assert markdown.Markdown(extensions=[RawHtmlExtension()]).convert(page) == \
        markdown.Markdown().convert(page)


def test_ids_in_the_blocks_reach_mkdocs_anchor_validation():
    mkdocs_pages = pytest.importorskip("mkdocs.structure.pages")
    md = markdown.Markdown(extensions=[RawHtmlExtension()])
    raw = mkdocs_pages._RawHTMLPreprocessor()
    raw._register(md)
    md.convert(PAGE)
    assert {"c26"} <= raw.present_anchor_ids


def test_a_contributed_text_cannot_open_a_block(tmp_path):
    """The marker written in an event's text is escaped by the templates: it stays text on the page."""
    import shutil

    from checker.engine.ingest import ingest_file
    from checker.kb.store import load_kb
    from checker.site.build import generate_pages

    from .conftest import KB

    root = tmp_path / "kb"
    shutil.copytree(KB / "schema", root / "schema")
    shutil.copytree(KB / "games", root / "games")
    src = tmp_path / "t.txt"
    src.write_text("PERIOD VII\n\n1: MARKED (historical date: 1780)\n(duration: permanent)\nEVENTS PHASE:\n"
                   f"1. Something happens.\n{BEGIN}\n<script>alert(1)</script>\n{END}\n", encoding="utf-8")
    ingest_file(str(src), str(root), game="eu")
    docs = tmp_path / "docs"
    generate_pages(load_kb(str(root)), str(docs))
    page = next(p for p in docs.rglob("*.md") if "MARKED" in p.read_text(encoding="utf-8")
                and "rk-text-block" in p.read_text(encoding="utf-8"))
    text = page.read_text(encoding="utf-8")
    assert "<script>" not in text
    lines = text.splitlines()
    assert lines.count(BEGIN) == lines.count(END)  # only the template's own markers stand alone on a line


@pytest.mark.slow
def test_bundled_site_is_the_same_with_and_without_the_extension(tmp_path, monkeypatch):
    """Every HTML page of the bundled KB's site, built with the extension, equals the page built from the same
    Markdown without the markers and without the extension (what mkdocs made before it)."""
    import shutil
    from pathlib import Path

    import yaml

    from checker.kb.store import load_kb
    from checker.site import build

    from .conftest import KB

    docs = tmp_path / "docs"
    build.generate_pages(load_kb(str(KB)), str(docs))
    plain = tmp_path / "plain"
    shutil.copytree(docs, plain)
    marked = 0
    for page in plain.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        if BEGIN in text:
            marked += 1
            page.write_text(_plain(text), encoding="utf-8")
    assert marked >= 30
    build.build_site(str(docs), str(tmp_path / "a"), config_dir=str(tmp_path))
    alt = tmp_path / "alt"
    alt.mkdir()
    config = yaml.safe_load((build.ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config["markdown_extensions"] = [x for x in config["markdown_extensions"] if x != "checker.site.rawhtml"]
    (alt / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    shutil.copytree(build.ROOT / "site", alt / "site")
    monkeypatch.setattr(build, "ROOT", Path(alt))
    (tmp_path / "cb").mkdir()
    build.build_site(str(plain), str(tmp_path / "b"), config_dir=str(tmp_path / "cb"))
    pages = sorted((tmp_path / "a").rglob("*.html"))
    assert len(pages) > 300
    for a in pages:
        b = tmp_path / "b" / a.relative_to(tmp_path / "a")
        assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8"), a
