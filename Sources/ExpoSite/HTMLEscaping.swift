/// HTML escaping on UTF-8 bytes, for the templates' `{{name}}` and for the few tags written
/// in Swift. The five characters Mustache escapes; text without any of them is copied whole.
public enum HTMLEscaping {
    /// Appends `text` to `output`, escaped.
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x22: replacement = "&quot;"
                case 0x27: replacement = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                start = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// `text`, escaped; text with nothing to escape is returned as it is, without a copy.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
