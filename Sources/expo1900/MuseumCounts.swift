import ExpoServer
import ExpoStudio
import Foundation
import Logging
import Synchronization

/// A museum's counts (`serve --catalogs --count`, `studio --catalogs`): each exhibition's in
/// its own file, `counts/NAME.sqlite` in the state folder, with its own tally and writer.
/// Each file can be handed to whoever studies one exhibition without the others, and an
/// exhibition's counts go with its name: a folder removed and put back counts on where it
/// stopped. Every exhibition shares one allowance per address, so a script is not given
/// twenty times the events by sending them to twenty exhibitions.
final class MuseumCounts: Sendable {
    /// The folder of the files, inside the state folder.
    static let folderName = "counts"

    let folder: URL
    private let rate: UsageRateLimit
    private let logger: Logger

    private struct Kept: Sendable {
        var store: UsageStore
        var recorder: UsageRecorder
        var writing: Task<Void, Never>
    }

    private let kept = Mutex<[String: Kept]>([:])
    /// Exhibitions whose file could not be opened, said once each.
    private let failed = Mutex<Set<String>>([])

    init(state: URL, options: CountingOptions, logger: Logger) {
        folder = state.appendingPathComponent(Self.folderName, isDirectory: true)
        rate = UsageRateLimit(perMinute: options.perMinute)
        self.logger = logger
    }

    /// The tally of exhibition `name`, its file opened and its writer started on first use;
    /// nil (and said in the log) when its file cannot be opened, and then it is not counted.
    func tally(for name: String) -> UsageTally? {
        kept(name)?.recorder.tally
    }

    /// `tally(for:)`, as the server takes it.
    var tallies: @Sendable (String) -> UsageTally? {
        { [self] name in tally(for: name) }
    }

    /// The stored counts of exhibition `name`, for the studio's dashboard.
    func store(for name: String) -> UsageStore? {
        kept(name)?.store
    }

    private func kept(_ name: String) -> Kept? {
        kept.withLock { kept in
            if let known = kept[name] { return known }
            do throws(StudioError) {
                let store = try UsageStore(folder: folder, fileName: name + ".sqlite")
                let recorder = try UsageRecorder(state: store, logger: logger, rate: rate)
                let writing = Task.detached { await recorder.run() }
                let made = Kept(store: store, recorder: recorder, writing: writing)
                kept[name] = made
                return made
            } catch {
                if failed.withLock({ $0.insert(name).inserted }) {
                    logger.error("counts: \(name) is served without counts: \(error)")
                }
                return nil
            }
        }
    }

    /// Writes what every tally holds, and stops the writers.
    func stop() async {
        let writers = kept.withLock { $0.values.map(\.writing) }
        for writer in writers { writer.cancel() }
        for writer in writers { await writer.value }
    }
}
