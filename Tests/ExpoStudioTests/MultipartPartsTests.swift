import ExpoServer
import Foundation
import NIOCore
import Testing
@testable import ExpoStudio

/// The studio's own reading of `multipart/form-data`: parts as browsers send them, each a
/// range of the body, and every malformed body refused whole; the same whether the body is
/// held or was written to a file as it arrived.
@Suite struct MultipartPartsTests {
    /// `bytes` as the server gives a body: held, or in a file of its own.
    enum Held: CaseIterable { case memory, file }

    private static func source(_ bytes: [UInt8], _ held: Held) throws -> any MultipartSource {
        switch held {
        case .memory:
            return ByteBuffer(bytes: bytes)
        case .file:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-multipart-\(UUID().uuidString)")
            try Data(bytes).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            // Open before the file's name goes, as the server's spool is read.
            return try #require(SpooledSource(url, size: bytes.count))
        }
    }

    private func split(_ text: String, limit: Int = 200, _ held: Held) throws -> [MultipartParts.Part]? {
        MultipartParts.split(try Self.source(Array(text.utf8), held), boundary: "XyZ", partLimit: limit)
    }

    private static func text(_ part: MultipartParts.Part, in body: String) -> String {
        String(decoding: Array(body.utf8)[part.range], as: UTF8.self)
    }

    @Test(arguments: Held.allCases)
    func partsAsABrowserSendsThem(_ held: Held) throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"form_token\"\r\n\r\nabc\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a-b--c.csv\"\r\nContent-Type: text/csv\r\n\r\n"
            + "image_name,name\r\n--X,y--\r\n-\r\n\r\n--XyZ--\r\n"
        let parts = try #require(try split(body, held))
        #expect(parts.count == 2)
        #expect(parts[0].headers.first?.value == "form-data; name=\"form_token\"")
        #expect(Self.text(parts[0], in: body) == "abc")
        #expect(parts[1].headers.count == 2 && parts[1].headers[1].name == "Content-Type")
        // Dashes, a boundary's start and line ends inside a file are its own bytes.
        #expect(Self.text(parts[1], in: body) == "image_name,name\r\n--X,y--\r\n-\r\n")
    }

    @Test func aFormReadsTheSameFromMemoryAndFromAFile() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"form_token\"\r\n\r\nabc\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.csv\"\r\n\r\nx,y\r\n--XyZ--\r\n"
        let held = try #require(UploadForm(contentType: "multipart/form-data; boundary=XyZ", body: ByteBuffer(string: body)))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-form-\(UUID().uuidString)")
        try Data(body.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let spooled = try #require(UploadForm(contentType: "multipart/form-data; boundary=XyZ", spooled: SpooledBody(url: url, size: body.utf8.count)))
        for form in [held, spooled] {
            #expect(form["form_token"] == "abc" && form.files.map(\.name) == ["a.csv"])
            let file = try #require(form.files.first)
            #expect(file.count == 3 && file.head == Array("x,y".utf8) && Array(file.bytes.readableBytesView) == Array("x,y".utf8))
        }
    }

    @Test(arguments: Held.allCases)
    func aPreambleAndAnEmptyPartAreRead(_ held: Held) throws {
        let parts = try #require(try split("a preamble\r\n--XyZ\r\n\r\n\r\n--XyZ--", held))
        #expect(parts.count == 1 && parts[0].headers.isEmpty && parts[0].range.isEmpty)
    }

    @Test(arguments: [
        "", "no boundary at all", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nnever closed",
        "--XyZ\r\nno colon here\r\n\r\nx\r\n--XyZ--", "--XyZ\r\nName: " + String(repeating: "v", count: 20_000) + "\r\n\r\nx\r\n--XyZ--",
        "--XyZ\nName: a\n\nx\n--XyZ--", "--XyZjunk\r\n\r\nx\r\n--XyZ--", "--XyZ\r\nName: a\r\n\r\nx\r\n--XyZ",
    ], Held.allCases)
    func malformedBodiesAreRefusedWhole(_ body: String, _ held: Held) throws {
        #expect(try split(body, held) == nil, "\(body.prefix(80))")
    }

    @Test(arguments: Held.allCases)
    func tooManyPartsAreRefused(_ held: Held) throws {
        let part = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        #expect(try split(String(repeating: part, count: 3) + "--XyZ--", limit: 3, held)?.count == 3)
        #expect(try split(String(repeating: part, count: 4) + "--XyZ--", limit: 3, held) == nil)
    }

    @Test func aHeldFileIsASliceOfTheBodyNotACopy() throws {
        var body = ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\n")
        body.writeBytes([UInt8](repeating: 0x41, count: 1 << 20))
        body.writeString("\r\n--XyZ--\r\n")
        let form = try #require(UploadForm(contentType: "multipart/form-data; boundary=XyZ", body: body))
        let file = try #require(form.files.first)
        #expect(file.count == 1 << 20)
        let same = body.withUnsafeReadableBytes { whole in file.bytes.withUnsafeReadableBytes { $0.baseAddress! - whole.baseAddress! } }
        #expect(same == 65, "the part's bytes are where they lie in the body")
    }

    /// A file's boundary may fall anywhere, across the megabyte windows a file is read in.
    @Test(arguments: [(1 << 20) - 70, (1 << 20) - 66, (1 << 20) - 60, (2 << 20) + 5])
    func aBoundaryAcrossTheWindowsAFileIsReadInIsFound(_ length: Int) throws {
        var bytes = Array("--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\n".utf8)
        let start = bytes.count
        bytes += (0 ..< length).map { UInt8(truncatingIfNeeded: $0 % 251) }
        bytes += Array("\r\n--XyZ--\r\n".utf8)
        let parts = try #require(MultipartParts.split(try Self.source(bytes, .file), boundary: "XyZ", partLimit: 10))
        #expect(parts.map(\.range) == [start ..< start + length])
        // A copy read a megabyte at a time is the part's bytes.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-multipart-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let form = try #require(UploadForm(contentType: "multipart/form-data; boundary=XyZ", spooled: SpooledBody(url: url, size: bytes.count)))
        let copy = url.appendingPathExtension("copy")
        defer { try? FileManager.default.removeItem(at: copy) }
        try #require(form.files.first).write(to: copy)
        #expect(try Data(contentsOf: copy) == Data(bytes[start ..< start + length]))
    }
}
