import ExpoSite

/// The interface words as a template's `t`: `{{t.log_in}}`. Every key of the studio's
/// interface files is a name, so a template that uses a word no file has is refused when
/// the templates are read.
extension StudioStrings: TemplateObject {
    package static let templateFields = TemplateFields<StudioStrings>(
        StudioStrings.of(.english).words.keys.sorted().map { key in .field(key) { $0[key] } })
}
