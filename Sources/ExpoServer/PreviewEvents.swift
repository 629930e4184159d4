import ExpoCatalog
import NIOCore
import Synchronization

/// The live preview's Server-Sent Events (`serve --watch`): each open page holds one
/// connection, and hears the generation of the guide being served and, while the last edit
/// is broken, what is wrong with it. Nothing is sent while nothing changes.
public final class PreviewEvents: Sendable {
    /// Where pages connect; the server answers it only in watch mode.
    public static let path = "/_expo1900/events"

    private struct State {
        var generation: Int
        var problem: String?
        var channels: [ObjectIdentifier: any Channel] = [:]
    }

    private let state: Mutex<State>

    public init(generation: Int) {
        state = Mutex(State(generation: generation))
    }

    /// A new generation of the guide is being served: every page reloads.
    public func published(generation: Int) {
        let channels = state.withLock { state in
            state.generation = generation
            state.problem = nil
            return Array(state.channels.values)
        }
        send(Self.event("generation", String(generation)), to: channels)
    }

    /// The catalog no longer loads: every page shows why, over the guide it still has.
    public func failed(_ problem: String) {
        let channels = state.withLock { state in
            state.problem = problem
            return Array(state.channels.values)
        }
        send(Self.event("problem", problem), to: channels)
    }

    /// Answers a page's request for events: the headers, the current state, then events as they come.
    func attach(_ channel: any Channel, headers: [UInt8]) {
        let id = ObjectIdentifier(channel)
        let (generation, problem) = state.withLock { state in
            state.channels[id] = channel
            return (state.generation, state.problem)
        }
        var first = headers + Array("retry: 1000\n\n".utf8) + Self.event("generation", String(generation))
        if let problem { first += Self.event("problem", problem) }
        channel.writeAndFlush(ByteBuffer(bytes: first), promise: nil)
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.state.withLock { $0.channels.removeValue(forKey: id) }
        }
    }

    var connectionCount: Int { state.withLock { $0.channels.count } }

    private func send(_ bytes: [UInt8], to channels: [any Channel]) {
        for channel in channels {
            channel.writeAndFlush(ByteBuffer(bytes: bytes), promise: nil)
        }
    }

    /// One event; each line of the data gets its own `data:` line, as the format requires.
    /// The format ends a line at LF, CR or CRLF alike, so the data is split at every one of
    /// them, and whatever control characters are left are written out (`\u{1B}`): a name or
    /// id the message quotes can then neither start an event of its own nor reach a terminal.
    static func event(_ name: String, _ data: String) -> [UInt8] {
        let lines = data.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { "data: \(ControlCharacters.escaped(String($0)))\n" }.joined()
        return Array("event: \(name)\n\(lines)\n".utf8)
    }
}
