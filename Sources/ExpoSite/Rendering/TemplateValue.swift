/// What a template's tag can find: text to place, a flag for a section, a model to look
/// further into, a list to repeat a section over, or nothing. Typed, so a lookup is a
/// switch on a name, with no reflection and no dynamic casts.
enum TemplateValue {
    case text(String)
    case flag(Bool)
    case object(any TemplateObject)
    case list([TemplateValue])
    case missing
}

/// A model a template looks into by name: each screen model, and each part of one.
protocol TemplateObject: TemplateConvertible {
    /// The value of the property `name`, or `.missing` when the model has none.
    func value(for name: String) -> TemplateValue
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
