import Synchronization

/// What a large site made when it was asked for, kept within a byte budget: pages made on
/// request, and the plain bodies of pages held compressed. Two generations: a value found
/// is kept in the current one; when that fills half the budget it becomes the previous one
/// and the values it replaces are let go. So the cache never holds much more than the
/// budget (a value larger than half of it is kept alone), a value asked for often stays,
/// and every step is a dictionary lookup, whatever the number of pages.
final class PageCache<Value: Sendable>: Sendable {
    private struct Generations {
        var current: [String: Value] = [:]
        var currentBytes = 0
        var previous: [String: Value] = [:]
        var previousBytes = 0
    }

    let budget: Int
    private let size: @Sendable (Value) -> Int
    private let generations = Mutex(Generations())

    /// `size` tells how many bytes a value takes.
    init(budget: Int, size: @escaping @Sendable (Value) -> Int) {
        self.budget = budget
        self.size = size
    }

    func value(at key: String) -> Value? {
        generations.withLock { generations in
            if let value = generations.current[key] { return value }
            guard let value = generations.previous.removeValue(forKey: key) else { return nil }
            generations.previousBytes -= size(value)
            keep(value, at: key, in: &generations)
            return value
        }
    }

    func keep(_ value: Value, at key: String) {
        generations.withLock { keep(value, at: key, in: &$0) }
    }

    private func keep(_ value: Value, at key: String, in generations: inout Generations) {
        let bytes = size(value)
        if generations.currentBytes + bytes > budget / 2 {
            generations.previous = generations.current
            generations.previousBytes = generations.currentBytes
            generations.current = [:]
            generations.currentBytes = 0
        }
        if let replaced = generations.current.updateValue(value, forKey: key) { generations.currentBytes -= size(replaced) }
        generations.currentBytes += bytes
    }

    /// How many bytes the cache holds now.
    var byteCount: Int {
        generations.withLock { $0.currentBytes + $0.previousBytes }
    }
}
