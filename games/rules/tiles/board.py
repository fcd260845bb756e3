"""The board of a tile-laying game: placed tiles, the frontier, and features as union-find.

Every segment of every placed tile is a node. Nodes of one feature (a road, a city,
a field) share a root, and the root carries what scoring needs: open edges left
(0 means complete), the set of tiles, icons, and the nodes holding followers. A
placement touches at most four neighbours, so completion is known incrementally.
"""
from __future__ import annotations

from typing import Optional

from .catalogue import FIELD, ROAD, RotatedTile
from .geometry import DELTA, OPPOSITE_HALF, SIDE_HALVES


class Board:
    """Placed tiles, the frontier of empty cells, and the features they form."""

    __slots__ = ("cells", "order", "frontier", "parent", "size", "kind", "open", "tiles", "value",
                 "icons", "fnodes", "cadj", "nkey")

    def __init__(self) -> None:
        self.cells: dict[int, tuple[RotatedTile, int]] = {}   # key -> (rotated tile, first node)
        self.order: list[int] = []                              # keys in placement order
        self.frontier: dict[int, int] = {}                      # empty cell -> mask << 8 | edges
        self.parent: list[int] = []
        self.size: list[int] = []
        self.kind: list[int] = []
        self.open: list[int] = []                 # open sides of a city or road (root only)
        self.tiles: list[Optional[set[int]]] = []  # cells of a city or road (root only; never changed in place)
        self.value: list[int] = []                # a city's or road's bonus icons (root only)
        self.icons: list[tuple[int, ...]] = []    # a field's icons per kind, () if none (root only)
        self.fnodes: list[Optional[list[int]]] = []  # nodes holding followers (root only)
        self.cadj: list[Optional[list[int]]] = []    # a field's bordering city nodes (root only)
        self.nkey: list[int] = []                 # the cell of each node

    def copy(self) -> "Board":
        """An independent copy (rotated tiles are immutable and shared)."""
        new = Board.__new__(Board)
        new.cells = self.cells.copy()
        new.order = self.order.copy()
        new.frontier = self.frontier.copy()
        new.parent = self.parent.copy()
        new.size = self.size.copy()
        new.kind = self.kind.copy()
        new.open = self.open.copy()
        new.tiles = self.tiles.copy()    # the sets and lists in these three are never changed in place:
        new.value = self.value.copy()
        new.icons = self.icons.copy()
        new.fnodes = self.fnodes.copy()  # a change makes a new one (``_union``, ``add_piece``), so copies
        new.cadj = self.cadj.copy()      # share them (the bots copy a state for every action they try)
        new.nkey = self.nkey.copy()
        return new

    def find(self, node: int) -> int:
        """The root of a node's feature (path halving)."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def _union(self, a: int, b: int) -> int:
        """Merge the features of two roots; returns the surviving root."""
        if self.size[a] < self.size[b]:
            a, b = b, a
        self.parent[b] = a
        self.size[a] += self.size[b]
        self.open[a] += self.open[b]
        self.value[a] += self.value[b]
        ib = self.icons[b]
        if ib:
            ia = self.icons[a]
            self.icons[a] = tuple(x + y for x, y in zip(ia, ib)) if ia else ib
        tb = self.tiles[b]
        if tb is not None:
            ta = self.tiles[a]
            assert ta is not None
            self.tiles[a] = ta | tb  # a new set: copies of the board share the old one
            self.tiles[b] = None
        fb = self.fnodes[b]
        if fb:
            fa = self.fnodes[a]
            self.fnodes[a] = fa + fb if fa else fb
        self.fnodes[b] = None
        cb = self.cadj[b]
        if cb:
            ca = self.cadj[a]
            self.cadj[a] = ca + cb if ca else cb
        self.cadj[b] = None
        return a

    def _join_edge(self, a: int, b: int) -> None:
        """Join two city or road segments across one shared side (two open sides close)."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            ra = self._union(ra, rb)
        self.open[ra] -= 2

    def _join_field(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self._union(ra, rb)

    def place(self, key: int, rt: RotatedTile) -> int:
        """Lay a tile (legality is the caller's business); returns its first node."""
        base = len(self.parent)
        for seg in rt.segments:
            node = len(self.parent)
            self.parent.append(node)
            self.size.append(1)
            self.kind.append(seg.kind)
            self.open.append(len(seg.sides))
            self.tiles.append({key} if seg.kind <= ROAD else None)
            self.value.append(seg.value)
            self.icons.append(seg.icons)
            self.fnodes.append(None)
            self.cadj.append([base + c for c in seg.cities] if seg.kind == FIELD and seg.cities else None)
            self.nkey.append(key)
        self.cells[key] = (rt, base)
        self.order.append(key)
        cells = self.cells
        frontier = self.frontier
        frontier.pop(key, None)
        for side in range(4):
            nkey = key + DELTA[side]
            other = cells.get(nkey)
            opp = (side + 2) & 3
            if other is None:
                sig = frontier.get(nkey, 0)
                frontier[nkey] = sig | (3 << (2 * opp + 8)) | (((rt.code >> (2 * side)) & 3) << (2 * opp))
                continue
            nrt, nbase = other
            si = rt.side_seg[side]
            if si >= 0:
                self._join_edge(base + si, nbase + nrt.side_seg[opp])
            for half in SIDE_HALVES[side]:
                fi = rt.half_seg[half]
                if fi >= 0:
                    self._join_field(base + fi, nbase + nrt.half_seg[OPPOSITE_HALF[half]])
        return base

    def completed_at(self, key: int) -> list[int]:
        """Roots of the cities and roads through the tile at ``key`` that are complete."""
        rt, base = self.cells[key]
        done: list[int] = []
        for index, seg in enumerate(rt.segments):
            if seg.kind <= ROAD:
                root = self.find(base + index)
                if self.open[root] == 0 and root not in done:
                    done.append(root)
        return done

    def fits(self, key: int, rt: RotatedTile) -> bool:
        """True if ``rt`` may be laid on ``key``: a frontier cell whose every touching edge matches."""
        sig = self.frontier.get(key)
        if sig is None:
            return False
        return rt.code & (sig >> 8) == sig & 255

    def preview(self, key: int, rt: RotatedTile) -> list[tuple[bool, bool, list[int]]]:
        """Per segment of ``rt`` laid at ``key`` (without laying it): occupied, completes, roots joined."""
        segs = rt.segments
        count = len(segs)
        roots: list[list[int]] = [[] for _ in range(count)]
        links = [0] * count
        for side in range(4):
            other = self.cells.get(key + DELTA[side])
            if other is None:
                continue
            nrt, nbase = other
            si = rt.side_seg[side]
            if si >= 0:
                roots[si].append(self.find(nbase + nrt.side_seg[(side + 2) & 3]))
                links[si] += 1
            for half in SIDE_HALVES[side]:
                fi = rt.half_seg[half]
                if fi >= 0:
                    roots[fi].append(self.find(nbase + nrt.half_seg[OPPOSITE_HALF[half]]))
        # Segments of the new tile that reach one existing feature become one feature.
        group = list(range(count))
        owner: dict[int, int] = {}
        for index in range(count):
            for root in roots[index]:
                first = owner.setdefault(root, index)
                if group[first] != group[index]:
                    old, new = group[index], group[first]
                    group = [new if g == old else g for g in group]
        result = []
        for index, seg in enumerate(segs):
            members = [j for j in range(count) if group[j] == group[index]]
            joined = sorted({r for j in members for r in roots[j]})
            occupied = any(self.fnodes[r] for r in joined)
            complete = False
            if seg.kind <= ROAD:
                open_sides = sum(len(segs[j].sides) - 2 * links[j] for j in members)
                complete = open_sides + sum(self.open[r] for r in joined) == 0
            result.append((occupied, complete, joined))
        return result
