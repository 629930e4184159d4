import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches what a IIIF document links, with every bound the issue asks for: only http(s),
/// no host on this machine or a private network (each redirect's target checked again), at
/// most `redirects` redirects and never the same address twice, a deadline for the whole
/// answer, and a byte limit read as the body comes, so a endless or huge answer stops there.
/// The HTTP work is async-http-client's; redirects are followed here so each hop is checked.
final class Fetcher: Sendable {
    struct Limits: Sendable {
        var seconds: Int64 = 60
        var redirects = 5
        var documentBytes = 32 << 20
        var imageBytes = 512 << 20
        /// A recording or a video: written to disk as it arrives, so only the disk bounds it.
        var mediaBytes = 4 << 30
        /// A caption or transcript file.
        var captionBytes = 4 << 20
        /// A recording or a video may take this many times `seconds` to arrive whole.
        var mediaTimeFactor: Int64 = 10
    }

    enum Failure: Error, Sendable {
        case refused(AddressCheck.Refusal)
        case status(Int, String)
        case redirectLoop(String)
        case tooManyRedirects(String)
        case tooLarge(String, Int)
        case timedOut(String, Int64)
        case network(String, String)

        var message: String {
            switch self {
            case let .refused(refusal): refusal.message
            case let .status(code, address): "\(Quoted.text(address)) answered \(code)"
            case let .redirectLoop(address): "\(Quoted.text(address)) redirects in a loop"
            case let .tooManyRedirects(address): "\(Quoted.text(address)) redirects more than \(Fetcher.Limits().redirects) times"
            case let .tooLarge(address, limit): "\(Quoted.text(address)) is larger than \(limit >> 20) MB; not fetched"
            case let .timedOut(address, seconds): "\(Quoted.text(address)) did not answer whole within \(seconds) s"
            case let .network(address, reason): "\(Quoted.text(address)) could not be fetched: \(reason)"
            }
        }
    }

    let check: AddressCheck
    let limits: Limits
    private let client: HTTPClient

    init(check: AddressCheck, limits: Limits = Limits()) {
        self.check = check
        self.limits = limits
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: .seconds(10), read: .seconds(30)),
                                                     decompression: .enabled(limit: .ratio(50)))
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// The body at `address`, following redirects, within `bytes`.
    func fetch(_ address: String, bytes limit: Int) async throws(Failure) -> Data {
        let deadline = NIODeadline.now() + .seconds(limits.seconds)
        let (response, current) = try await answer(address, limit: limit, deadline: deadline)
        do {
            let body = try await response.body.collect(upTo: limit)
            return Data(body.readableBytesView)
        } catch {
            throw Self.failure(error, current, limit: limit, seconds: limits.seconds)
        }
    }

    /// The body at `address` written to `file` as it arrives, a piece at a time, within
    /// `bytes` and `seconds`: a recording or a video is never held whole. Returns the count
    /// of bytes written; on failure the file is removed.
    func download(_ address: String, to file: URL, bytes limit: Int, seconds: Int64) async throws(Failure) -> Int {
        let deadline = NIODeadline.now() + .seconds(seconds)
        let (response, current) = try await answer(address, limit: limit, deadline: deadline)
        guard FileManager.default.createFile(atPath: file.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: file) else {
            throw .network(current, "\(file.lastPathComponent) could not be written")
        }
        var written = 0
        do {
            defer { try? handle.close() }
            for try await piece in response.body {
                written += piece.readableBytes
                guard written <= limit else { throw Failure.tooLarge(current, limit) }
                try handle.write(contentsOf: Data(piece.readableBytesView))
                if NIODeadline.now() > deadline { throw Failure.timedOut(current, seconds) }
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw Self.failure(error, current, limit: limit, seconds: seconds)
        }
        return written
    }

    /// The answer of 200 at `address`, following redirects, each one checked; a declared
    /// length over `limit` is refused before its body is read.
    private func answer(_ address: String, limit: Int, deadline: NIODeadline) async throws(Failure) -> (HTTPClientResponse, String) {
        var current = address
        var seen: Set<String> = [address]
        for _ in 0...limits.redirects {
            let url: URL
            do { url = try check.check(current) } catch { throw .refused(error) }
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "application/ld+json, application/json, image/*;q=0.9, */*;q=0.5")
            request.headers.add(name: "User-Agent", value: "expo1900-import")
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw Self.failure(error, current, limit: limit, seconds: limits.seconds)
            }
            switch response.status.code {
            case 200:
                if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
                    throw .tooLarge(current, limit)
                }
                return (response, current)
            case 301, 302, 303, 307, 308:
                guard let location = response.headers.first(name: "location"),
                      let next = URL(string: location, relativeTo: url)?.absoluteURL.absoluteString else {
                    throw .status(Int(response.status.code), current)
                }
                guard seen.insert(next).inserted else { throw .redirectLoop(address) }
                current = next
            default:
                throw .status(Int(response.status.code), current)
            }
        }
        throw .tooManyRedirects(address)
    }

    private static func failure(_ error: any Error, _ address: String, limit: Int, seconds: Int64) -> Failure {
        switch error {
        case let failure as Failure: failure
        case is NIOTooManyBytesError: .tooLarge(address, limit)
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout:
            .timedOut(address, seconds)
        default: .network(address, String(describing: error))
        }
    }
}
