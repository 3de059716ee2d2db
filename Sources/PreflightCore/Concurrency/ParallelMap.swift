import Foundation
import ProcessKit

extension Collection where Index == Int {
    /// `map` on every core: `transform` runs concurrently on chunks of `chunkSize` elements; the
    /// results keep the collection's order.
    ///
    /// For work of a millisecond or less per element (reading, lexing, parsing a file); chunks
    /// keep the cost of handing out work below the work itself.
    package func parallelMap<T: Sendable>(chunkSize: Int = 16, _ transform: @Sendable (Element) -> T) -> [T]
    where Element: Sendable, Self: Sendable {
        let total = count
        guard total > 0 else { return [] }
        let chunkCount = (total + chunkSize - 1) / chunkSize
        // One chunk: handing it to another thread (the first time, starting dispatch's) costs more.
        if chunkCount == 1 { return map(transform) }
        let results = Locked([T?](repeating: nil, count: total))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (chunk * chunkSize)..<Swift.min(total, (chunk + 1) * chunkSize)
            let local = range.map { transform(self[startIndex + $0]) }
            results.withLock { slots in
                for (offset, index) in range.enumerated() { slots[index] = local[offset] }
            }
        }
        return results.current.compactMap { $0 }
    }
}
