"""Hypothesis strategies shared by the tests: bitboards that are random, sparse, dense or edge."""
from hypothesis import strategies as st

ALL = (1 << 64) - 1
EDGE_VALUES = [0, 1, 1 << 63, ALL, ALL - 1, ALL >> 1, 0x8000000000000001] + [1 << i for i in range(64)]

squares = st.integers(0, 63)
uniform = st.integers(0, ALL)
sparse = st.lists(squares, max_size=4).map(lambda sqs: sum({1 << s for s in sqs}))
dense = sparse.map(lambda b: ALL ^ b)
edge = st.sampled_from(EDGE_VALUES)
bitboards = st.one_of(uniform, sparse, dense, edge)
nonempty = bitboards.filter(bool)
