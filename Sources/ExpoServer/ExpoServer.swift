import ExpoSite
import Foundation
import Hummingbird
import Logging
import NIOCore

/// Runs the guide's HTTP server until it is told to stop (SIGINT or SIGTERM).
public enum ExpoServer {
    public struct Configuration: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String = "127.0.0.1", port: Int = 8080) {
            self.host = host
            self.port = port
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case portInUse(host: String, port: Int)
        case cannotListen(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case let .portInUse(host, port):
                "cannot listen on \(host):\(port): the port is in use (choose another with --port)"
            case let .cannotListen(host, port, reason):
                "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    public static func makeApplication(responder: SiteResponder, configuration: Configuration, logger: Logger,
                                       onRunning: @escaping @Sendable (String) -> Void) -> some ApplicationProtocol {
        Application(
            responder: responder,
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                // With --port 0 the system picks the port; say the one it picked.
                let port = channel.localAddress?.port ?? configuration.port
                onRunning("http://\(configuration.host):\(port)")
            },
            logger: logger)
    }

    /// Serves until stopped; a port that cannot be bound becomes a `Failure`.
    public static func run(responder: SiteResponder, configuration: Configuration, logger: Logger,
                           onRunning: @escaping @Sendable (String) -> Void) async throws {
        let app = makeApplication(responder: responder, configuration: configuration, logger: logger, onRunning: onRunning)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Failure.portInUse(host: configuration.host, port: configuration.port)
        } catch let error as IOError {
            throw Failure.cannotListen(host: configuration.host, port: configuration.port, reason: error.description)
        }
    }
}
