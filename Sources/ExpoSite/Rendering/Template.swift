/// A Mustache template, parsed once into a tree. The site's templates use a small part of
/// Mustache: variables (`{{name}}`, `{{{name}}}`, dotted names, `{{.}}`), sections and
/// inverted sections, partials (`{{> name}}`), a parent with blocks (`{{<layout}}`,
/// `{{$main}}`) and comments. Standalone tag lines vanish as in swift-mustache, which
/// rendered these templates before, so the pages come out byte for byte the same.
struct Template: Sendable {
    indirect enum Node: Sendable {
        case text([UInt8])
        /// A name split at its dots; empty for `{{.}}`, the current value. `line` is where
        /// the tag stands in its template, for messages.
        case variable(path: [String], escaped: Bool, line: Int)
        case section(path: [String], body: [Node], inverted: Bool, line: Int)
        /// Another template, with the blocks this one overrides in it (none for `{{> name}}`).
        case partial(name: String, overrides: [String: [Node]])
        /// A block of a parent template, shown as the child overrides it or else as written.
        case block(name: String, body: [Node])
    }

    let nodes: [Node]

    init(_ text: String, name: String) throws(SiteError) {
        var parser = TemplateParser(Array(text.utf8))
        do {
            nodes = try parser.parseNodes(closing: nil, startsLine: true, definitions: false)
        } catch {
            throw .template(name: name, message: "line \(parser.line(of: error)): \(error.message)")
        }
    }

    /// The templates this one places, directly or inside its sections and blocks.
    var partialNames: Set<String> {
        var names: Set<String> = []
        func collect(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text, .variable: break
                case let .section(_, body, _, _), let .block(_, body): collect(body)
                case let .partial(name, overrides):
                    names.insert(name)
                    for body in overrides.values { collect(body) }
                }
            }
        }
        collect(nodes)
        return names
    }
}
