import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Writes an SVG out again as `XMLParser` reads it, element by element, keeping only what
/// draws. What it leaves out, and counts for the warning:
/// - `script` elements (and SVG Tiny's `handler`), in any namespace;
/// - event-handler attributes (`on…`), and animations that would set one or a link;
/// - `foreignObject`, and HTML elements anywhere (an XHTML `<script>` runs in SVG too);
/// - links (`href`, `xlink:href`) to anything but a `#fragment` of the same file, or a
///   `data:image/…` picture on `<image>` and `<feImage>`; external `url(…)` and `@import`
///   in styles and presentation attributes (`CSSReferences`); `xml-stylesheet` instructions.
/// It leaves out silently what neither draws nor reaches out: comments, processing
/// instructions, elements and attributes of editors' namespaces (Inkscape's, RDF metadata).
/// Attributes come out in name order (the parser hands them over unordered), so the same
/// SVG always gives the same bytes.
final class SVGWriter: NSObject, XMLParserDelegate {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"
    private static let animations: Set<String> = ["set", "animate", "animatecolor", "animatemotion", "animatetransform"]
    private static let xlinkAttributes: Set<String> = ["href", "title", "show", "actuate", "type", "role", "arcrole"]

    private(set) var removals = SVGRemovals()
    /// The first error the parser reported: libxml2's code and where.
    private(set) var problem: (code: Int, line: Int, column: Int)?
    /// The root element's name when it is not `<svg>`.
    private(set) var foreignRoot: String?

    private var parts: [String] = []
    private var sawRoot = false
    private var usesXLink = false
    /// Where the root's `xmlns:xlink` goes, once it is known whether any attribute needs it.
    private var xlinkDeclarationIndex: Int?
    private var prefixes: [String: [String]] = [:]
    private var depth = 0
    /// The depth of the element being left out, with everything inside it.
    private var skippedFrom: Int?
    private var startTagOpen = false
    /// The text of the `<style>` element being read, made safe as a whole at its end.
    private var styleText: String?

    /// The document written out, or nil when no element was read.
    var document: String? {
        guard sawRoot else { return nil }
        var parts = parts
        if usesXLink, let index = xlinkDeclarationIndex { parts[index] = " xmlns:xlink=\"\(Self.xlinkNamespace)\"" }
        return parts.joined()
    }

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        prefixes[prefix, default: []].append(namespaceURI)
    }

    func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
        prefixes[prefix]?.removeLast()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        guard skippedFrom == nil else { return }
        // A style sheet is text; an element inside one is no part of it.
        if styleText != nil {
            skippedFrom = depth
            return
        }
        let namespace = namespaceURI ?? ""
        if !sawRoot {
            sawRoot = true
            guard elementName == "svg", namespace == Self.svgNamespace || namespace.isEmpty else {
                foreignRoot = qualifiedName ?? elementName
                parser.abortParsing()
                return
            }
        }
        if let removal = removal(of: elementName, namespace: namespace, attributes: attributes) {
            removal(&removals)
            skippedFrom = depth
            return
        }
        closeStartTag()
        parts.append("<" + elementName)
        if depth == 1 {
            parts.append(" xmlns=\"\(Self.svgNamespace)\"")
            xlinkDeclarationIndex = parts.count
            parts.append("")
        }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
            if let kept = kept(name, value, element: elementName) { parts.append(" \(kept.name)=\"\(Self.escapedAttribute(kept.value))\"") }
        }
        startTagOpen = true
        if elementName == "style" { styleText = "" }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        if let skipped = skippedFrom {
            if depth == skipped { skippedFrom = nil }
            return
        }
        if let css = styleText, elementName == "style" {
            styleText = nil
            let safe = CSSReferences.withoutExternal(css)
            removals.externalReferences += safe.removed
            if !safe.css.isEmpty { write(text: safe.css) }
        }
        if startTagOpen {
            parts.append("/>")
            startTagOpen = false
        } else {
            parts.append("</\(elementName)>")
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard skippedFrom == nil else { return }
        if styleText != nil {
            styleText? += string
        } else {
            write(text: string)
        }
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
        self.parser(parser, foundCharacters: whitespaceString)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        // <?xml-stylesheet href="…"?> would load a style sheet from anywhere.
        if target.lowercased() == "xml-stylesheet" { removals.externalReferences += 1 }
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard problem == nil, foreignRoot == nil else { return }
        problem = ((parseError as NSError).code, parser.lineNumber, parser.columnNumber)
    }

    // MARK: Deciding

    /// How leaving this element out is counted, or nil when it is kept.
    private func removal(of name: String, namespace: String, attributes: [String: String]) -> ((inout SVGRemovals) -> Void)? {
        let lowered = name.lowercased()
        if lowered == "script" || lowered == "handler" { return { $0.scripts += 1 } }
        if lowered == "foreignobject" { return { $0.foreignObjects += 1 } }
        if namespace == Self.xhtmlNamespace { return { $0.htmlElements += 1 } }
        if namespace != Self.svgNamespace && !namespace.isEmpty { return { _ in } }
        if Self.animations.contains(lowered), let target = attributes["attributeName"] {
            // `<set attributeName="href" to="javascript:…">` makes a link no attribute shows.
            let attribute = String(target.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            if attribute == "href" { return { $0.externalReferences += 1 } }
            if attribute.hasPrefix("on") { return { $0.eventHandlers.append(attribute) } }
        }
        return nil
    }

    /// The attribute as it is written out (made safe), or nil when it is left out.
    private func kept(_ name: String, _ value: String, element: String) -> (name: String, value: String)? {
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        let prefix = parts.count == 2 ? parts[0] : nil
        let local = parts.last ?? name
        switch prefix {
        case nil:
            if local.lowercased().hasPrefix("on") {
                removals.eventHandlers.append(local)
                return nil
            }
            if local == "href" { return reference(value, element: element).map { (local, $0) } }
            return (local, safeStyle(value))
        case "xml":
            // xml:space changes how text is drawn; xml:base would only aim links elsewhere.
            return local == "space" || local == "lang" ? (name, value) : nil
        default:
            guard prefixes[prefix ?? ""]?.last == Self.xlinkNamespace, Self.xlinkAttributes.contains(local) else { return nil }
            let kept = local == "href" ? reference(value, element: element) : value
            if kept != nil { usesXLink = true }
            return kept.map { ("xlink:" + local, $0) }
        }
    }

    /// A link target that stays inside the file, or nil (counted) when it leads out of it.
    private func reference(_ value: String, element: String) -> String? {
        let target = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if target.isEmpty || target.hasPrefix("#") { return value }
        if element == "image" || element == "feImage", target.lowercased().hasPrefix("data:image/") { return value }
        removals.externalReferences += 1
        return nil
    }

    /// A value a browser may read as CSS (style, fill, mask, …) without external `url(…)`.
    private func safeStyle(_ value: String) -> String {
        guard value.contains("(") || value.contains("@") else { return value }
        let safe = CSSReferences.withoutExternal(value)
        removals.externalReferences += safe.removed
        return safe.css
    }

    // MARK: Writing

    private func closeStartTag() {
        if startTagOpen {
            parts.append(">")
            startTagOpen = false
        }
    }

    private func write(text: String) {
        closeStartTag()
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        parts.append(escaped)
    }

    static func escapedAttribute(_ value: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count)
        for character in value.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // Kept as references: written as they are, a reader would turn them into spaces.
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
