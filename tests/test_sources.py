"""Source rules that keep the compiled and the uncompiled build the same."""
import io
import tokenize

from helpers import compiled_modules, module_path


def test_no_small_int_left_shifts_or_powers_in_compiled_modules():
    # Inside a compiled function `1 << n` is C int arithmetic (1 << 31 is negative, 1 << 32 wraps)
    # and `2 ** n` is C long arithmetic (2 ** 63 overflows). Compiled modules shift ONE, a
    # declared 64-bit 1, instead.
    offenders = []
    for name in compiled_modules():
        path = module_path(name)
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
                  if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
        for a, b in zip(tokens, tokens[1:]):
            if a.type == tokenize.NUMBER and b.string in ("<<", "**"):
                offenders.append(f"{path.name}:{a.start[0]}: {a.line.strip()}")
    assert offenders == []
