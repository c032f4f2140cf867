"""Fast checks of how the site words and draws things (no mkdocs, no browser)."""

from __future__ import annotations

import pytest

from checker.site.build import readable_title
from checker.site.diagram import BOX_W, TITLE_CHARS, _title_lines, svg


def test_readable_title_keeps_small_words_small():
    assert readable_title("FIRST DIVISION OF POLAND") == "First Division of Poland"
    assert readable_title("THE CONFEDERATION OF BAR") == "The Confederation of Bar"  # first word always capital
    assert readable_title("Gunpowder plot in England") == "Gunpowder plot in England"  # mixed case: as written


def test_diagram_titles_break_between_words_not_inside_them():
    assert _title_lines("FIRST DIVISION OF POLAND") == ["FIRST DIVISION OF POLAND"]
    lines = _title_lines("WAR OF INDEPENDENCE BY THE COLONIES AND A GREAT DEAL MORE")
    assert len(lines) == 2 and all(len(x) <= TITLE_CHARS for x in lines) and lines[1].endswith("…")
    assert 11 * 0.62 * TITLE_CHARS + 8 < BOX_W  # 11px text: two dozen capitals fit in a box


def test_diagram_svg_escapes_titles_and_links_other_events():
    out = svg({"1:VII", "2:VII"}, {("2:VII", "1:VII")}, {"1:VII": "<b>A & B</b>", "2:VII": "SECOND"},
              {"1:VII": "../1/"}, "2:VII")
    assert "<b>" not in out and "&lt;b&gt;A &amp; B&lt;/b&gt;" in out
    assert 'href="../1/"' in out and out.count("<a ") == 1


# --- bounded, iterative, deterministic diagrams (issue 20) -------------------------------------------------------

def test_a_long_chain_is_walked_without_recursion_and_drawn_bounded():
    import sys

    from checker.site.diagram import MAX_DEPENDENTS, MAX_NODES, chain

    n = 5 * sys.getrecursionlimit()  # the old recursive layering died at a few hundred
    graph = {f"{k}:VII": {f"{k - 1}:VII"} for k in range(2, n + 1)}
    graph["1:VII"] = set()
    nodes, edges = chain(graph, f"{n}:VII")
    assert len(nodes) <= MAX_NODES + MAX_DEPENDENTS + 1 and f"{n - 1}:VII" in nodes
    out = svg(nodes, edges, {x: "T" for x in nodes}, {}, f"{n}:VII")
    assert out.count("<rect") == len(nodes)
    # The middle of the chain: a bounded neighbourhood both ways, not the whole chain.
    mid = f"{n // 2}:VII"
    nodes, edges = chain(graph, mid)
    assert len(nodes) <= MAX_NODES + MAX_DEPENDENTS + 1 and f"{n // 2 + 1}:VII" in nodes


def test_a_requirement_cycle_is_drawn_once():
    from checker.site.diagram import chain

    graph = {"1:VII": {"2:VII"}, "2:VII": {"3:VII"}, "3:VII": {"1:VII"}}
    nodes, edges = chain(graph, "1:VII")
    assert nodes == {"1:VII", "2:VII", "3:VII"}
    out = svg(nodes, edges, {}, {}, "1:VII")
    assert out.count("<rect") == 3


def test_site_output_is_linear_in_the_chain_length(tmp_path):
    """Every page drew the whole chain: 700 events gave 123 MB of Markdown. Now each page is bounded."""
    from checker.site.diagram import chain

    graph = {f"{k}:VII": ({f"{k - 1}:VII"} if k > 1 else set()) for k in range(1, 701)}
    dependents: dict = {}
    for e, reqs in graph.items():
        for r in reqs:
            dependents.setdefault(r, set()).add(e)
    total = sum(len(svg(*chain(graph, e, dependents), {}, {}, e)) for e in graph)
    assert total < 700 * 20_000


