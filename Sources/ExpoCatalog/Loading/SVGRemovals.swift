/// What `SVGSanitizer` left out of one SVG, as the warning lists it:
/// `1 script, 2 event handlers (onclick, onload), 1 foreignObject, 1 external reference`.
struct SVGRemovals: Equatable, CustomStringConvertible {
    var scripts = 0
    /// The names of the event-handler attributes removed, one entry per attribute.
    var eventHandlers: [String] = []
    var foreignObjects = 0
    var htmlElements = 0
    var externalReferences = 0
    var doctype = SVGDoctype.none

    var isEmpty: Bool { description.isEmpty }

    var description: String {
        func count(_ number: Int, _ one: String, _ many: String) -> String? {
            number == 0 ? nil : "\(number) \(number == 1 ? one : many)"
        }
        let handlerNames = Set(eventHandlers.map { $0.lowercased() }).sorted().joined(separator: ", ")
        let doctypeText: String? = switch doctype {
        case .none, .named: nil
        case .declarations: "the DOCTYPE's declarations"
        case .entities: "the DOCTYPE's entity declarations"
        }
        return [
            count(scripts, "script", "scripts"),
            count(eventHandlers.count, "event handler", "event handlers").map { "\($0) (\(handlerNames))" },
            count(foreignObjects, "foreignObject", "foreignObjects"),
            count(htmlElements, "HTML element", "HTML elements"),
            count(externalReferences, "external reference", "external references"),
            doctypeText,
        ].compactMap { $0 }.joined(separator: ", ")
    }
}
