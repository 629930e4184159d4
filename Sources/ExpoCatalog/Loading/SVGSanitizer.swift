import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Makes a catalog's SVG images safe once, as the catalog loads, so that the server, the
/// export and IIIF all carry the same clean bytes. An SVG opened on its own is a document
/// in the guide's origin: a script, an event handler or a `foreignObject` in it would run
/// there, and an external reference would make every visitor's browser call a stranger.
///
/// The SVG is read by a kept XML parser (libxml2 through `XMLParser`) and written out again
/// from what was read, keeping only what draws: no regular expressions guess at markup.
/// The parser neither loads external entities nor a DTD, and libxml2 stops an entity bomb;
/// entity declarations are never written out. A file that is not well-formed XML, or whose
/// root is no `<svg>`, is refused.
enum SVGSanitizer {
    struct Cleaned: Equatable {
        /// UTF-8 without an XML declaration: one encoding, whatever the original declared.
        var data: Data
        var removals: SVGRemovals
    }

    struct Refusal: Error, Equatable {
        /// `:line:column` when the parser said where; empty otherwise.
        var place: String
        var reason: String
    }

    static func clean(_ data: Data) -> Result<Cleaned, Refusal> {
        let writer = SVGWriter()
        let parser = XMLParser(data: data)
        parser.delegate = writer
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        let finished = parser.parse()
        if let root = writer.foreignRoot {
            return .failure(Refusal(place: "", reason: "is not an SVG image: its root element is <\(root)>"))
        }
        if let problem = writer.problem {
            return .failure(Refusal(place: ":\(problem.line):\(problem.column)",
                                    reason: "is not well-formed XML (\(Self.explanation(ofXMLError: problem.code)))"))
        }
        guard finished, parser.parserError == nil, let output = writer.document else {
            return .failure(Refusal(place: "", reason: "is not well-formed XML (it holds no element)"))
        }
        var removals = writer.removals
        removals.doctype = SVGDoctype.declared(in: data)
        return .success(Cleaned(data: Data(output.utf8), removals: removals))
    }

    /// The image with its SVG made safe, or nil when its only file was refused. Each file
    /// changed or refused gets one warning naming it.
    static func cleaned(_ image: CatalogImage, diagnostics: inout [Diagnostic]) -> CatalogImage? {
        var variants: [ImageVariant] = []
        for variant in image.variants {
            guard variant.format == .svg else {
                variants.append(variant)
                continue
            }
            switch clean(variant.data) {
            case let .success(cleaned):
                var safe = variant
                safe.data = cleaned.data
                variants.append(safe)
                if !cleaned.removals.isEmpty {
                    diagnostics.append(Diagnostic(.warning, file: variant.file, "removed \(cleaned.removals); the rest is shown"))
                }
            case let .failure(refusal):
                diagnostics.append(Diagnostic(.warning, file: variant.file, place: refusal.place, "\(refusal.reason); a placeholder is shown"))
            }
        }
        return variants.isEmpty ? nil : CatalogImage(name: image.name, variants: variants)
    }

    /// libxml2's error codes (`xmlParserErrors`) that a hand-edited or hostile SVG meets, in words.
    static func explanation(ofXMLError code: Int) -> String {
        switch code {
        case 4: "it does not start with an XML element"
        case 5: "it ends before its elements are closed, or goes on after them"
        case 9: "it holds a character XML does not allow"
        case 26: "it uses an entity that is not declared"
        case 40: "an attribute value is unfinished, or longer than libxml2's limit of 10 MB"
        case 42: "an element has the same attribute twice"
        case 76: "an end tag does not match its start tag"
        case 89: "its entities expand without end"
        case 201: "it uses a namespace prefix it does not declare"
        default: "libxml2 error \(code)"
        }
    }
}
