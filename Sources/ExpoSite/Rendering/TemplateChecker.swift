/// Checks templates against the models they are rendered with, when they are read: every
/// name a tag uses must be one a model in scope answers, text must be placed escaped
/// (`{{name}}`) and ready-made HTML unescaped (`{{{name}}}`). Partials and a parent's
/// blocks are checked where they are placed, with the models in scope there.
struct TemplateChecker {
    let templates: [String: Template]

    struct Problem: Error {
        var template: String
        var message: String
    }

    private typealias Overrides = [String: (template: String, nodes: [Template.Node])]

    /// Checks the page template `name`, rendered with a model whose names are `fields`.
    func check(_ name: String, fields: [String: TemplateKind]) throws(Problem) {
        guard let template = templates[name] else { throw Problem(template: name, message: "not registered") }
        try check(template.nodes, in: name, stack: [.object(fields)], overrides: [:])
    }

    private func check(_ nodes: [Template.Node], in template: String, stack: [TemplateKind], overrides: Overrides) throws(Problem) {
        for node in nodes {
            switch node {
            case .text:
                break
            case let .variable(path, escaped, line):
                let kind = try lookUp(path, stack, template, line)
                let tag = escaped ? "{{\(Self.name(path))}}" : "{{{\(Self.name(path))}}}"
                switch kind {
                case .text where !escaped:
                    throw Problem(template: template, message: "line \(line): \(tag) places plain text unescaped; write {{\(Self.name(path))}}")
                case .html where escaped:
                    throw Problem(template: template, message: "line \(line): \(tag) is ready-made HTML; write {{{\(Self.name(path))}}}")
                case .text, .html:
                    break
                case .flag, .object, .list:
                    throw Problem(template: template, message: "line \(line): \(tag) is \(kind.noun), which a tag cannot place; use a section")
                }
            case let .section(path, body, inverted, line):
                let kind = try lookUp(path, stack, template, line)
                if inverted {
                    try check(body, in: template, stack: stack, overrides: overrides)
                    continue
                }
                switch kind {
                case .flag: try check(body, in: template, stack: stack, overrides: overrides)
                case let .list(element): try check(body, in: template, stack: stack + [element], overrides: overrides)
                case .text, .html, .object: try check(body, in: template, stack: stack + [kind], overrides: overrides)
                }
            case let .partial(name, extra):
                guard let partial = templates[name] else { throw Problem(template: template, message: "places {{> \(name)}}, which does not exist") }
                var merged = overrides
                for (block, body) in extra where merged[block] == nil { merged[block] = (template, body) }
                try check(partial.nodes, in: name, stack: stack, overrides: merged)
            case let .block(name, body):
                if let override = overrides[name] {
                    try check(override.nodes, in: override.template, stack: stack, overrides: overrides)
                } else {
                    try check(body, in: template, stack: stack, overrides: overrides)
                }
            }
        }
    }

    /// As the renderer looks a name up: the innermost model that answers the first name,
    /// then the rest of the path within it.
    private func lookUp(_ path: [String], _ stack: [TemplateKind], _ template: String, _ line: Int) throws(Problem) -> TemplateKind {
        guard let first = path.first else { return stack.last ?? .text }
        for kind in stack.reversed() {
            guard case let .object(fields) = kind, var found = fields[first] else { continue }
            for name in path.dropFirst() {
                guard case let .object(inner) = found, let next = inner[name] else {
                    throw Problem(template: template, message: "line \(line): {{\(Self.name(path))}}: \(name) is not a name of \(Self.name(path.prefix(while: { $0 != name })))")
                }
                found = next
            }
            return found
        }
        throw Problem(template: template, message: "line \(line): {{\(Self.name(path))}}: no model in scope has \(first)")
    }

    private static func name(_ path: some Collection<String>) -> String { path.isEmpty ? "." : path.joined(separator: ".") }
}
