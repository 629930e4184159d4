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
        var current = address
        var seen: Set<String> = [address]
        let deadline = NIODeadline.now() + .seconds(limits.seconds)
        for _ in 0...limits.redirects {
            let url: URL
            do { url = try check.check(current) } catch { throw .refused(error) }
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "application/ld+json, application/json, image/*;q=0.9, */*;q=0.5")
            request.headers.add(name: "User-Agent", value: "expo1900-import")
            do {
                let response = try await client.execute(request, deadline: deadline)
                switch response.status.code {
                case 200:
                    if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
                        throw Failure.tooLarge(current, limit)
                    }
                    let body = try await response.body.collect(upTo: limit)
                    return Data(body.readableBytesView)
                case 301, 302, 303, 307, 308:
                    guard let location = response.headers.first(name: "location"),
                          let next = URL(string: location, relativeTo: url)?.absoluteURL.absoluteString else {
                        throw Failure.status(Int(response.status.code), current)
                    }
                    guard seen.insert(next).inserted else { throw Failure.redirectLoop(address) }
                    current = next
                default:
                    throw Failure.status(Int(response.status.code), current)
                }
            } catch let failure as Failure {
                throw failure
            } catch is NIOTooManyBytesError {
                throw .tooLarge(current, limit)
            } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
                throw .timedOut(current, limits.seconds)
            } catch {
                throw .network(current, String(describing: error))
            }
        }
        throw .tooManyRedirects(address)
    }
}
