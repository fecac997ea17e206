"""Adapters to other Dou Dizhu engines (optional extra ``peers``: RLCard, DouZero)."""
