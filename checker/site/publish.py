"""Publishing a built site: the mkdocs settings to build with, a staging folder beside the output, and the one
rename that puts a finished build in place (a failed build leaves the previous output as it was); the output
folder's real path, checked against the project (``rulekb site`` runs these: ``checker/cli/site.py``)."""

from __future__ import annotations

import os


def site_settings() -> str:
    """The site's mkdocs settings: the repository's ``mkdocs.yml`` in a checkout, else the copy installed as package
    data beside the templates (``checker/site_files/mkdocs.yml``; in the repository ``site/mkdocs.yml`` is a link
    to the one ``mkdocs.yml``, which the wheel stores as a file)."""
    from . import build

    packaged = build.TEMPLATES.parent / "mkdocs.yml"
    for candidate in (build.ROOT / "mkdocs.yml", packaged):
        if candidate.is_file():
            return str(candidate)
    raise build.SiteError(f"the site's mkdocs settings are missing (neither {build.ROOT / 'mkdocs.yml'} nor "
                          f"{packaged}): reinstall rulekb")


def _build_with(settings: str, docs: str, out: str, config_dir: str) -> None:
    """``build_site`` with the settings file ``settings`` (build_site reads ``ROOT/mkdocs.yml``: ROOT is pointed at
    the installed copy's folder for the build when the package runs without the repository)."""
    from pathlib import Path

    from . import build

    folder = Path(settings).parent
    if folder == build.ROOT:
        build.build_site(docs, out, config_dir=config_dir)
        return
    saved = build.ROOT
    build.ROOT = folder
    try:
        build.build_site(docs, out, config_dir=config_dir)
    finally:
        build.ROOT = saved


def _staging(target: str) -> str:
    """A new folder beside ``target`` (same file system, so the finished output moves in with one rename)."""
    import tempfile

    parent = os.path.dirname(os.path.abspath(target)) or "."
    os.makedirs(parent, exist_ok=True)
    return tempfile.mkdtemp(prefix=f".{os.path.basename(os.path.abspath(target))}.rulekb-", dir=parent)


def _put_in_place(staged: str, target: str) -> None:
    """Replace ``target`` (absent, empty, or made by rulekb: checked before) by the finished ``staged`` folder."""
    import shutil

    from .build import check_output_dir

    check_output_dir(target)  # again, right before replacing it
    old = None
    if os.path.isdir(target):
        old = staged + ".old"
        os.rename(target, old)
    os.rename(staged, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def resolved_output(path: str, project: str) -> str:
    """The real path of an output folder (every symbolic link in it, parents included, resolved), which is then
    the only path checked and written: a link swapped in later cannot redirect the writes. A folder named inside
    the project whose real path lies outside it (a ``site`` link that a pull request added) is refused."""
    from .build import SiteError

    full = os.path.abspath(path)
    real = os.path.realpath(full)
    home, real_home = os.path.abspath(project), os.path.realpath(project)

    def within(p: str, folder: str) -> bool:
        return p == folder or p.startswith(folder.rstrip(os.sep) + os.sep)

    if within(full, home) and not within(real, real_home):
        raise SiteError(f"{path}: a symbolic link in its path leads outside the project folder {project} (to "
                        f"{real}); refused: rulekb writes the site only into real folders of the project")
    return real
