/// The site's templates by name, checked when they are read: every partial they place
/// exists, none places itself, and every name a page template uses is one its model
/// answers, escaped as its kind needs; so rendering cannot fail, loop or leave a gap.
package struct TemplateLibrary: Sendable {
    private let templates: [String: Template]

    /// `sources`: template name → its text. `pages`: each page template's model's names.
    package init(_ sources: [(name: String, text: String)], pages: [String: [String: TemplateKind]] = [:]) throws(SiteError) {
        var templates: [String: Template] = [:]
        for (name, text) in sources { templates[name] = try Template(text, name: name) }
        for (name, template) in templates {
            if let missing = template.partialNames.subtracting(templates.keys).sorted().first {
                throw .template(name: name, message: "it places {{> \(missing)}}, and there is no template of that name")
            }
        }
        // Depth-first through the partials; a name met again on the current path is a loop.
        func visit(_ name: String, _ path: [String]) throws(SiteError) {
            if path.contains(name) { throw .template(name: name, message: "it places itself: \((path + [name]).joined(separator: " → "))") }
            for next in templates[name]?.partialNames.sorted() ?? [] { try visit(next, path + [name]) }
        }
        for name in templates.keys.sorted() { try visit(name, []) }
        let checker = TemplateChecker(templates: templates)
        for (name, fields) in pages.sorted(by: { $0.key < $1.key }) {
            do throws(TemplateChecker.Problem) {
                try checker.check(name, fields: fields)
            } catch {
                throw .template(name: error.template, message: error.message)
            }
        }
        self.templates = templates
    }

    /// The page `template` makes of `model`, as UTF-8.
    package func render(_ model: some TemplateObject, with template: String) throws(SiteError) -> [UInt8] {
        guard let nodes = templates[template]?.nodes else { throw .template(name: template, message: "not registered") }
        var rendering = TemplateRendering(templates: templates, root: model.templateValue)
        rendering.render(nodes)
        // A copy of the exact size, since the page is kept for as long as the site is served.
        // (Array(output[...]) would keep the whole buffer, spare capacity and all.)
        return rendering.output.withUnsafeBufferPointer { Array($0) }
    }
}

/// One page being written: the values sections have entered, and the parent's blocks the
/// current child overrides.
private struct TemplateRendering {
    let templates: [String: Template]
    var stack: [TemplateValue]
    var overrides: [String: [Template.Node]] = [:]
    var output: [UInt8] = []

    init(templates: [String: Template], root: TemplateValue) {
        self.templates = templates
        stack = [root]
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [Template.Node]) {
        for node in nodes {
            switch node {
            case let .text(bytes):
                output.append(contentsOf: bytes)
            case let .variable(path, _, _):
                // Whether the tag escapes is checked against the value's kind when the
                // templates are read: text is always escaped, ready-made HTML never.
                place(lookUp(path))
            case let .section(path, body, inverted, _):
                let value = lookUp(path)
                if inverted {
                    if value.isEmpty { render(body) }
                    continue
                }
                switch value {
                case .missing, .flag(false): break
                case .flag(true): render(body)
                case let .list(items):
                    for item in items { enter(item, body) }
                case .text, .html, .object: enter(value, body)
                }
            case let .partial(name, extra):
                guard let template = templates[name] else { continue }
                if extra.isEmpty {
                    render(template.nodes)
                } else {
                    // A block overridden further out wins over this template's own override.
                    let saved = overrides
                    overrides.merge(extra) { outer, _ in outer }
                    render(template.nodes)
                    overrides = saved
                }
            case let .block(name, body):
                render(overrides[name] ?? body)
            }
        }
    }

    private mutating func enter(_ value: TemplateValue, _ body: [Template.Node]) {
        stack.append(value)
        render(body)
        stack.removeLast()
    }

    /// The first value up the stack that has the path's first name, then the rest of the
    /// path within it.
    private func lookUp(_ path: [String]) -> TemplateValue {
        guard let first = path.first else { return stack.last ?? .missing }
        for value in stack.reversed() {
            guard case let .object(object) = value else { continue }
            var found = object.value(for: first)
            if case .missing = found { continue }
            for name in path.dropFirst() {
                guard case let .object(inner) = found else { return .missing }
                found = inner.value(for: name)
            }
            return found
        }
        return .missing
    }

    private mutating func place(_ value: TemplateValue) {
        switch value {
        case let .text(text):
            HTMLEscaping.append(text, to: &output)
        case let .html(markup):
            output.append(contentsOf: markup.utf8)
        case let .flag(flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .object, .list, .missing:
            break
        }
    }
}

private extension TemplateValue {
    /// What an inverted section shows for: nothing, false, or an empty list.
    var isEmpty: Bool {
        switch self {
        case .missing, .flag(false): true
        case let .list(items): items.isEmpty
        case .flag(true), .text, .html, .object: false
        }
    }
}
