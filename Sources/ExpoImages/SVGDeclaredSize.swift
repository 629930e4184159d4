import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The size an SVG's root element declares (`width`, `height`, `viewBox`), read before
/// librsvg is asked to measure or draw it: `width="1e9"` makes libvips log GObject's
/// complaints and report the image as 1 × 1 pixel.
struct SVGDeclaredSize {
    /// The attributes as written, for the warning.
    var width: String?
    var height: String?
    /// The viewBox's width and height, when it has four numbers and a positive size.
    var viewBox: (width: Double, height: Double)?

    /// libvips's largest image side (`VIPS_MAX_COORD`).
    static let largestSide = 10_000_000.0

    init(_ svg: Data) {
        let reader = RootReader()
        let parser = XMLParser(data: svg)
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        _ = parser.parse()
        width = reader.attributes["width"]
        height = reader.attributes["height"]
        let numbers = (reader.attributes["viewBox"] ?? "")
            .split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" })
            .compactMap { Double($0) }
        if numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 {
            viewBox = (numbers[2], numbers[3])
        }
    }

    /// Why the declared size is no size to draw at: not a finite number, a side past
    /// libvips's largest, or more pixels than `pixelLimit`; nil when it is one.
    func absurdity(pixelLimit: Int) -> String? {
        let declared = [("width", width), ("height", height)].compactMap { name, value in value.map { (name, $0) } }
        let written = declared.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ")
        let pixels = declared.map { Self.pixels($0.1) }
        if pixels.contains(where: { $0.map { !$0.isFinite } ?? false }) {
            return "declares \(written), which is not a finite size"
        }
        let sides = pixels.compactMap { $0 }
        if sides.contains(where: { $0 > Self.largestSide }) || (sides.count == 2 && sides[0] * sides[1] > Double(pixelLimit)) {
            return "declares \(written), over the limit of \(pixelLimit / 1_000_000) megapixels"
        }
        return nil
    }

    /// A length in pixels as librsvg measures it through libvips (72 dots per inch), or nil
    /// for a percentage or a value renderers ignore. `inf` and `1e999` are infinite.
    static func pixels(_ length: String) -> Double? {
        let text = length.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let number = Double(text) { return number }
        let unit = String(text.reversed().prefix { $0.isLetter || $0 == "%" }.reversed())
        guard let number = Double(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)) else { return nil }
        let factor: Double? = switch unit {
        case "px", "pt": 1
        case "pc": 12
        case "in": 72
        case "cm": 72 / 2.54
        case "mm": 72 / 25.4
        case "em": 16
        case "ex": 8
        default: nil
        }
        return factor.map { number * $0 }
    }

    /// The layout size of a drawing shown at its viewBox's proportions, in sensible pixels;
    /// nil when the viewBox is too small for its proportions to be worked out.
    var viewBoxSize: ImageSize? {
        guard let box = viewBox else { return nil }
        let longer = max(box.width, box.height)
        let scale = longer > 4096 || longer < 1 ? 1000 / longer : 1
        let sides = [box.width * scale, box.height * scale].map { $0.rounded() }
        // A viewBox of 1e-310 makes 1000 / longer infinite, and Int(infinity) traps.
        guard sides.allSatisfy({ $0.isFinite && $0 <= 4096 }) else { return nil }
        return ImageSize(width: max(1, Int(sides[0])), height: max(1, Int(sides[1])))
    }
}

/// Reads the root element's attributes and stops.
private final class RootReader: NSObject, XMLParserDelegate {
    var attributes: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        self.attributes = attributes
        parser.abortParsing()
    }
}
