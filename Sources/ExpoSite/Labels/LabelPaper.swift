/// The paper the label sheets are laid out for. Both hold eight labels a sheet, two
/// columns of four; the stylesheet sizes the sheet and names its `@page`.
enum LabelPaper: String, Sendable, CaseIterable {
    case a4
    case letter

    /// The folder under `/labels/`: A4 is the default (`/labels/`), Letter `/labels/letter/`.
    var folder: String {
        switch self {
        case .a4: ""
        case .letter: "letter/"
        }
    }

    static let labelsPerSheet = 8
}
