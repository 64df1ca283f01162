"""JSON numbers that once made a 500 or a long stall, and that hypothesis never writes (it
serializes floats): past the decimal context's exponent (1e1000000 overflowed it), past int()'s
4300 digits, at the decimal module's limit, and their tiny twins. Each is a 4xx in any field."""

EXTREME_NUMBERS = [
    "1e1000000",
    "-1e1000000",
    "1E+999999999999999999",
    "1e-1000000",
    "-1e-999999999999999999",
    "9" * 5000,
    "-" + "9" * 5000,
    "0." + "0" * 5000 + "1",
]
