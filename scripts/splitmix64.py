"""SplitMix64: Kuchi's SeededGenerator in Python, so the FSRS oracles draw the very same fuzz.

Shared by scripts/fsrs-oracle.py and scripts/sync-oracle.py (imported from this folder).
"""

MASK = (1 << 64) - 1


class SplitMix64:
    """The generator of Kuchi's SeededGenerator, so both sides draw the same fuzz."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def random(self):
        """A uniform float in [0, 1) from the top 53 bits, as FSRSFuzz.unitRandom draws it."""
        return (self.next() >> 11) * 2.0**-53
