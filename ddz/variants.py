"""Named rule variants. ``STANDARD`` is source 000 plus source 002 (three redeals)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .messages import CodedError


class VariantError(CodedError):
    """A variant name that cannot be read: an unknown flag (a ``ValueError``; catalog code
    ``variant.unknown``)."""

    group = "variant"


class VariantTypeError(VariantError, TypeError):
    """A variant given as something other than text or a :class:`Variant` (also a ``TypeError``;
    catalog code ``variant.not_text``)."""


FLAG_DOCS: dict[str, str] = {
    "four_two_distinct_singles": "the two singles of a four-with-two must differ (source 003)",
    "jokers_as_kickers": "both jokers may be kickers of the same play",
    "trio_as_kickers": "a value may appear three times among airplane kickers (RLCard)",
    "unlimited_redeals": "redeal after every all-pass, forever (source 000 alone)",
}


@dataclass(frozen=True, slots=True)
class Variant:
    """A set of rule flags; every flag off is the ``standard`` game."""

    four_two_distinct_singles: bool = False
    jokers_as_kickers: bool = False
    trio_as_kickers: bool = False
    unlimited_redeals: bool = False

    @property
    def flags(self) -> tuple[str, ...]:
        """Names of the flags that are on."""
        return tuple(f.name for f in fields(self) if getattr(self, f.name))

    @property
    def name(self) -> str:
        return "+".join(("standard",) + self.flags)

    @property
    def max_redeals(self) -> int | None:
        """How many redeals before the opener is forced to be landlord (None = never)."""
        return None if self.unlimited_redeals else 3

    @classmethod
    def parse(cls, spec: str | Variant | None) -> Variant:
        """Read ``"standard"``, ``"standard+jokers_as_kickers"`` or ``"jokers_as_kickers"``."""
        if spec is None:
            return STANDARD
        if isinstance(spec, Variant):
            return spec
        if not isinstance(spec, str):
            raise VariantTypeError("not_text", {"type": type(spec).__name__})
        flags: dict[str, bool] = {}
        for part in spec.replace(",", "+").split("+"):
            part = part.strip()
            if part in ("", "standard"):
                continue
            if part not in FLAG_DOCS:
                known = ", ".join(FLAG_DOCS)
                raise VariantError("unknown", {"flag": part, "known": known})
            flags[part] = True
        return replace(STANDARD, **flags) if flags else STANDARD


STANDARD = Variant()
"""The standard game: every flag off (what every function takes when no variant is given)."""

__all__ = [
    "STANDARD",
    "Variant",
    "VariantError",
    "VariantTypeError",
]
