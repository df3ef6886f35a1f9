"""A small exact min-cost flow solver: successive shortest paths, Dijkstra with potentials, convex edges.

Used by the rebalancing planner to decide, over the whole bank at once, which positions receive the keys
that do not divide evenly. An edge has a fixed cost per unit, or a convex cost given by ``marginal(k)``, the
cost of its (k+1)-th unit (nondecreasing in k): the bank's evenness is a sum of squares, whose growth
``(b + k + 1)² - (b + k)²`` is such a marginal cost. Deterministic: the same graph (edges added in the same
order) always gives the same flow.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

_INFINITY = float("inf")


@dataclass
class _Edge:
    start: int
    end: int
    capacity: int
    cost: int
    marginal: Callable[[int], int] | None = None
    flow: int = 0

    def forward_cost(self) -> int:
        return self.marginal(self.flow) if self.marginal else self.cost

    def backward_cost(self) -> int:
        return -(self.marginal(self.flow - 1) if self.marginal else self.cost)


class MinCostFlow:
    def __init__(self, nodes: int):
        self.nodes = nodes
        self.edges: list[_Edge] = []
        self.out: list[list[tuple[int, bool]]] = [[] for _ in range(nodes)]  # (edge index, forward?)

    def add_edge(self, start: int, end: int, capacity: int, cost: int = 0,
                 marginal: Callable[[int], int] | None = None) -> int:
        """Add a directed edge with a cost per unit, or a convex ``marginal`` cost; returns its handle."""
        self.edges.append(_Edge(start, end, capacity, cost, marginal))
        index = len(self.edges) - 1
        self.out[start].append((index, True))
        self.out[end].append((index, False))
        return index

    def flow_on(self, handle: int) -> int:
        return self.edges[handle].flow

    def _residual(self, node: int):
        """(next node, residual cost, edge index, forward?) for every residual edge leaving ``node``."""
        for index, forward in self.out[node]:
            edge = self.edges[index]
            if forward and edge.flow < edge.capacity:
                yield edge.end, edge.forward_cost(), index, True
            elif not forward and edge.flow > 0:
                yield edge.start, edge.backward_cost(), index, False

    def _initial_potentials(self, source: int) -> list[float]:
        """Bellman-Ford distances from ``source`` (costs may be negative; there is no negative cycle yet)."""
        distance = [_INFINITY] * self.nodes
        distance[source] = 0
        for _ in range(self.nodes):
            changed = False
            for node in range(self.nodes):
                if distance[node] == _INFINITY:
                    continue
                for neighbour, cost, _, _ in self._residual(node):
                    if distance[node] + cost < distance[neighbour]:
                        distance[neighbour] = distance[node] + cost
                        changed = True
            if not changed:
                break
        return [0 if value == _INFINITY else value for value in distance]

    def _shortest_paths(self, source: int, potential: list[float]):
        distance = [_INFINITY] * self.nodes
        previous: list[tuple[int, bool] | None] = [None] * self.nodes
        distance[source] = 0
        queue = [(0, source)]
        while queue:
            dist, node = heapq.heappop(queue)
            if dist > distance[node]:
                continue
            for neighbour, cost, index, forward in self._residual(node):
                candidate = dist + cost + potential[node] - potential[neighbour]
                if candidate < distance[neighbour]:
                    distance[neighbour] = candidate
                    previous[neighbour] = (index, forward)
                    heapq.heappush(queue, (candidate, neighbour))
        return distance, previous

    def solve(self, source: int, sink: int, wanted: int) -> int:
        """Send up to ``wanted`` units from ``source`` to ``sink`` at minimum cost; returns the units sent."""
        potential = self._initial_potentials(source)
        sent = 0
        while sent < wanted:
            distance, previous = self._shortest_paths(source, potential)
            if distance[sink] == _INFINITY:
                break
            potential = [value + distance[node] if distance[node] < _INFINITY else value
                         for node, value in enumerate(potential)]
            path, node = [], sink
            while node != source:
                index, forward = previous[node]  # type: ignore[misc]
                path.append((index, forward))
                edge = self.edges[index]
                node = edge.start if forward else edge.end
            amount = wanted - sent
            for index, forward in path:
                edge = self.edges[index]
                room = edge.capacity - edge.flow if forward else edge.flow
                amount = min(amount, 1 if edge.marginal else room)  # a convex edge's cost changes with every unit
            for index, forward in path:
                self.edges[index].flow += amount if forward else -amount
            sent += amount
        return sent
