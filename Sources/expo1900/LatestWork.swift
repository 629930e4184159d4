import Foundation
import Synchronization

/// Work done one at a time, away from the caller, where only the latest asked for counts:
/// asked again while one runs, it runs once more after, with the latest work; asks between
/// two runs are merged into one. A publish's export: five publishes during one export are
/// exported together by the next.
final class LatestWork: Sendable {
    private let queue: DispatchQueue
    private let latest = Mutex<(@Sendable () -> Void)?>(nil)

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func ask(_ work: @escaping @Sendable () -> Void) {
        let isFirst = latest.withLock { latest in
            defer { latest = work }
            return latest == nil
        }
        guard isFirst else { return }
        queue.async { [self] in
            latest.withLock { latest in defer { latest = nil }; return latest }?()
        }
    }
}
