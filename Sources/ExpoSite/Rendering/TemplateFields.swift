/// The names a model answers in templates, each declared once beside the model with how
/// to read it:
///
///     static let templateFields: TemplateFields<Self> = [
///         .field("label", \.label),
///         .field("rows", \.rows),
///     ]
///
/// The checker sees each name's kind, worked out from the type the field reads; the
/// renderer reads the value. A name declared twice stops the program when the templates
/// are read, which every page test does.
package struct TemplateFields<Model>: Sendable, ExpressibleByArrayLiteral {
    /// A class, so that reaching a model's declarations through its type costs one retain.
    private final class Table: Sendable {
        let names: [String]
        let reads: [@Sendable (Model) -> TemplateValue]
        let kinds: [TemplateKind]
        /// The fields' indices ordered by the length of their names, and where the names
        /// of each length start in that order: a lookup compares only the few names of its
        /// own length, where a `switch` on strings compared every name in turn.
        let byLength: [Int]
        let lengthStarts: [Int]

        init(_ fields: [TemplateField<Model>]) {
            let names = fields.map(\.name)
            self.names = names
            reads = fields.map(\.read)
            kinds = fields.map(\.kind)
            byLength = names.indices.sorted { (names[$0].utf8.count, $0) < (names[$1].utf8.count, $1) }
            let longest = names.map(\.utf8.count).max() ?? 0
            lengthStarts = (0...longest + 1).map { length in names.filter { $0.utf8.count < length }.count }
        }
    }

    private let table: Table

    package init(arrayLiteral fields: TemplateField<Model>...) {
        table = Table(fields)
    }

    /// Fields known only when the program runs (the studio's interface words, one a key).
    package init(_ fields: [TemplateField<Model>]) {
        table = Table(fields)
    }

    /// Name → kind, for the template checker.
    package var kinds: [String: TemplateKind] {
        Dictionary(zip(table.names, table.kinds)) { _, _ in preconditionFailure("\(Model.self) declares a template field twice") }
    }

    /// The field `name` of `model`, or `.missing` when the model has none.
    @inline(__always)
    package func value(of model: Model, for name: String) -> TemplateValue {
        let table = table
        let length = name.utf8.count
        guard length + 1 < table.lengthStarts.count else { return .missing }
        for position in table.lengthStarts[length]..<table.lengthStarts[length + 1] {
            let index = table.byLength[position]
            if table.names[index] == name { return table.reads[index](model) }
        }
        return .missing
    }
}

/// One name a template may use: what it holds, and how to read it from the model.
package struct TemplateField<Model>: Sendable {
    let name: String
    let kind: TemplateKind
    let read: @Sendable (Model) -> TemplateValue

    /// `read` is usually a key path (`\.label`); its type gives the field's kind.
    package static func field<Value: TemplateConvertible>(_ name: String, _ read: @escaping @Sendable (Model) -> Value) -> Self {
        TemplateField(name: name, kind: Value.templateKind, read: { read($0).templateValue })
    }
}
