import Foundation

/// Builds small `.xcassets` folders the way Xcode lays them out, for tests.
public enum AssetCatalogFixture {
    public static func contents(dataFile: String) -> String {
        #"{"data":[{"filename":"\#(dataFile)","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
    }

    /// `files` are (file name, scale or nil for a single vector).
    public static func imageContents(_ files: [(String, String?)]) -> String {
        let images = files.map { name, scale in
            scale.map { #"{"filename":"\#(name)","idiom":"universal","scale":"\#($0)"}"# }
                ?? #"{"filename":"\#(name)","idiom":"universal"}"#
        }
        return #"{"images":[\#(images.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#
    }

    /// A one-page PDF of a red rectangle, with a correct cross-reference table.
    public static func pdf() -> Data {
        let stream = "1 0 0 rg 0 0 30 20 re f"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 30 20] /Contents 4 0 R >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(text.utf8)
    }
}
