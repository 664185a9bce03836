"""The rules core: standard library only, no I/O beyond reading the package's data."""
