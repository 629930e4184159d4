import Foundation
import NIOCore
import NIOPosix

/// The event loops that answer: one per core, each pinned to its own core when the guide
/// may use every core it runs loops on, as nginx's `worker_cpu_affinity auto` does.
/// Unpinned, the scheduler sometimes put both loops on one core for a whole run, with wrk
/// on the other: a sixth of the bench's 5-second rounds on /items/jikji/ then had a p99 of
/// 7 to 8 ms, against 1 to 3 ms otherwise and nginx's 2 to 4.
enum ServingLoops {
    static let group: MultiThreadedEventLoopGroup = {
        guard let cpus = pinnable(allowed: try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                                  online: try? String(contentsOfFile: "/sys/devices/system/cpu/online", encoding: .utf8),
                                  loops: System.coreCount) else { return .singleton }
        return MultiThreadedEventLoopGroup(pinnedCPUIDs: cpus)
    }()

    /// The cores to pin one loop each to: those the process may run on and are online, when
    /// they are as many as the loops (a quota of fewer cores than it may use, or a single
    /// core, is left to the scheduler); nil when they cannot be read.
    static func pinnable(allowed status: String?, online: String?, loops: Int) -> [Int]? {
        guard loops > 1, let status, let online = online.flatMap(list),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }),
              let allowed = list(String(line.dropFirst("Cpus_allowed_list:".count))) else { return nil }
        let cpus = allowed.intersection(online).sorted()
        return cpus.count == loops ? cpus : nil
    }

    /// A kernel's list of CPUs (`0-3,8,10-11`); nil when it is not one.
    static func list(_ text: String) -> Set<Int>? {
        var cpus = Set<Int>()
        for piece in text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",", omittingEmptySubsequences: false) {
            let ends = piece.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count <= 2, let first = Int(ends[0]), let last = Int(ends.last!), first >= 0, first <= last, last < 4096
            else { return nil }
            cpus.formUnion(first...last)
        }
        return cpus.isEmpty ? nil : cpus
    }
}
