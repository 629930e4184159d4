import ArgumentParser
import ExpoStudio
import Foundation

/// `--state DIR`, which every command that touches the studio's state takes.
struct StateOption: ParsableArguments {
    @Option(name: .customLong("state"), help: ArgumentHelp(
        "The studio's state folder (default: $XDG_STATE_HOME/expo1900, or ~/.local/state/expo1900).",
        valueName: "DIR"))
    var path: String?

    func folder() throws(StudioError) -> URL {
        if let path { return URL(fileURLWithPath: path) }
        return try StudioState.defaultFolder(environment: ProcessInfo.processInfo.environment)
    }

    /// The state as it is: a folder with no studio.sqlite yet is `noState`.
    func open() throws(StudioError) -> StudioState {
        try StudioState(folder: folder(), creating: false)
    }
}
