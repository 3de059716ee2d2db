/// Myers' O(ND) diff (forward and backward searches meeting in the middle, divide and conquer)
/// over two sequences of line classes, with xdiff's limits for costly inputs: past a cost of 256
/// it takes a split at a long enough common run when one is far along, and past the rough square
/// root of the sizes it takes the furthest-reaching point, so a large change stays fast and
/// comes out as git's does.
struct MyersDiff {
    private let old: [Int]
    private let new: [Int]
    /// The furthest point reached on each diagonal, forward and backward, indexed by diagonal
    /// plus ``diagonalOffset``.
    private var forward: [Int]
    private var backward: [Int]
    private let diagonalOffset: Int
    private let maximumCost: Int
    private static let snakeLength = 20
    private static let heuristicMinimumCost = 256
    private static let heuristicFactor = 4

    init(old: [Int], new: [Int]) {
        self.old = old
        self.new = new
        let diagonals = old.count + new.count + 3
        forward = Array(repeating: 0, count: diagonals)
        backward = Array(repeating: 0, count: diagonals)
        diagonalOffset = new.count + 1
        maximumCost = max(GitLineDiff.roughSquareRoot(diagonals), 256)
    }

    /// Calls `mark(side, index)` for each changed element (side 0: `old`, 1: `new`).
    mutating func run(_ mark: (Int, Int) -> Void) {
        // The boxes left to compare: (old start, old end, new start, new end, minimal).
        var boxes = [(0, old.count, 0, new.count, false)]
        while case (var oldStart, var oldEnd, var newStart, var newEnd, let minimal)? = boxes.popLast() {
            while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
                oldStart += 1
                newStart += 1
            }
            while oldStart < oldEnd, newStart < newEnd, old[oldEnd - 1] == new[newEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
            }
            if oldStart == oldEnd {
                for index in newStart..<newEnd { mark(1, index) }
            } else if newStart == newEnd {
                for index in oldStart..<oldEnd { mark(0, index) }
            } else {
                let split = self.split(oldStart, oldEnd, newStart, newEnd, minimal: minimal)
                boxes.append((split.old, oldEnd, split.new, newEnd, split.minimalAfter))
                boxes.append((oldStart, split.old, newStart, split.new, split.minimalBefore))
            }
        }
    }

    private struct Split {
        var old: Int
        var new: Int
        var minimalBefore: Bool
        var minimalAfter: Bool
    }

    /// Where a shortest edit path through the box crosses its middle (xdiff's `xdl_split`), or
    /// with `minimal` false and a high cost, a good enough point.
    private mutating func split(_ off1: Int, _ lim1: Int, _ off2: Int, _ lim2: Int, minimal: Bool) -> Split {
        let offset = diagonalOffset
        let dmin = off1 - lim2
        let dmax = lim1 - off2
        let fmid = off1 - off2
        let bmid = lim1 - lim2
        let odd = (fmid - bmid) & 1 != 0
        var fmin = fmid
        var fmax = fmid
        var bmin = bmid
        var bmax = bmid
        forward[fmid + offset] = off1
        backward[bmid + offset] = lim1
        var cost = 1
        while true {
            var gotSnake = false
            if fmin > dmin {
                fmin -= 1
                forward[fmin - 1 + offset] = -1
            } else {
                fmin += 1
            }
            if fmax < dmax {
                fmax += 1
                forward[fmax + 1 + offset] = -1
            } else {
                fmax -= 1
            }
            var d = fmax
            while d >= fmin {
                var i1 =
                    forward[d - 1 + offset] >= forward[d + 1 + offset]
                    ? forward[d - 1 + offset] + 1 : forward[d + 1 + offset]
                let start = i1
                var i2 = i1 - d
                while i1 < lim1, i2 < lim2, old[i1] == new[i2] {
                    i1 += 1
                    i2 += 1
                }
                if i1 - start > Self.snakeLength { gotSnake = true }
                forward[d + offset] = i1
                if odd, bmin <= d, d <= bmax, backward[d + offset] <= i1 {
                    return Split(old: i1, new: i2, minimalBefore: true, minimalAfter: true)
                }
                d -= 2
            }

            if bmin > dmin {
                bmin -= 1
                backward[bmin - 1 + offset] = .max
            } else {
                bmin += 1
            }
            if bmax < dmax {
                bmax += 1
                backward[bmax + 1 + offset] = .max
            } else {
                bmax -= 1
            }
            d = bmax
            while d >= bmin {
                var i1 =
                    backward[d - 1 + offset] < backward[d + 1 + offset]
                    ? backward[d - 1 + offset] : backward[d + 1 + offset] - 1
                let start = i1
                var i2 = i1 - d
                while i1 > off1, i2 > off2, old[i1 - 1] == new[i2 - 1] {
                    i1 -= 1
                    i2 -= 1
                }
                if start - i1 > Self.snakeLength { gotSnake = true }
                backward[d + offset] = i1
                if !odd, fmin <= d, d <= fmax, i1 <= forward[d + offset] {
                    return Split(old: i1, new: i2, minimalBefore: true, minimalAfter: true)
                }
                d -= 2
            }

            if minimal {
                cost += 1
                continue
            }

            // Costly: a point far along either search, on a long enough common run, will do.
            if gotSnake, cost > Self.heuristicMinimumCost {
                if let point = forwardRunPoint(off1, lim1, off2, lim2, fmin: fmin, fmax: fmax, fmid: fmid, cost: cost) {
                    return Split(old: point.0, new: point.1, minimalBefore: true, minimalAfter: false)
                }
                if let point = backwardRunPoint(
                    off1, lim1, off2, lim2, bmin: bmin, bmax: bmax, bmid: bmid, cost: cost)
                {
                    return Split(old: point.0, new: point.1, minimalBefore: false, minimalAfter: true)
                }
            }

            // Too costly: the furthest-reaching point of either search.
            if cost >= maximumCost {
                var forwardBest = -1
                var forwardBestOld = -1
                d = fmax
                while d >= fmin {
                    var i1 = min(forward[d + offset], lim1)
                    var i2 = i1 - d
                    if lim2 < i2 {
                        i1 = lim2 + d
                        i2 = lim2
                    }
                    if forwardBest < i1 + i2 {
                        forwardBest = i1 + i2
                        forwardBestOld = i1
                    }
                    d -= 2
                }
                var backwardBest = Int.max
                var backwardBestOld = Int.max
                d = bmax
                while d >= bmin {
                    var i1 = max(off1, backward[d + offset])
                    var i2 = i1 - d
                    if i2 < off2 {
                        i1 = off2 + d
                        i2 = off2
                    }
                    if i1 + i2 < backwardBest {
                        backwardBest = i1 + i2
                        backwardBestOld = i1
                    }
                    d -= 2
                }
                if (lim1 + lim2) - backwardBest < forwardBest - (off1 + off2) {
                    return Split(
                        old: forwardBestOld, new: forwardBest - forwardBestOld, minimalBefore: true,
                        minimalAfter: false)
                }
                return Split(
                    old: backwardBestOld, new: backwardBest - backwardBestOld, minimalBefore: false,
                    minimalAfter: true)
            }
            cost += 1
        }
    }

    /// The forward search's best point that ends a common run of ``snakeLength`` lines and is far
    /// enough along (xdiff's measure: distance from the start less the distance from the middle
    /// diagonal, above four times the cost).
    private func forwardRunPoint(
        _ off1: Int, _ lim1: Int, _ off2: Int, _ lim2: Int, fmin: Int, fmax: Int, fmid: Int, cost: Int
    ) -> (Int, Int)? {
        var best = 0
        var point: (Int, Int)?
        var d = fmax
        while d >= fmin {
            let distance = d > fmid ? d - fmid : fmid - d
            let i1 = forward[d + diagonalOffset]
            let i2 = i1 - d
            let value = (i1 - off1) + (i2 - off2) - distance
            if value > Self.heuristicFactor * cost, value > best, off1 + Self.snakeLength <= i1, i1 < lim1,
                off2 + Self.snakeLength <= i2, i2 < lim2
            {
                var k = 1
                while old[i1 - k] == new[i2 - k] {
                    if k == Self.snakeLength {
                        best = value
                        point = (i1, i2)
                        break
                    }
                    k += 1
                }
            }
            d -= 2
        }
        return best > 0 ? point : nil
    }

    /// The backward search's counterpart of ``forwardRunPoint(_:_:_:_:fmin:fmax:fmid:cost:)``.
    private func backwardRunPoint(
        _ off1: Int, _ lim1: Int, _ off2: Int, _ lim2: Int, bmin: Int, bmax: Int, bmid: Int, cost: Int
    ) -> (Int, Int)? {
        var best = 0
        var point: (Int, Int)?
        var d = bmax
        while d >= bmin {
            let distance = d > bmid ? d - bmid : bmid - d
            let i1 = backward[d + diagonalOffset]
            let i2 = i1 - d
            let value = (lim1 - i1) + (lim2 - i2) - distance
            if value > Self.heuristicFactor * cost, value > best, off1 < i1, i1 <= lim1 - Self.snakeLength,
                off2 < i2, i2 <= lim2 - Self.snakeLength
            {
                var k = 0
                while old[i1 + k] == new[i2 + k] {
                    if k == Self.snakeLength - 1 {
                        best = value
                        point = (i1, i2)
                        break
                    }
                    k += 1
                }
            }
            d -= 2
        }
        return best > 0 ? point : nil
    }
}
