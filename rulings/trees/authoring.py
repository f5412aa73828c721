"""Read the director-editable authoring source (YAML in ``data/``) with line numbers.

Every mapping read from YAML remembers the line it starts on, so that a pydantic
validation error can be reported as ``file:line: field: message`` instead of a
traceback. Also runs the structural validation of :mod:`arbitre.rulings.trees.validate`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T
from arbitre.rulings.trees.model import Law, Tree


class _LineDict(dict[Any, Any]):
    """A dict that knows the (1-based) line of its YAML mapping."""

    line: int = 0


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> _LineDict:
    loader.flatten_mapping(node)
    result = _LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise InputError(
                T("clé en double {k!r}", "duplicate key {k!r}").format(k=key), line=key_node.start_mark.line + 1
            )
        result[key] = loader.construct_object(value_node, deep=True)
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
# YAML 1.1 reads `yes`/`no`/`on`/`off` as booleans; answer codes are strings here.
for _first, _resolvers in list(_Loader.yaml_implicit_resolvers.items()):
    _Loader.yaml_implicit_resolvers[_first] = [r for r in _resolvers if r[0] != "tag:yaml.org,2002:bool"]
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", __import__("re").compile(r"^(?:true|false)$"), list("tf"))


def load_yaml(path: Path) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_Loader)
    except InputError as err:
        err.source = str(path)
        raise
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise InputError(
            T("YAML illisible : {e}", "unreadable YAML: {e}").format(e=getattr(err, "problem", err)),
            source=str(path),
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except UnicodeDecodeError as err:
        raise InputError(T("fichier non UTF-8 : {e}", "file is not UTF-8: {e}").format(e=err), source=str(path)) from None


def _line_of(doc: Any, loc: tuple[int | str, ...]) -> int | None:
    """The line of the deepest mapping on the path ``loc`` inside ``doc``."""
    line = getattr(doc, "line", None)
    cur = doc
    for part in loc:
        try:
            cur = cur[part]
        except (KeyError, IndexError, TypeError):
            break
        line = getattr(cur, "line", line)
    return line


def _validation_error(path: Path, doc: Any, err: ValidationError, offset: tuple[int | str, ...] = ()) -> InputError:
    first = err.errors()[0]
    loc = offset + tuple(first["loc"])
    field = ".".join(str(p) for p in loc) or "(document)"
    msg = first["msg"]
    more = len(err.errors()) - 1
    extra_en = f" (+{more} more)" if more else ""
    extra_fr = f" (+{more} autres)" if more else ""
    return InputError(
        T(f"champ {field} : {msg}{extra_fr}", f"field {field}: {msg}{extra_en}"),
        token=field,
        source=str(path),
        line=_line_of(doc, loc),
    )


def load_tree_file(path: Path) -> Tree:
    doc = load_yaml(path)
    try:
        return Tree.model_validate(doc)
    except ValidationError as err:
        raise _validation_error(path, doc, err) from None


def load_law_file(path: Path) -> list[Law]:
    doc = load_yaml(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("laws"), list):
        raise InputError(T("attendu : une clé 'laws' (liste)", "expected: a 'laws' key (a list)"), source=str(path), line=1)
    laws = []
    for i, item in enumerate(doc["laws"]):
        try:
            laws.append(Law.model_validate(item))
        except ValidationError as err:
            raise _validation_error(path, doc, err, offset=("laws", i)) from None
    return laws


def load_source(root: Path, game: str = "bridge") -> tuple[list[Tree], list[Law]]:
    """Read ``root/<game>/trees/*.yaml`` and ``root/<game>/laws/*.yaml``; validate all."""
    from arbitre.rulings.trees.validate import validate

    trees = [load_tree_file(p) for p in sorted((root / game / "trees").glob("*.yaml"))]
    laws: list[Law] = []
    for p in sorted((root / game / "laws").glob("*.yaml")):
        laws.extend(load_law_file(p))
    problems = validate(trees, laws)
    if problems:
        first = problems[0]
        raise InputError(
            T("{n} problème(s) ; premier : {p}", "{n} problem(s); first: {p}").format(n=len(problems), p=first),
            source=str(root / game),
        )
    return trees, laws
