import Synchronization

/// The pages a large site made when they were asked for, kept within a byte budget. Two
/// generations: a page found is kept in the current one; when that fills half the budget
/// it becomes the previous one and the page it replaces are let go. So the cache never
/// holds more than the budget, a page asked for often stays, and every step is a
/// dictionary lookup, whatever the number of pages.
final class PageCache: Sendable {
    private struct Generations {
        var current: [String: ServedPage] = [:]
        var currentBytes = 0
        var previous: [String: ServedPage] = [:]
    }

    let budget: Int
    private let generations = Mutex(Generations())

    init(budget: Int) {
        self.budget = budget
    }

    func page(at path: String) -> ServedPage? {
        generations.withLock { generations in
            if let page = generations.current[path] { return page }
            guard let page = generations.previous.removeValue(forKey: path) else { return nil }
            Self.keep(page, at: path, in: &generations, budget: budget)
            return page
        }
    }

    func keep(_ page: ServedPage, at path: String) {
        generations.withLock { Self.keep(page, at: path, in: &$0, budget: budget) }
    }

    private static func keep(_ page: ServedPage, at path: String, in generations: inout Generations, budget: Int) {
        if generations.currentBytes + page.byteCount > budget / 2 {
            generations.previous = generations.current
            generations.current = [:]
            generations.currentBytes = 0
        }
        if generations.current.updateValue(page, forKey: path) == nil { generations.currentBytes += page.byteCount }
    }

    /// How many bytes the cache holds now, at most `budget`.
    var byteCount: Int {
        generations.withLock { generations in
            generations.currentBytes + generations.previous.values.reduce(0) { $0 + $1.byteCount }
        }
    }
}
