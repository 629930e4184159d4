import Foundation
import HTTPTypes
import Hummingbird

/// The studio's stylesheet, script and icon, from `Resources/Assets`, served at
/// `/studio/assets/NAME`. Read once; a file missing from the build stops the program, since
/// every page links them.
enum StudioAssets {
    static let files: [String: (type: String, bytes: [UInt8])] = {
        let types = ["studio.css": "text/css; charset=utf-8", "preview-bar.css": "text/css; charset=utf-8",
                     "studio.js": "text/javascript; charset=utf-8", "icon.svg": "image/svg+xml"]
        var files: [String: (type: String, bytes: [UInt8])] = [:]
        for (name, type) in types {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets"),
                  let data = FileManager.default.contents(atPath: url.path) else {
                preconditionFailure("the studio's \(name) is missing from the build")
            }
            files[name] = (type, [UInt8](data))
        }
        return files
    }()

    static func response(_ name: String) -> Response? {
        guard let file = files[name] else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
