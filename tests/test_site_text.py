"""Fast checks of how the site words and draws things (no mkdocs, no browser)."""

from __future__ import annotations

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
