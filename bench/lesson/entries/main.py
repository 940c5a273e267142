from words import run

print(run(ROUNDS))
