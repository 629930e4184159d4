import Foundation

/// One HTTP/1.1 exchange over a plain socket, every header as given: the studio's tests
/// need to send what a browser would not (no Origin, another Origin, a forged cookie),
/// which URLSession does not let a test control.
struct RawHTTP {
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String
        /// The body's bytes as they came (a zip is no text).
        var bodyBytes: [UInt8] = []

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
        func all(_ name: String) -> [String] { headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) }

        /// The value a `Set-Cookie` gives the cookie `name`.
        func cookie(_ name: String) -> String? {
            all("set-cookie").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1).prefix { $0 != ";" }) }
        }
    }

    let port: Int

    /// The connection closed before a whole answer's head came back.
    struct NoAnswer: Error, CustomStringConvertible {
        var request: String
        var received: Int
        var description: String { "no answer to \(request) (\(received) bytes received)" }
    }

    /// Sends on a thread of its own: the socket blocks, and a blocked thread of Swift's
    /// shared pool can starve the server in the same process of the threads it answers on
    /// (with several suites at once on two cores, answers waited for the 60 s idle timeout).
    func send(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "") async throws -> Answer {
        try await send(method, path, headers: headers, bytes: Array(body.utf8))
    }

    /// The same, with a body of any bytes (a file's).
    func send(_ method: String, _ path: String, headers: [(String, String)] = [], bytes body: [UInt8]) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try sendBlocking(method, path, headers: headers, body: body) })
            }
        }
    }

    private func sendBlocking(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]) throws -> Answer {
        let descriptor = try Self.connected(port: port)
        defer { close(descriptor) }
        // A test may name another Host (a rebound name); else this machine's.
        let host = headers.contains { $0.0.lowercased() == "host" } ? "" : "Host: 127.0.0.1:\(port)\r\n"
        var request = "\(method) \(path) HTTP/1.1\r\n\(host)Connection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { request += "Content-Length: \(body.count)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            guard result > 0 else { throw POSIXError(.EPIPE) }
            sent += result
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else {
            throw NoAnswer(request: "\(method) \(path) \(headers.map { "\($0.0): \($0.1)" })", received: received.count)
        }
        var lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines.removeFirst().split(separator: " ")[1]) ?? 0
        let parsed = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let split = (0..<max(0, received.count - 3)).first { received[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }.map { $0 + 4 } ?? received.count
        return Answer(status: status, headers: parsed, body: String(text[end.upperBound...]), bodyBytes: Array(received[split...]))
    }

    /// A socket connected to this machine's `port`; the caller closes it.
    static func connected(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        return descriptor
    }

    /// A `multipart/form-data` body, as a page's form of files sends it: the fields, then
    /// each file under the field `files`; its `Content-Type` with the boundary.
    static func multipart(_ fields: [(String, String)], files: [(name: String, bytes: [UInt8])]) -> (type: String, body: [UInt8]) {
        multipart(fields, fieldFiles: files.map { (field: "files", name: $0.name, bytes: $0.bytes) })
    }

    /// The same, each file in the form's field it names (`files`, `captions`).
    static func multipart(_ fields: [(String, String)], fieldFiles files: [(field: String, name: String, bytes: [UInt8])]) -> (type: String, body: [UInt8]) {
        let boundary = "----expo1900test\(UInt32.random(in: 0...UInt32.max))"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (field, name, bytes) in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    /// A form body, each value percent-encoded.
    static func form(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
    }
}
