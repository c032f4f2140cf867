"""The rules site: Markdown pages written by jinja2 from the KB and its findings, built by mkdocs-material.

Generation (``build.generate_pages``) writes plain files and depends on no mkdocs plugin, so the site can move
to another builder. Every KB string reaches the page escaped (jinja2 autoescape, markupsafe), inside raw HTML
blocks that Markdown does not interpret, so event text can neither inject HTML nor Markdown links.
"""
