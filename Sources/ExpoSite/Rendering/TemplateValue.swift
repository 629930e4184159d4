/// What a template's tag can find: text to place, a flag for a section, a model to look
/// further into, a list to repeat a section over, or nothing. Typed, so a lookup is a
/// switch on a name, with no reflection and no dynamic casts.
enum TemplateValue {
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
protocol TemplateObject: TemplateConvertible {
    /// The names templates may use and what each holds; templates are checked against
    /// these when they are read, so a misspelled name is an error, not an empty space.
    static var templateFields: [String: TemplateKind] { get }
    /// The value of the property `name`, or `.missing` when the model has none.
    func value(for name: String) -> TemplateValue
}

/// What a name holds, as the template checker sees it.
indirect enum TemplateKind: Sendable {
    case text
    case html
    case flag
    case object([String: TemplateKind])
    case list(TemplateKind)

    static func object<Model: TemplateObject>(_ model: Model.Type) -> TemplateKind { .object(model.templateFields) }

    var noun: String {
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
struct HTML: Sendable, Equatable, TemplateConvertible {
    var markup: String

    init(_ markup: String) {
        self.markup = markup
    }

    var templateValue: TemplateValue { .html(markup) }
}

/// A Swift value a template can show.
protocol TemplateConvertible {
    var templateValue: TemplateValue { get }
}

extension TemplateObject {
    var templateValue: TemplateValue { .object(self) }
}

extension String: TemplateConvertible {
    var templateValue: TemplateValue { .text(self) }
}

extension Int: TemplateConvertible {
    var templateValue: TemplateValue { .text(String(self)) }
}

extension Bool: TemplateConvertible {
    var templateValue: TemplateValue { .flag(self) }
}

extension Optional: TemplateConvertible where Wrapped: TemplateConvertible {
    var templateValue: TemplateValue { self?.templateValue ?? .missing }
}

extension Array: TemplateConvertible where Element: TemplateConvertible {
    var templateValue: TemplateValue { .list(map(\.templateValue)) }
}
