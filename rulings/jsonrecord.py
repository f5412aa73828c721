"""Reading a recorded game from JSON into its pydantic model, for every game's checker.

One reader, so that every record (belote, coinche, tresillo) fails the same way: invalid
JSON names the line and column; a document that does not fit the schema names the field.
pydantic is imported only to validate (:func:`validate`): a checker that reads a plainly
right record without it (:mod:`arbitre.rulings.plainrecord`) uses :func:`read_json` alone.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

if TYPE_CHECKING:  # pydantic is imported when a document is validated, not to read JSON
    from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound="BaseModel")


def field_path(loc: tuple[Any, ...], brackets: bool = True) -> str:
    """A pydantic error location as text: ``manches[0].plis`` (brackets) or ``coups.0.tricks``."""
    out = ""
    for part in loc:
        if brackets and isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "$"


def field_error(err: ValidationError, source: str | None, brackets: bool = True) -> InputError:
    """The first schema error as an :class:`InputError` naming the field (and how many more)."""
    first = err.errors()[0]
    path = field_path(tuple(first["loc"]), brackets)
    count = err.error_count()
    more_fr = f" (et {count - 1} autre(s) erreur(s))" if count > 1 else ""
    more_en = f" (and {count - 1} more error(s))" if count > 1 else ""
    msg = first["msg"]
    return InputError(T(f"champ {path} : {msg}{more_fr}", f"field {path}: {msg}{more_en}"), token=path, source=source)


def read_json(text: str, source: str | None = None) -> Any:
    """The JSON ``text`` as Python data; an :class:`InputError` (never a traceback) for invalid
    JSON (line, column, the text there)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(
            T(f"JSON invalide : {err.msg}", f"invalid JSON: {err.msg}"),
            token=next(iter(text[err.pos:err.pos + 20].splitlines()), "") or None,
            line=err.lineno, column=err.colno, source=source,
        ) from None
    except RecursionError:
        raise InputError(T("JSON trop imbriqué", "JSON nested too deeply"), source=source) from None


def validate(data: Any, model: type[M], source: str | None = None,
             on_invalid: Callable[[ValidationError, Any], InputError] | None = None) -> M:
    """``data`` validated by ``model``; an :class:`InputError` for a document the schema refuses
    (``on_invalid(error, data)``, by default :func:`field_error`)."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise (on_invalid(err, data) if on_invalid else field_error(err, source)) from None


def load_model(text: str, model: type[M], source: str | None = None,
               on_invalid: Callable[[ValidationError, Any], InputError] | None = None) -> M:
    """``model`` read from the JSON ``text``: :func:`read_json`, then :func:`validate`."""
    return validate(read_json(text, source), model, source, on_invalid)
