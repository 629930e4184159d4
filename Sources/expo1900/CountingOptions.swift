import ArgumentParser
import ExpoServer
import ExpoStudio
import Foundation
import Logging

/// `--count` and `--count-rate`: whether the guide counts how it is used (page views,
/// plays, searches that found nothing; never who) into the studio's store, and how many
/// events one address may send a minute.
struct CountingOptions: ParsableArguments {
    @Flag(name: .customLong("count"), help: "Count how the guide is used (no cookie, no address, nothing about who) into the state folder's counts.sqlite; the studio always counts. See docs/counts.md.")
    var enabled = false

    @Option(name: .customLong("count-rate"), help: ArgumentHelp(
        "Events one address may send a minute (0: no limit, for a guide behind a proxy that shows every visitor as one address).",
        valueName: "N"))
    var perMinute = UsageRateLimit.defaultPerMinute

    func validate() throws {
        guard perMinute >= 0 else { throw ValidationError("--count-rate must be 0 or more") }
    }

    /// The recorder writing into `state`, its tally ready for the server.
    func recorder(state: UsageStore, logger: Logger) throws(StudioError) -> UsageRecorder {
        try UsageRecorder(state: state, logger: logger, rate: UsageRateLimit(perMinute: perMinute))
    }
}
