import ExpoSite
import Synchronization

/// A counted page's views since the tally last took them, by entry, held by the page
/// itself: counting a view is one atomic addition, with no lock and no lookup, so that it
/// costs the server's hottest path next to nothing. The first view after a take marks the
/// page dirty and hands it to the tally once; `take` reads and empties it.
final class ViewCounters: Sendable {
    let page: CountedPage
    private let dirty = Atomic<Bool>(false)
    private let label = Atomic<Int>(0), stop = Atomic<Int>(0), list = Atomic<Int>(0), search = Atomic<Int>(0)
    private let tour = Atomic<Int>(0), browse = Atomic<Int>(0), map = Atomic<Int>(0), other = Atomic<Int>(0)

    init(_ page: CountedPage) {
        self.page = page
    }

    /// Counts one view; true when the page was clean, and so must be handed to the tally.
    func add(_ entry: UsageEntry) -> Bool {
        switch entry {
        case .label: label.wrappingAdd(1, ordering: .relaxed)
        case .stop: stop.wrappingAdd(1, ordering: .relaxed)
        case .list: list.wrappingAdd(1, ordering: .relaxed)
        case .search: search.wrappingAdd(1, ordering: .relaxed)
        case .tour: tour.wrappingAdd(1, ordering: .relaxed)
        case .browse: browse.wrappingAdd(1, ordering: .relaxed)
        case .map: map.wrappingAdd(1, ordering: .relaxed)
        case .other: other.wrappingAdd(1, ordering: .relaxed)
        }
        return !dirty.load(ordering: .relaxed) && !dirty.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// The views since the last take, emptied. The page is marked clean first, so a view
    /// counted meanwhile is either in this take or hands the page over again.
    func take() -> [(UsageEntry, Int)] {
        dirty.store(false, ordering: .sequentiallyConsistent)
        let counts: [(UsageEntry, Int)] = [
            (.label, label.exchange(0, ordering: .acquiringAndReleasing)), (.stop, stop.exchange(0, ordering: .acquiringAndReleasing)),
            (.list, list.exchange(0, ordering: .acquiringAndReleasing)), (.search, search.exchange(0, ordering: .acquiringAndReleasing)),
            (.tour, tour.exchange(0, ordering: .acquiringAndReleasing)), (.browse, browse.exchange(0, ordering: .acquiringAndReleasing)),
            (.map, map.exchange(0, ordering: .acquiringAndReleasing)), (.other, other.exchange(0, ordering: .acquiringAndReleasing)),
        ]
        return counts.filter { $0.1 > 0 }
    }
}
