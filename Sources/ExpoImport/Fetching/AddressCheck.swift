import ExpoCatalog
import Foundation

/// Whether an address may be fetched: only `http` and `https`, and, unless the import is
/// told otherwise (`--allow-private`), only hosts whose every address is on the public
/// internet. A manifest is someone else's document: its links must not make the import read
/// this machine (`file:`, `127.0.0.1`, a cloud's metadata address) or a private network.
struct AddressCheck: Sendable {
    var allowsPrivate = false

    enum Refusal: Error, Sendable, Equatable {
        case notHTTP(String)
        case unreadable(String)
        case unknownHost(String)
        case privateHost(host: String, address: String)

        var message: String {
            switch self {
            case let .notHTTP(address): "\(Quoted.text(address)) is not an http(s) address; not fetched"
            case let .unreadable(address): "\(Quoted.text(address)) is not an address; not fetched"
            case let .unknownHost(host): "the host \(Quoted.text(host)) was not found"
            case let .privateHost(host, address):
                "\(Quoted.text(host)) is on this machine or a private network (\(address)); not fetched without --allow-private"
            }
        }
    }

    /// The address as a URL once it passes; its host is looked up here, before any request.
    func check(_ address: String) throws(Refusal) -> URL {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased() else { throw .unreadable(address) }
        guard scheme == "http" || scheme == "https" else { throw .notHTTP(address) }
        guard let host = url.host, !host.isEmpty, url.user == nil, url.password == nil else { throw .unreadable(address) }
        if allowsPrivate { return url }
        for found in try Self.addresses(of: host) where !Self.isPublic(found) {
            throw .privateHost(host: host, address: Self.text(found))
        }
        return url
    }

    /// Every address the host name resolves to, as bytes (4 for IPv4, 16 for IPv6).
    static func addresses(of host: String) throws(Refusal) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { throw .unknownHost(host) }
        defer { freeaddrinfo(first) }
        var found: [[UInt8]] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let entry = next {
            if let address = entry.pointee.ai_addr {
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin_addr) { found.append(Array($0)) }
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin6_addr) { found.append(Array($0)) }
                    }
                default: break
                }
            }
            next = entry.pointee.ai_next
        }
        guard !found.isEmpty else { throw .unknownHost(host) }
        return found
    }

    /// Not loopback, private (RFC 1918, unique local), link-local, shared (100.64/10),
    /// unspecified, multicast or reserved; IPv4 inside IPv6 is judged as IPv4.
    static func isPublic(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 16 {
            // ::ffff:a.b.c.d and the NAT64 prefix 64:ff9b::/96 carry an IPv4 address.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return isPublic(Array(bytes[12...])) }
            if bytes[0] == 0 && bytes[1] == 0x64 && bytes[2] == 0xFF && bytes[3] == 0x9B { return isPublic(Array(bytes[12...])) }
            if bytes.allSatisfy({ $0 == 0 }) { return false }                       // ::
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return false } // ::1
            if bytes[0] & 0xFE == 0xFC { return false }                             // fc00::/7
            if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return false }         // fe80::/10
            if bytes[0] == 0xFF { return false }                                    // multicast
            return true
        }
        guard bytes.count == 4 else { return false }
        let (a, b) = (bytes[0], bytes[1])
        switch a {
        case 0, 10, 127: return false
        case 100 where b & 0xC0 == 64: return false          // 100.64.0.0/10
        case 169 where b == 254: return false                // link-local, cloud metadata
        case 172 where b & 0xF0 == 16: return false          // 172.16.0.0/12
        case 192 where b == 168: return false
        case 192 where b == 0 && bytes[2] == 0: return false // 192.0.0.0/24
        case 198 where b & 0xFE == 18: return false          // benchmarking
        case 224...255: return false                         // multicast, reserved, broadcast
        default: return true
        }
    }

    static func text(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}

/// An address or name from a document, quoted in a message, long ones cut, with their
/// control characters written out.
enum Quoted {
    static func text(_ text: String) -> String {
        "\"" + ControlCharacters.escaped(text.count > 200 ? String(text.prefix(200)) + "…" : text) + "\""
    }
}
