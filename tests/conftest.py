import os

from hypothesis import HealthCheck, settings

# CI runs a fixed example sequence (no flaky landings); locally each run explores new inputs.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
