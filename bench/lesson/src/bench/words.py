"""A million-event teaching program: small functions, a dict, a list that changes."""


def score(word, weights):
    total = 0
    for ch in word:
        total += weights.get(ch, 1)
    return total


def run(rounds):
    words = ["alpha", "beta", "gamma", "delta"]
    weights = {"a": 3, "e": 2, "l": 1}
    best = []
    for r in range(rounds):
        word = words[r % 4]
        points = score(word, weights)
        if len(best) < 5:
            best.append(points)
        else:
            best[r % 5] = points
    return best
