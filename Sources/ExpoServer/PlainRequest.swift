import NIOCore
import NIOHTTP1

/// The requests the guide reads itself, without NIO's HTTP decoder: a GET or HEAD over
/// HTTP/1.1, with no body and nothing unusual in its head. That is every request for a page,
/// and NIO's decoder (its parser, the buffer it gathers into, the two events it sends down
/// the pipeline for each request) cost about an eighth of the server's time.
///
/// Whatever is not plainly such a request is `other`, and goes to NIO's decoder as before,
/// which reads it and every request after it on the connection: a body, another method or
/// version, a `Transfer-Encoding`, a byte outside the few that an address or a header may
/// hold. So this reads only what it is sure of, and every refusal stays NIO's.
enum PlainRequest {
    enum Parsed {
        /// A GET or HEAD with no body, its head `length` bytes long.
        case head(HTTPRequestHead, length: Int)
        /// Not all of the head has arrived.
        case partial
        /// Anything else: NIO's decoder reads it.
        case other
    }

    /// A head still partial past this many bytes goes to NIO's decoder, which has its own limit.
    static let longest = 16 << 10
    /// More header lines than any browser sends.
    static let mostFields = 64

    static func parse(_ buffer: ByteBuffer) -> Parsed {
        buffer.withUnsafeReadableBytes { parse($0) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Parsed {
        let count = bytes.count
        let method: HTTPMethod
        var index: Int
        if count >= 4, bytes[0] == 0x47, bytes[1] == 0x45, bytes[2] == 0x54, bytes[3] == space {
            (method, index) = (.GET, 4)
        } else if count >= 5, bytes[0] == 0x48, bytes[1] == 0x45, bytes[2] == 0x41, bytes[3] == 0x44, bytes[4] == space {
            (method, index) = (.HEAD, 5)
        } else {
            return startsAsPlain(bytes) ? .partial : .other
        }
        // The address: origin form only, of the characters RFC 3986 allows unescaped.
        let start = index
        guard index < count else { return .partial }
        guard bytes[index] == slash else { return .other }
        while index < count, bytes[index] != space {
            guard target[Int(bytes[index])] else { return .other }
            index += 1
        }
        guard index < count else { return .partial }
        let uri = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // " HTTP/1.1\r\n"
        for expected in version {
            guard index < count else { return .partial }
            guard bytes[index] == expected else { return .other }
            index += 1
        }
        var fields: [(String, String)] = []
        fields.reserveCapacity(8)
        while true {
            guard index < count else { return .partial }
            if bytes[index] == carriageReturn {
                guard index + 1 < count else { return .partial }
                guard bytes[index + 1] == lineFeed else { return .other }
                let head = HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: HTTPHeaders(fields))
                return .head(head, length: index + 2)
            }
            guard fields.count < mostFields else { return .other }
            let nameStart = index
            while index < count, token[Int(bytes[index])] { index += 1 }
            guard index < count else { return .partial }
            guard index > nameStart, bytes[index] == colon else { return .other }
            let name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<index])
            index += 1
            while index < count, bytes[index] == space || bytes[index] == tab { index += 1 }
            let valueStart = index
            var valueEnd = index
            while index < count {
                let byte = bytes[index]
                if byte > space, byte < 0x7F {
                    valueEnd = index + 1
                } else if byte != space, byte != tab {
                    break
                }
                index += 1
            }
            guard index + 1 < count else { return .partial }
            guard bytes[index] == carriageReturn, bytes[index + 1] == lineFeed else { return .other }
            index += 2
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            guard isPlain(name: name, value: value) else { return .other }
            fields.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
    }

    /// Whether a header leaves the request plain: none that gives it a body or asks the
    /// connection to become something else; `Connection` only to keep it or to close it.
    private static func isPlain(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> Bool {
        switch name.count {
        case 6: return !equalsIgnoringCase(name, "expect")
        case 7: return !equalsIgnoringCase(name, "upgrade")
        case 10:
            guard equalsIgnoringCase(name, "connection") else { return true }
            return equalsIgnoringCase(value, "keep-alive") || equalsIgnoringCase(value, "close")
        case 14: return !equalsIgnoringCase(name, "content-length")
        case 17: return !equalsIgnoringCase(name, "transfer-encoding")
        default: return true
        }
    }

    /// Whether `bytes`, fewer than a method and its space, may still become "GET " or "HEAD ".
    private static func startsAsPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for candidate in [getPrefix, headPrefix] where bytes.count < candidate.count {
            if zip(bytes, candidate).allSatisfy({ $0 == $1 }) { return true }
        }
        return false
    }

    /// `bytes` equals the lowercase ASCII `lowercase`, whatever the case of its letters.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for offset in 0..<bytes.count {
            var byte = bytes[offset]
            if byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            guard byte == expected[offset] else { return false }
        }
        return true
    }

    private static let space: UInt8 = 0x20, tab: UInt8 = 0x09, slash: UInt8 = 0x2F, colon: UInt8 = 0x3A
    private static let carriageReturn: UInt8 = 0x0D, lineFeed: UInt8 = 0x0A
    private static let getPrefix = Array("GET ".utf8), headPrefix = Array("HEAD ".utf8)
    private static let version = Array(" HTTP/1.1\r\n".utf8)

    /// The bytes of an address: letters, digits, `-._~` and `!$&'()*+,;=:@/?%`.
    private static let target: [Bool] = table("-._~!$&'()*+,;=:@/?%")
    /// The bytes of a header's name (RFC 9110's `tchar`).
    private static let token: [Bool] = table("!#$%&'*+-.^_`|~")

    private static func table(_ punctuation: String) -> [Bool] {
        let allowed = Set(punctuation.utf8)
        return (0..<256).map { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || allowed.contains(UInt8(byte))
        }
    }
}
