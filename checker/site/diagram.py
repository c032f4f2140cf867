"""The prerequisite chain of an event as a diagram: Mermaid source, and the same graph laid out as inline SVG.

The SVG is drawn here (layered layout: each event one column further right than everything it requires), so
the site shows the diagram without any JavaScript and without loading anything from the network; the Mermaid
source is shown next to it for reuse.
"""

from __future__ import annotations

import textwrap

from markupsafe import Markup, escape

from ..core.ids import event_sort_key as _id_key


def event_sort_key(event_id: str) -> tuple:
    """A total order of one game's ids (period, number, then the id itself: free period labels tie otherwise)."""
    return (_id_key(event_id), event_id)


BOX_W, BOX_H, GAP_X, GAP_Y = 180, 56, 60, 16
TITLE_CHARS = 24  # per line of a box; two lines at most
MAX_DEPTH = 3  # requirements drawn this many steps back
MAX_NODES = 24  # at most this many requirements, and at most MAX_DEPENDENTS events that need this one
MAX_DEPENDENTS = 8


def chain(graph: dict[str, set[str]], event: str, dependents: dict[str, set[str]] | None = None
          ) -> tuple[set[str], set[tuple[str, str]]]:
    """A bounded neighbourhood of ``event``: what it requires, up to MAX_DEPTH steps and MAX_NODES events (breadth
    first, in id order), and the events that require it directly (at most MAX_DEPENDENTS). Iterative, so a chain of
    any length is walked without recursion, and every page draws a bounded diagram (output linear in the KB)."""
    nodes, edges = {event}, set()
    frontier = [event]
    for _ in range(MAX_DEPTH):
        nxt = []
        for e in frontier:
            for req in sorted(graph.get(e, ()), key=event_sort_key):
                if req in nodes:
                    edges.add((e, req))
                elif len(nodes) <= MAX_NODES:
                    nodes.add(req)
                    edges.add((e, req))
                    nxt.append(req)
        frontier = nxt
    if dependents is None:
        dependents = {}
        for other, reqs in graph.items():
            for r in reqs:
                dependents.setdefault(r, set()).add(other)
    for other in sorted(dependents.get(event, ()), key=event_sort_key)[:MAX_DEPENDENTS]:
        nodes.add(other)
        edges.add((other, event))
    return nodes, edges


def mermaid(nodes: set[str], edges: set[tuple[str, str]], titles: dict[str, str]) -> str:
    ids = {n: f"e{k}" for k, n in enumerate(sorted(nodes, key=event_sort_key))}
    lines = ["graph LR"]
    for n in sorted(nodes, key=event_sort_key):
        label = f"{n} {titles.get(n, '')}".strip().replace('"', "'")
        lines.append(f'  {ids[n]}["{label}"]')
    for a, b in sorted(edges):
        lines.append(f"  {ids[b]} --> {ids[a]}")
    return "\n".join(lines)


def svg(nodes: set[str], edges: set[tuple[str, str]], titles: dict[str, str], links: dict[str, str],
        current: str) -> Markup:
    """Prerequisites on the left, the events that need them to the right; arrows point from requirement to event."""
    requires: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in edges:
        requires[a].add(b)
    # Columns by breadth-first distance from the current event (requirements to the left, events that need it to
    # the right): no recursion, a cycle is drawn rather than followed, and the layout depends on ids only.
    dist = {current: 0}
    queue = [current]
    for n in queue:
        for r in sorted(requires[n], key=event_sort_key):
            if r not in dist:
                dist[r] = dist[n] + 1
                queue.append(r)
    far = max(dist.values())
    layer = {n: far - d for n, d in dist.items()}
    for n in nodes:
        if n not in layer:  # an event that needs the current one
            layer[n] = far + 1
    columns: dict[int, list[str]] = {}
    for n in sorted(nodes, key=event_sort_key):
        columns.setdefault(layer[n], []).append(n)
    pos = {}
    for col, items in columns.items():
        for row, n in enumerate(items):
            pos[n] = (10 + col * (BOX_W + GAP_X), 10 + row * (BOX_H + GAP_Y))
    width = 20 + (max(columns) + 1) * (BOX_W + GAP_X) - GAP_X
    height = 20 + max(len(v) for v in columns.values()) * (BOX_H + GAP_Y) - GAP_Y
    parts = [f'<svg class="rk-diagram" role="img" xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}"><title>{escape("Prerequisite chain of " + current)}'
             '</title><defs><marker id="rk-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
             'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z"/></marker></defs>']
    for a, b in sorted(edges):
        (x1, y1), (x2, y2) = pos[b], pos[a]
        parts.append(f'<line x1="{x1 + BOX_W}" y1="{y1 + BOX_H / 2}" x2="{x2}" y2="{y2 + BOX_H / 2}" '
                     'class="rk-edge" marker-end="url(#rk-arrow)"/>')
    for n in sorted(nodes, key=event_sort_key):
        x, y = pos[n]
        cls = "rk-node rk-current" if n == current else "rk-node"
        title = titles.get(n, "")
        lines = _title_lines(title)
        box = (f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6"/>'
               f'<text x="{x + 8}" y="{y + 16}" class="rk-node-id">{escape(n)}</text>'
               + "".join(f'<text x="{x + 8}" y="{y + 32 + 14 * k}" class="rk-node-title">{escape(line)}</text>'
                         for k, line in enumerate(lines)))
        href = links.get(n)
        if href and n != current:
            parts.append(f'<a href="{escape(href)}" class="{cls}"><title>{escape(n + " " + title)}</title>{box}</a>')
        else:
            parts.append(f'<g class="{cls}"><title>{escape(n + " " + title)}</title>{box}</g>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _title_lines(title: str) -> list[str]:
    """The title in at most two lines of a box, broken between words; an ellipsis only if it is longer still."""
    lines = textwrap.wrap(title, TITLE_CHARS) or [""]
    if len(lines) > 2:
        lines = [lines[0], textwrap.shorten(" ".join(lines[1:]), TITLE_CHARS, placeholder=" …")]
    return lines
