ROUNDS = {"small": 50, "large": 52_000}[SCENARIO]
