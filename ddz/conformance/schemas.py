"""The suite's JSON schemas (``data/schemas/``) and validators that resolve their references.

``case-file`` (a corpus YAML file), ``protocol`` (the JSON-lines messages), ``ops`` (each op's
``input``, ``result`` and ``expect``, referenced by the other two) and ``report`` (the lines of
``ddz-conformance run --format json``). A schema refers to another by its file name
(``ops.schema.json#/$defs/ops/classify/result``), resolved against the same folder.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from .corpus import packaged_dir

NAMES = ("case-file", "protocol", "ops", "report")
"""The schemas, by name: ``<name>.schema.json`` in ``data/schemas/``."""


def schema_dir() -> Path:
    """The packaged schemas folder."""
    return packaged_dir() / "schemas"


@lru_cache(maxsize=8)
def load(name: str) -> dict[str, Any]:
    """The packaged schema ``name`` (one of :data:`NAMES`) as JSON."""
    if name not in NAMES:
        raise KeyError(name)
    schema: dict[str, Any] = json.loads((schema_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
    return schema


def validator(schema: dict[str, Any], pointer: str | None = None) -> Any:
    """A draft 2020-12 validator of ``schema`` (at ``pointer``, a ``#/…`` fragment, if given) whose
    references to the other packaged schemas resolve."""
    import jsonschema
    from referencing import Registry, Resource

    registry: Registry[Any] = Registry().with_resources(
        (load(n)["$id"], Resource.from_contents(load(n))) for n in NAMES
    )
    if pointer not in (None, "#"):
        schema = {**schema, "$ref": pointer}
    return jsonschema.Draft202012Validator(schema, registry=registry)


@lru_cache(maxsize=32)
def packaged_validator(name: str, pointer: str | None = None) -> Any:
    """:func:`validator` of the packaged schema ``name`` (cached)."""
    return validator(load(name), pointer)
