import ExpoSite
import Foundation
import HummingbirdCore
import HummingbirdTLS

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
        /// Serve HTTPS with this certificate chain and key (PEM files), as `studio --tls-cert` does.
        public var tls: TLSFiles?
        /// The slowest an upload may arrive before it is cut off.
        public var uploadPace: BodyPace
        /// Whether recordings and videos go out with `sendfile`; never behind TLS, which must
        /// encrypt them. Off, they are read a megabyte at a time (the tests try both ways).
        var sendsFiles = true

        public init(host: String = "127.0.0.1", port: Int = 8080, idleTimeout: Duration = .seconds(60), tls: TLSFiles? = nil,
                    uploadPace: BodyPace = .standard) {
            self.host = host
            self.port = port
            self.idleTimeout = idleTimeout
            self.tls = tls
            self.uploadPace = uploadPace
        }
    }

    public struct TLSFiles: Sendable, Equatable {
        public var certificate: String
        public var key: String
        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case portInUse(host: String, port: Int)
        case cannotListen(host: String, port: Int, reason: String)
        case unusableTLS(file: String, reason: String)

        public var description: String {
            switch self {
            case let .portInUse(host, port):
                "cannot listen on \(host):\(port): the port is in use (choose another with --port)"
            case let .cannotListen(host, port, reason):
                "cannot listen on \(host):\(port): \(reason)"
            case let .unusableTLS(file, reason):
                "\(file): cannot be used for HTTPS: \(reason)"
            }
        }
    }

    /// Hummingbird's server (listening, connection lifecycle, graceful stop) with the
    /// guide's own connection handler. `onRunning` gets the URL it listens on.
    public static func makeServer(responder: SiteResponder, configuration: Configuration, logger: Logger,
                                  onRunning: @escaping @Sendable (String) -> Void) throws(Failure) -> any Service {
        // Behind TLS the bytes must pass through the program to be encrypted: no sendfile.
        let channel = SiteChannel(responder: responder, idleTimeout: TimeAmount(configuration.idleTimeout), pace: configuration.uploadPace,
                                  sendsFiles: configuration.sendsFiles && configuration.tls == nil)
        let scheme = configuration.tls == nil ? "http" : "https"
        let server = ServerConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: nil)
        let running: @Sendable (any Channel) async -> Void = { channel in
            // With --port 0 the system picks the port; say the one it picked.
            let port = channel.localAddress?.port ?? configuration.port
            onRunning("\(scheme)://\(configuration.host):\(port)")
        }
        guard let files = configuration.tls else {
            return channel.server(configuration: server, onServerRunning: running, eventLoopGroup: ServingLoops.group, logger: logger)
        }
        let tls: TLSConfiguration
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(files.certificate)
            guard !chain.isEmpty else { throw Failure.unusableTLS(file: files.certificate, reason: "it holds no PEM certificate") }
            let key: NIOSSLPrivateKey
            do { key = try NIOSSLPrivateKey(file: files.key, format: .pem) } catch {
                throw Failure.unusableTLS(file: files.key, reason: "it is not a readable PEM private key (\(error))")
            }
            tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .unusableTLS(file: files.certificate, reason: "it is not a readable PEM certificate (\(error))")
        }
        do {
            return try TLSChannel(channel, tlsConfiguration: tls)
                .server(configuration: server, onServerRunning: running, eventLoopGroup: ServingLoops.group, logger: logger)
        } catch {
            throw .unusableTLS(file: files.key, reason: "the key and the certificate do not go together (\(error))")
        }
    }

    /// Serves until SIGTERM or SIGINT, which let answers under way finish; a port that
    /// cannot be bound becomes a `Failure`.
    public static func run(responder: SiteResponder, configuration: Configuration, logger: Logger,
                           onRunning: @escaping @Sendable (String) -> Void) async throws {
        let server = try makeServer(responder: responder, configuration: configuration, logger: logger, onRunning: onRunning)
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