CYCLE_KB_TEXT = """\
1: FIRST (historical date: 1780)
(duration: permanent)
1. Cannot occur before event 3:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. Something happens.
2: SECOND (historical date: 1781)
(duration: permanent)
1. Cannot occur before event 1:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. Something else happens.
3: THIRD (historical date: 1782)
(duration: permanent)
1. Cannot occur before event 2:VII has occurred. Otherwise re-roll and do not mark off.
2. Cannot occur before event 1:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. A third thing happens.
"""


@pytest.mark.slow
def test_pages_are_identical_across_hash_seeds(tmp_path, mini_kb):
    import os
    import subprocess
    import sys

    root = mini_kb({"cycle.txt": CYCLE_KB_TEXT}, "VII")
    outs = []
    for seed in ("0", "1", "12345"):
        out = tmp_path / f"docs{seed}"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-c", "import sys; from checker.site.build import generate_pages; "
                        "generate_pages(sys.argv[1], sys.argv[2])", str(root), str(out)],
                       check=True, env=env, timeout=300)
        outs.append(out)
    files = sorted(p.relative_to(outs[0]) for p in outs[0].rglob("*") if p.is_file())
    assert any("rk-diagram" in (outs[0] / f).read_text(encoding="utf-8") for f in files if f.suffix == ".md")
    for other in outs[1:]:
        assert files == sorted(p.relative_to(other) for p in other.rglob("*") if p.is_file())
        for f in files:
            assert (outs[0] / f).read_bytes() == (other / f).read_bytes(), f


# --- output folders (issue 19): only a folder rulekb made is ever emptied ------------------------------------------

def test_site_refuses_to_empty_a_folder_it_did_not_make(tmp_path):
    import pytest

    from checker.site.build import MARKER, SiteError, prepare_output_dir

    precious = tmp_path / "kb"
    precious.mkdir()
    (precious / "work.yaml").write_text("mine", encoding="utf-8")
    with pytest.raises(SiteError, match="did not write"):
        prepare_output_dir(str(precious))
    assert (precious / "work.yaml").read_text(encoding="utf-8") == "mine"
    fresh = tmp_path / "new"
    prepare_output_dir(str(fresh))
    assert (fresh / MARKER).exists()
    (fresh / "page.md").write_text("x", encoding="utf-8")
    prepare_output_dir(str(fresh))  # made by rulekb: emptied and marked again
    assert sorted(p.name for p in fresh.iterdir()) == [MARKER]
    legacy = tmp_path / "docs_gen"  # written by a rulekb from before the marker: its navigation file says so
    legacy.mkdir()
    (legacy / ".rulekb-nav.json").write_text("[]", encoding="utf-8")
    prepare_output_dir(str(legacy))
    assert sorted(p.name for p in legacy.iterdir()) == [MARKER]
    link = tmp_path / "link"
    link.symlink_to(precious)
    with pytest.raises(SiteError, match="symbolic link"):
        prepare_output_dir(str(link))


def test_cli_site_refuses_docs_and_out_folders_it_did_not_make(tmp_path):
    from checker.cli import main

    precious = tmp_path / "docs"
    precious.mkdir()
    (precious / "notes.md").write_text("mine", encoding="utf-8")
    assert main(["site", "--docs", str(precious), "--no-build"]) == 2
    assert main(["site", "--docs", str(tmp_path / "d"), "--out", str(precious)]) == 2
    assert (precious / "notes.md").read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "d").exists()  # refused before anything was written


def test_kb_values_never_leave_the_docs_folder():
    from checker.site.urls import entity_url, period_url, segment, slug

    assert segment("eu") == "eu" and segment("VII") == "vii"
    for bad in ("../../etc", "/abs", "a/b", "..", "<script>"):
        seg = segment(bad)
        assert "/" not in seg and ".." not in seg and "<" not in seg
    assert period_url("../x", "VII").count("/") == 2
    assert slug("VÄSTERGÖTALAND") == "vastergotaland" and slug("Øresund") == "oresund" and slug("***") == "x"
    assert entity_url("province", "../../x") == "entities/province/x/"


