import ExpoSite
import Foundation
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Runs the guide's HTTP server until it is told to stop (SIGINT or SIGTERM).
public enum ExpoServer {
    public struct Configuration: Sendable, Equatable {
        public var host: String
        public var port: Int
        /// How long a connection may send nothing before it is closed: a kept-alive
        /// connection a browser has left, or a client that stalls in a request.
        public var idleTimeout: Duration

        public init(host: String = "127.0.0.1", port: Int = 8080, idleTimeout: Duration = .seconds(60)) {
            self.host = host
            self.port = port
            self.idleTimeout = idleTimeout
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

    /// Hummingbird's server (listening, connection lifecycle, graceful stop) with the
    /// guide's own connection handler. `onRunning` gets the URL it listens on.
    public static func makeServer(responder: SiteResponder, configuration: Configuration, logger: Logger,
                                  onRunning: @escaping @Sendable (String) -> Void) -> any Service {
        SiteChannel(responder: responder, idleTimeout: TimeAmount(configuration.idleTimeout)).server(
            configuration: ServerConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                // With --port 0 the system picks the port; say the one it picked.
                let port = channel.localAddress?.port ?? configuration.port
                onRunning("http://\(configuration.host):\(port)")
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, which let answers under way finish; a port that
    /// cannot be bound becomes a `Failure`.
    public static func run(responder: SiteResponder, configuration: Configuration, logger: Logger,
                           onRunning: @escaping @Sendable (String) -> Void) async throws {
        let server = makeServer(responder: responder, configuration: configuration, logger: logger, onRunning: onRunning)
        let group = ServiceGroup(configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Failure.portInUse(host: configuration.host, port: configuration.port)
        } catch let error as IOError {
            throw Failure.cannotListen(host: configuration.host, port: configuration.port, reason: error.description)
        }
    }
}
