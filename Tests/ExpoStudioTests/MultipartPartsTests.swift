import Foundation
import NIOCore
import Testing
@testable import ExpoStudio

/// The studio's own reading of `multipart/form-data`: parts as browsers send them, each a
/// slice of the body, and every malformed body refused whole.
@Suite struct MultipartPartsTests {
    private func split(_ text: String, limit: Int = 200) -> [MultipartParts.Part]? {
        MultipartParts.split(ByteBuffer(string: text), boundary: "XyZ", partLimit: limit)
    }

    @Test func partsAsABrowserSendsThem() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"form_token\"\r\n\r\nabc\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a-b--c.csv\"\r\nContent-Type: text/csv\r\n\r\n"
            + "image_name,name\r\n--X,y--\r\n-\r\n\r\n--XyZ--\r\n"
        let parts = try #require(split(body))
        #expect(parts.count == 2)
        #expect(parts[0].headers.first?.value == "form-data; name=\"form_token\"")
        #expect(parts[0].body.getString(at: parts[0].body.readerIndex, length: parts[0].body.readableBytes) == "abc")
        #expect(parts[1].headers.count == 2 && parts[1].headers[1].name == "Content-Type")
        // Dashes, a boundary's start and line ends inside a file are its own bytes.
        #expect(parts[1].body.getString(at: parts[1].body.readerIndex, length: parts[1].body.readableBytes) == "image_name,name\r\n--X,y--\r\n-\r\n")
        let form = try #require(UploadForm(contentType: "multipart/form-data; boundary=XyZ", body: ByteBuffer(string: body)))
        #expect(form["form_token"] == "abc" && form.files.map(\.name) == ["a-b--c.csv"])
    }

    @Test func aPreambleAndAnEmptyPartAreRead() throws {
        let parts = try #require(split("a preamble\r\n--XyZ\r\n\r\n\r\n--XyZ--"))
        #expect(parts.count == 1 && parts[0].headers.isEmpty && parts[0].body.readableBytes == 0)
    }

    @Test(arguments: [
        "", "no boundary at all", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nnever closed",
        "--XyZ\r\nno colon here\r\n\r\nx\r\n--XyZ--", "--XyZ\r\nName: " + String(repeating: "v", count: 20_000) + "\r\n\r\nx\r\n--XyZ--",
        "--XyZ\nName: a\n\nx\n--XyZ--", "--XyZjunk\r\n\r\nx\r\n--XyZ--", "--XyZ\r\nName: a\r\n\r\nx\r\n--XyZ",
    ])
    func malformedBodiesAreRefusedWhole(_ body: String) {
        #expect(split(body) == nil, "\(body.prefix(80))")
    }

    @Test func tooManyPartsAreRefused() {
        let part = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        #expect(split(String(repeating: part, count: 3) + "--XyZ--", limit: 3)?.count == 3)
        #expect(split(String(repeating: part, count: 4) + "--XyZ--", limit: 3) == nil)
    }

    @Test func aFileIsASliceOfTheBodyNotACopy() throws {
        var body = ByteBuffer(string: "--XyZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\n")
        body.writeBytes([UInt8](repeating: 0x41, count: 1 << 20))
        body.writeString("\r\n--XyZ--\r\n")
        let part = try #require(MultipartParts.split(body, boundary: "XyZ", partLimit: 10)?.first)
        #expect(part.body.readableBytes == 1 << 20)
        let same = body.withUnsafeReadableBytes { whole in part.body.withUnsafeReadableBytes { $0.baseAddress! - whole.baseAddress! } }
        #expect(same == 65, "the part's bytes are where they lie in the body")
    }
}
