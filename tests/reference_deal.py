"""An independent implementation of the deal-code algorithm, written from the spec in
docs/conformidad/codigos.md (not from ddz.codes), to check ddz and to produce corpus data."""

from __future__ import annotations

ALPHA = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
M = 2**64


def luhn32_check(digits: list[int]) -> int:
    # Luhn mod N: from the rightmost data digit, double every other digit (starting with it),
    # sum the base-N digits of each product, and choose the check that makes the sum 0 mod N.
    s = 0
    for pos, d in enumerate(digits[::-1]):
        x = d * 2 if pos % 2 == 0 else d
        s += x // 32 + x % 32
    return -s % 32


def code_for(seed: int) -> str:
    digits = [seed >> (35 - 5 * i) & 31 for i in range(8)]
    digits.append(luhn32_check(digits))
    return "".join(ALPHA[d] for d in digits)


def reference_deals(code: str, count: int = 4) -> list[tuple[list[str], str, int]]:
    text = code.replace("-", "").upper()
    seed = 0
    for ch in text[:8]:
        seed = seed * 32 + ALPHA.index(ch)
    state = seed

    def nxt() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % M
        z = state
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 % M
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB % M
        return z ^ (z >> 31)

    ranks = "3456789TJQKA2"
    out = []
    for _ in range(count):
        deck = [r for r in ranks for _ in "SHCD"] + ["B", "R"]
        for i in range(53, 0, -1):
            j = nxt() % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        order = "3456789TJQKA2BR"
        hands = ["".join(sorted(deck[seat:51:3], key=order.index)) for seat in range(3)]
        kitty = "".join(sorted(deck[51:], key=order.index))
        out.append((hands, kitty, nxt() % 3))
    return out
