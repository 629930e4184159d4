/// What a template's tag can find: text to place, a flag for a section, a model to look
/// further into, a list to repeat a section over, or nothing. Typed, so a lookup is a
/// search of a model's declared names, with no reflection and no dynamic casts.
package enum TemplateValue {
    /// Plain text: always escaped.
    case text(String)
    /// Ready-made HTML: placed as it is, only with a triple mustache.
    case html(String)
    case flag(Bool)
    case object(any TemplateObject)
    case list([TemplateValue])
    case missing
}

/// A model a template looks into by name: each screen model, and each part of one.
package protocol TemplateObject: TemplateConvertible {
    /// Every name templates may use, each declared once with how to read it; templates are
    /// checked against these when they are read, so a misspelled name is an error, not an
    /// empty space.
    static var templateFields: TemplateFields<Self> { get }
    /// The value of the field `name`, or `.missing` when the model has none. Models take
    /// the implementation below; a requirement, so that the renderer's call on any model
    /// runs code made for the model's type.
    func value(for name: String) -> TemplateValue
}

extension TemplateObject {
    package static var templateKind: TemplateKind { .object(templateFields.kinds) }

    package var templateValue: TemplateValue { consuming get { .object(self) } }

    /// Inlined into each model's own entry point, so that a lookup is one call made for
    /// the model's type (not that call and then a generic one).
    @inline(__always)
    package func value(for name: String) -> TemplateValue { Self.templateFields.value(of: self, for: name) }
}

/// What a name holds, as the template checker sees it.
package indirect enum TemplateKind: Sendable, Equatable {
    case text
    case html
    case flag
    case object([String: TemplateKind])
    case list(TemplateKind)

    package var noun: String {
        switch self {
        case .text: "text"
        case .html: "ready-made HTML"
        case .flag: "a flag"
        case .object: "a model"
        case .list: "a list"
        }
    }
}

/// Markup the guide made itself (escaped where it holds catalog text), placed in a page as
/// it is. Its own type, so that plain text can never reach a page unescaped.
package struct HTML: Sendable, Equatable, TemplateConvertible {
    package var markup: String

    package init(_ markup: String) {
        self.markup = markup
    }

    package static var templateKind: TemplateKind { .html }
    package var templateValue: TemplateValue { consuming get { .html(markup) } }
}

/// A Swift value a template can show. Its kind is the type's, so a field's kind is
/// worked out from what it reads, and a field of a type templates cannot show does not
/// compile.
package protocol TemplateConvertible {
    static var templateKind: TemplateKind { get }
    /// Consuming, so that a field's value moves into the template value it becomes
    /// rather than being copied again (a model's copy retains every string it holds).
    var templateValue: TemplateValue { consuming get }
}

extension String: TemplateConvertible {
    package static var templateKind: TemplateKind { .text }
    package var templateValue: TemplateValue { consuming get { .text(self) } }
}

extension Int: TemplateConvertible {
    package static var templateKind: TemplateKind { .text }
    package var templateValue: TemplateValue { consuming get { .text(String(self)) } }
}

extension Bool: TemplateConvertible {
    package static var templateKind: TemplateKind { .flag }
    package var templateValue: TemplateValue { consuming get { .flag(self) } }
}

extension Optional: TemplateConvertible where Wrapped: TemplateConvertible {
    /// A missing value fits any kind: sections and tags skip it.
    package static var templateKind: TemplateKind { Wrapped.templateKind }
    package var templateValue: TemplateValue { consuming get { self?.templateValue ?? .missing } }
}

extension Array: TemplateConvertible where Element: TemplateConvertible {
    package static var templateKind: TemplateKind { .list(Element.templateKind) }
    package var templateValue: TemplateValue { consuming get { .list(map { $0.templateValue }) } }
}
