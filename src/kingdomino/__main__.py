"""``python -m kingdomino``: the same as the ``kingdomino`` command."""

from kingdomino.cli import main

if __name__ == "__main__":
    main()
