import Foundation

/// Timings of one contender, in seconds.
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ value: Double) { values.append(value) }

    var count: Int { values.count }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
    var median: Double { percentile(50) }
    var p90: Double { percentile(90) }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// Times `body` on the monotonic clock.
func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try await body()
    return (value, (ContinuousClock.now - start).seconds)
}

/// A plain-text table with a header row, columns padded to their widest cell.
struct Table {
    let header: [String]
    /// `true` for columns whose cells are right-aligned (numbers).
    let rightAligned: [Bool]
    private var rows: [[String]] = []

    init(_ header: [String], rightAligned: [Bool]) {
        self.header = header
        self.rightAligned = rightAligned
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return rightAligned[column] ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).map {
            $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        .joined(separator: "\n")
    }
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
func gibPerSecond(_ value: Double) -> String { String(format: "%.2f GiB/s", value) }
