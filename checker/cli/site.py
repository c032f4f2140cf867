"""``rulekb site``."""

from __future__ import annotations

import os

from ..site.publish import _build_with, _put_in_place, _staging, resolved_output, site_settings
from .common import EXIT_ERROR, EXIT_OK, _err, kb_arg
from .kbroot import _display_path, _project_dir, kb_root


def cmd_site(args) -> int:
    """Write the pages and build the site into staging folders beside the outputs; only a build that succeeded
    replaces them, so a failure (an exception, a full disk, Ctrl-C) leaves the previous output as it was and no
    half-written folder behind."""
    import shutil
    import time

    from ..kb.store import load_kb
    from ..site.build import SiteError, check_output_dir, generate_pages

    def say(msg: str) -> None:
        _err(f"site: {msg}")

    root = kb_root(args)
    project = _project_dir(root)
    docs = args.docs or os.path.join(project, "site", "docs_gen")
    out = args.out or os.path.join(project, "site_build")
    start = time.perf_counter()
    try:
        check_output_dir(docs)  # a link as the folder itself is refused as it was named
        if not args.no_build:
            check_output_dir(out)
        docs, out = resolved_output(docs, project), resolved_output(out, project)  # then only real paths
        check_output_dir(docs)
        settings = None
        if not args.no_build:
            check_output_dir(out)
            settings = site_settings()  # before the slow part: a broken installation is said at once
    except SiteError as exc:
        _err(f"site: {exc}")
        return EXIT_ERROR
    load = load_kb(root)
    say(f"loaded the knowledge base {load.kb.root}")
    staged: list[str] = []
    try:
        docs_tmp = _staging(docs)
        staged.append(docs_tmp)
        pages = generate_pages(load, docs_tmp, compare_ref=args.compare, progress=say)
        say(f"wrote {pages} pages in {time.perf_counter() - start:.1f} s")
        if not args.no_build:
            start = time.perf_counter()
            say("building the static site with mkdocs")
            out_tmp = _staging(out)
            staged.append(out_tmp)
            config_tmp = _staging(out + "-config")
            staged.append(config_tmp)
            _build_with(settings, docs_tmp, out_tmp, config_tmp)
            say(f"built the site in {time.perf_counter() - start:.1f} s")
            _put_in_place(out_tmp, out)
            staged.remove(out_tmp)
        _put_in_place(docs_tmp, docs)
        staged.remove(docs_tmp)
    except SiteError as exc:
        _err(f"site: {exc}")
        return EXIT_ERROR
    except OSError as exc:
        _err(f"site: cannot write {exc.filename or ''}: {exc.strerror or exc}")
        return EXIT_ERROR
    except Exception as exc:  # noqa: BLE001 - mkdocs' own errors (a strict-mode warning, a plugin): exit 2, said
        _err(f"site: the site build failed: {type(exc).__name__}: {exc}")
        return EXIT_ERROR
    finally:
        for folder in staged:
            shutil.rmtree(folder, ignore_errors=True)
    say(f"wrote the Markdown to {_display_path(docs)}")
    if args.no_build:
        return EXIT_OK
    say(f"built {_display_path(out)}")
    if args.serve:
        return _serve_site(out, args.port)
    say(f"to view it, run `rulekb site --serve` (or `python -m http.server -d {_display_path(out)} -b 127.0.0.1 8000`) and "
        "open http://127.0.0.1:8000/ — opened straight from disk, its links lead to folder listings")
    return EXIT_OK


def _serve_site(root: str, port: int) -> int:
    """Serve the built site on 127.0.0.1 only (never on every interface) until interrupted."""
    import functools
    import http.server

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass

    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=root))
    except OSError as exc:
        _err(f"site: cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}; try --port")
        return EXIT_ERROR
    _err(f"site: serving {root} at http://127.0.0.1:{httpd.server_address[1]}/ "
                      "(Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("site", help="build the browsable rules site (jinja2 → Markdown → mkdocs-material)",
                       description="Write one Markdown page per event, rule entry, check, entity, the glossary, the "
                                   "errata and the indexes, then build the static site with mkdocs (strict). The "
                                   "output folders must be new, empty, or made by rulekb site before (it leaves a "
                                   ".rulekb-site marker): any other folder is refused, never emptied.")
    p.add_argument("--docs", default=None, metavar="DIR",
                   help="where the Markdown goes (default: site/docs_gen next to the KB folder)")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="where the static site goes (default: site_build next to the KB folder)")
    p.add_argument("--no-build", action="store_true", help="only write the Markdown")
    p.add_argument("--compare", metavar="GIT_REF", help="add a page per event changed since this git revision of "
                   "the KB: the text word by word and what changed in the logic (read with git show; nothing is "
                   "checked out)")
    p.add_argument("--serve", action="store_true", help="after building, serve the site on 127.0.0.1 (Ctrl-C stops)")
    p.add_argument("--port", type=int, default=8000, metavar="N", help="port for --serve (default 8000; 0 = any free)")
    kb_arg(p)
    p.set_defaults(func=cmd_site)
