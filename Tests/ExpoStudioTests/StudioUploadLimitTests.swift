import ExpoServer
import Foundation
import Testing
@testable import ExpoStudio

/// The server's side of uploads, against a client that says it will send more than it
/// may: only the upload route takes a large body, it must say its length first, and large
/// bodies held at once share one budget that a client leaving gives back.
@Suite(.serialized) struct StudioUploadLimitTests {
    /// A connection that has sent a request's head and none of its body.
    final class HeldRequest {
        let descriptor: Int32

        init(port: Int, _ head: String) throws {
            descriptor = try RawHTTP.connected(port: port)
            let bytes = Array(head.utf8)
            guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EPIPE) }
        }

        /// The status line the server answered with, waiting at most `seconds`.
        func statusLine(within seconds: Int = 5) -> String? {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count], as: UTF8.self).components(separatedBy: "\r\n").first
        }

        deinit { close(descriptor) }
    }

    static func head(_ path: String, length: Int, port: Int, session: String? = nil) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: multipart/form-data; boundary=x\r\n"
            + (session.map { "Cookie: studio_session=\($0)\r\n" } ?? "") + "Content-Length: \(length)\r\n\r\n"
    }

    @Test func bodiesOverTheirRoutesLimitAreRefusedBeforeTheyArrive() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let port = studio.port
        let session = try #require(try await studio.logIn("anna").session)
        let huge = try HeldRequest(port: port, Self.head("/studio/exhibits/jikji/files", length: StudioRouter.mediaUploadLimit + 1,
                                                         port: port, session: session))
        #expect(huge.statusLine()?.contains("413") == true, "over the upload route's 4 GB")
        let bigSheet = try HeldRequest(port: port, Self.head("/studio/import", length: 300 << 20, port: port, session: session))
        #expect(bigSheet.statusLine()?.contains("413") == true, "over the import's 256 MB")
        let form = try HeldRequest(port: port, Self.head("/studio/exhibits/jikji", length: 2 << 20, port: port, session: session))
        #expect(form.statusLine()?.contains("413") == true, "a form's route keeps its 1 MB")
        let elsewhere = try HeldRequest(port: port, Self.head("/studio/exhibits/jikji/files/more", length: 2 << 20, port: port, session: session))
        #expect(elsewhere.statusLine()?.contains("413") == true, "only the upload route itself takes more")
        var sheet: HeldRequest? = try HeldRequest(port: port, Self.head("/studio/import", length: 8 << 20, port: port, session: session))
        #expect(sheet?.statusLine(within: 1) == nil, "the import's route waits for a spreadsheet of 8 MB")
        sheet = nil
        var waited = 0
        while LargeBodies.spooledNow != 0, waited < 50 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
    }

    @Test func largeBodiesHeldAtOnceShareABudgetThatALeavingClientGivesBack() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let port = studio.port
        let session = try #require(try await studio.logIn("anna").session)
        // Room for another test's upload beside these two, as the budget is the process's.
        let each = LargeBodies.diskBudget / 2 - (64 << 20)
        var held = [try HeldRequest(port: port, Self.head("/studio/exhibits/jikji/files", length: each, port: port, session: session)),
                    try HeldRequest(port: port, Self.head("/studio/exhibits/haegeum/files", length: each, port: port, session: session))]
        #expect(held[0].statusLine(within: 1) == nil && held[1].statusLine(within: 1) == nil, "both wait for their bodies")
        #expect(LargeBodies.spooledNow >= 2 * each)
        #expect(LargeBodies.heldNow == 0, "an upload's body is on disk, not in memory")
        let incoming = studio.state.folder.appendingPathComponent("incoming")
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming.path).count == 2, "each is written to its own file")
        let third = try HeldRequest(port: port, Self.head("/studio/exhibits/jikji/files", length: StudioRouter.mediaUploadLimit, port: port,
                                                          session: session))
        #expect(third.statusLine()?.contains("503") == true, "a third would pass the budget of \(LargeBodies.diskBudget >> 30) GB")
        held.removeAll()
        var waited = 0
        while LargeBodies.spooledNow >= each, waited < 50 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        #expect(LargeBodies.spooledNow < each, "clients that left gave their room back")
        waited = 0
        while (try? FileManager.default.contentsOfDirectory(atPath: incoming.path).count) != 0, waited < 50 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: incoming.path).isEmpty, "and their files are gone")
    }
}
