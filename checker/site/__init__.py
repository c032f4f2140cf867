"""The rules site: Markdown pages written by jinja2 from the KB and its findings, built by mkdocs-material.

Generation (``build.generate_pages``) writes plain files and depends on no mkdocs plugin, so the site can move
to another builder. Every KB string reaches the page escaped: HTML-escaped by jinja2 autoescape and markupsafe,
and Markdown-escaped where it stands in Markdown (``mdtext.md``); the verbatim text stays in raw HTML blocks that
Markdown does not interpret; navigation titles are escaped too. So event text can inject neither HTML nor Markdown
links, and no KB value (game, period, name) becomes a path outside the docs folder (``urls.segment``, ``urls.slug``).
"""
