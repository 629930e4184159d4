import ExpoSite

/// One option of a `<select>`, placed by the `option` template: a role, a floor.
struct Choice: TemplateObject {
    let value: String
    let label: String
    let selected: Bool
    static let templateFields: TemplateFields<Self> = [.field("value", \.value), .field("label", \.label), .field("selected", \.selected)]
}