def test_markdown_escaping_of_kb_text():
    import markdown
    from markupsafe import Markup

    from checker.site.mdtext import md

    payload = "1. [a](javascript:x) <b>*em*</b> `c` {: #id .x} | # _u_ <!-- c -->"
    conv = markdown.Markdown(extensions=["attr_list", "tables", "admonition", "fenced_code", "toc"])
    for template in ("{}", "## {} {{#h}}", "- {}", "| a |\n| --- |\n| {} |"):
        html = conv.reset().convert(template.format(md(payload)))
        for bad in ("<a", "<b>", "<em>", "<code>", 'id="id"', 'class="x"', "<!--", "<ol"):
            assert bad not in html, (template, html)
        assert "[a](javascript:x)" in html and "*em*" in html and "{: #id .x}" in html
    # A list marker at the start of a text stays text (only there does it make a list).
    for payload in ("- a", "+ b", "3) c", "4. d", "  - e"):
        html = conv.reset().convert(str(md(payload)))
        assert "<ul" not in html and "<ol" not in html and payload.strip() in html, (payload, html)
    # Tags we wrote stay; entities are not broken by escaping '#'.
    assert str(md(Markup('<a href="x_y">8:VII</a> &#39;'))) == '<a href="x_y">8:VII</a> &#39;'


def test_copied_permalink_marks_are_not_shown_in_headings():
    from checker.core.model import Block
    from checker.site.build import _heading_text

    assert _heading_text(Block("heading", "Gain G #", 3)) == "Gain G"
    assert _heading_text(Block("paragraph", "Roll a die #", 4)) == "Roll a die #"  # only headings


@pytest.mark.slow
def test_rulekb_site_shows_progress_says_how_to_view_and_serves_on_localhost(tmp_path, mini_kb):
    import re
    import subprocess
    import sys
    import urllib.request

    from tests.conftest import TWO_EVENTS

    root = mini_kb({"two.txt": TWO_EVENTS.format(ref="1:VII")}, "VII")
    docs, out = tmp_path / "docs", tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "checker.cli", "site", "--kb", str(root), "--docs", str(docs),
                           "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    for step in ("running the checks", "writing 2 event pages", "building the static site", "rulekb site --serve",
                 "http://127.0.0.1:8000/"):
        assert step in proc.stderr, (step, proc.stderr)
    serve = subprocess.Popen([sys.executable, "-m", "checker.cli", "site", "--kb", str(root), "--docs", str(docs),
                              "--out", str(out), "--serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for line in serve.stderr:
            m = re.search(r"serving .* at (http://127\.0\.0\.1:\d+/)", line)
            if m:
                url = m.group(1)
                break
        assert url, "no 'serving' line"
        with urllib.request.urlopen(url + "eu/vii/2/", timeout=30) as resp:
            assert b"SECOND" in resp.read()
    finally:
        serve.terminate()
        serve.wait(timeout=30)


def test_benchmark_judges_the_site_goals():
    """The site goals of issues 17 and 18 are judged from the benchmark's site rows."""
    from bench.run import render_markdown

    def row(median, cpu):
        return {"median": median, "min": median, "max": median, "peak_rss_mb": 50, "runs": 3, "cpu_median": cpu}

    results = {"date": "d", "machine": "m", "runs": 3, "seconds": 1.0, "argv": "--sizes 1000", "kbs": {
        "1000": {"events": 1000, "stages": {"sitebuild": row(10.0, 7.2), "sitefloor": row(5.0, 5.0),
                                            "site": row(15.0, 12.0)}}}}
    out = render_markdown(results)
    assert "1.44× — **not met**" in out and "mkdocs on rulekb's pages 7.200 s = 1.44×" in out
    assert "`rulekb site` of 1,000 events under 60 s (wall clock, load average in the notes): CPU 12.000 s " \
           "(wall 15.000 s) — **met**" in out
    results["kbs"]["1000"]["stages"]["sitebuild"] = row(6.0, 5.9)
    assert "1.18× — **met**" in render_markdown(results)
