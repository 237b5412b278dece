"""Engine speed: ``python -m scout_core.bench [--games N] [--players P] [--seed S]``.

Reports full random games per second (every move drawn uniformly from ``legal_moves()``) and
the microseconds one ``legal_moves()`` call takes on mid-round positions, on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .game import Game


def random_game(players: int, seed: int, rng: random.Random) -> Game:
    """Play one whole game choosing uniformly among the legal moves."""
    game = Game.new(players=players, seed=seed)
    while game.phase != "over":
        game = game.play(rng.choice(game.legal_moves()))
    return game


def games_per_second(players: int, games: int, seed: int) -> tuple[float, float]:
    """Random whole games per second, and the mean number of moves per game."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        moves += len(random_game(players, seed + i, rng).moves)
    return games / (time.perf_counter() - start), moves / games


def mid_round_positions(players: int, count: int, seed: int) -> list[Game]:
    """Play-phase positions from the middle of random rounds."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game.new(players=players, seed=rng.randrange(2**31))
        seen: list[Game] = []
        while game.round == 1 and game.phase != "over":
            if game.phase == "play":
                seen.append(game)
            game = game.play(rng.choice(game.legal_moves()))
        if seen:
            found.append(seen[len(seen) // 2])
    return found


def legal_moves_microseconds(games: list[Game], repeat: int = 20) -> list[float]:
    """Per position, the best of ``repeat`` timings of generating its legal moves, in us."""
    timings = []
    for game in games:
        position = game.position
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            position.legal_moves()
            best = min(best, time.perf_counter() - start)
        timings.append(best * 1e6)
    return timings


def main(argv: list[str] | None = None) -> None:
    """Print the engine's speed figures."""
    parser = argparse.ArgumentParser(prog="python -m scout_core.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="random games to play")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--positions", type=int, default=500, help="mid-round positions")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rate, length = games_per_second(args.players, args.games, args.seed)
    print(f"random {args.players}-player games: {rate:.0f} games/s ({length:.1f} moves a game)")
    games = mid_round_positions(args.players, args.positions, args.seed)
    report("mid-round positions", games)
    # Random play spends Scout & Show early; positions where the mover still has it are the
    # costly ones (every scout followed by every show), so they get their own line.
    report(
        "of them with Scout & Show unspent",
        [g for g in games if g.position.scout_show[g.position.to_move]],
    )


def report(label: str, games: list[Game]) -> None:
    """Print the median and 95th percentile of legal_moves() over these positions."""
    timings = legal_moves_microseconds(games)
    if len(timings) < 2:
        print(f"legal_moves() on {label}: too few positions")
        return
    high = statistics.quantiles(timings, n=20)[-1]
    print(
        f"legal_moves() on {len(timings)} {label}: median "
        f"{statistics.median(timings):.1f} us, 95th percentile {high:.1f} us"
    )


if __name__ == "__main__":
    main()
