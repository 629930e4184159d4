import ExpoServer
import ExpoSite
import Foundation
import HTTPTypes
import Logging
import ServiceLifecycle

/// The guide's real server on a free port, and a plain HTTP/1.1 client that talks to it
/// over one kept-alive connection, so the tests see the bytes a browser would.
final class LiveServer: @unchecked Sendable {
    struct Response {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: [UInt8]
    }

    enum Failure: Error {
        case cannotConnect, closed, malformed(String), failed(errno: Int32)
    }

    private let socket: Int32
    private var received: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure.cannotConnect }
    }

    deinit { close(socket) }

    @discardableResult
    func execute<Result>(uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: [UInt8]? = nil,
                         _ check: (Response) throws -> Result) throws -> Result {
        var request = "\(method.rawValue) \(uri) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for field in headers { request += "\(field.name.rawName): \(field.value)\r\n" }
        if let body { request += "Content-Length: \(body.count)\r\n" }
        let bytes = Array((request + "\r\n").utf8) + (body ?? [])
        guard send(socket, bytes, bytes.count, 0) == bytes.count else { throw Failure.closed }
        return try check(readResponse(toHead: method == .head))
    }

    /// Sends `bytes` as they are and returns everything the server sends until it closes.
    /// It reads only after a pause, as a busy client would, so a server that resets the
    /// connection instead of closing it is caught.
    func exchange(_ bytes: String) throws -> String {
        let bytes = Array(bytes.utf8)
        guard send(socket, bytes, bytes.count, 0) == bytes.count else { throw Failure.closed }
        usleep(200_000)
        do {
            while true { try receive() }
        } catch Failure.closed {}
        defer { received = [] }
        return String(decoding: received, as: UTF8.self)
    }

    /// Sends `bytes` one byte to a packet, then returns everything the server sends until it closes.
    func trickle(_ bytes: String) throws -> String {
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        for var byte in Array(bytes.utf8) {
            guard send(socket, &byte, 1, 0) == 1 else { throw Failure.closed }
            usleep(300)
        }
        return try exchange("")
    }

    /// Sends `pattern` over and over, reading nothing, until `count` bytes are sent or the
    /// server has taken none for `stall` seconds; the bytes sent.
    func sendWithoutReading(_ pattern: [UInt8], upTo count: Int, stall: Int) -> Int {
        var timeout = timeval(tv_sec: stall, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var chunk: [UInt8] = []
        while chunk.count < 1 << 16 { chunk += pattern }
        var sent = 0
        while sent < count {
            let offset = sent % chunk.count
            let written = chunk.withUnsafeBytes { send(socket, $0.baseAddress! + offset, min(chunk.count - offset, count - sent), Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { break }
            sent += written
        }
        return sent
    }

    private func readResponse(toHead: Bool) throws -> Response {
        let end = try readUntilBlankLine()
        let head = String(decoding: received[..<end], as: UTF8.self)
        received.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, let code = Int(statusLine[1]) else { throw Failure.malformed(head) }
        var fields = HTTPFields()
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else {
                throw Failure.malformed(line)
            }
            fields.append(HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let length = (toHead || code == 304) ? 0 : Int(fields[.contentLength] ?? "") ?? 0
        while received.count < length { try receive() }
        let body = Array(received.prefix(length))
        received.removeFirst(length)
        return Response(status: .init(code: code), headers: fields, body: body)
    }

    private func readUntilBlankLine() throws -> Int {
        let blank: [UInt8] = [13, 10, 13, 10]
        while true {
            if received.count >= 4, let index = (0...(received.count - 4)).first(where: { Array(received[$0..<$0 + 4]) == blank }) {
                return index
            }
            try receive()
        }
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        if count < 0 { throw Failure.failed(errno: errno) }
        guard count > 0 else { throw Failure.closed }
        received += chunk.prefix(count)
    }

    /// Runs `test` against a server for `site`, then stops the server gracefully.
    static func with(_ site: Site, idleTimeout: Duration = .seconds(60),
                     _ test: @Sendable (LiveServer) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        try await with(responder: SiteResponder(site: site, logger: logger), idleTimeout: idleTimeout) { client, _ in try await test(client) }
    }

    /// The same, for a responder the test keeps (to swap its site); `test` gets the port to
    /// open more connections.
    static func with(responder: SiteResponder, idleTimeout: Duration = .seconds(60),
                     _ test: @Sendable (LiveServer, Int) async throws -> Void) async throws {
        try await with(responder: responder, configuration: .init(port: 0, idleTimeout: idleTimeout), test)
    }

    /// The same, with a configuration of the test's own (port 0).
    static func with(responder: SiteResponder, configuration: ExpoServer.Configuration,
                     _ test: @Sendable (LiveServer, Int) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        let (urls, announce) = AsyncStream.makeStream(of: String.self)
        let server = try ExpoServer.makeServer(responder: responder, configuration: configuration, logger: logger) { announce.yield($0) }
        let group = ServiceGroup(configuration: .init(services: [server], logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = urls.makeAsyncIterator()
            do {
                guard let url = await iterator.next(), let port = url.split(separator: ":").last.flatMap({ Int($0) }) else {
                    throw Failure.cannotConnect
                }
                try await test(LiveServer(port: port), port)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }
}
