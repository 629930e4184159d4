import Foundation
import ExpoCatalog

/// The plain-language text of an exhibit or the exposition, one sentence a line, under its
/// heading. Shown in place of the long text when easy read is chosen; without a script,
/// after it.
struct EasyReadSection: Sendable {
    var heading: String
    var lines: [String]
    var symbol: HTML

    /// Nil when there is no easy-read text.
    init?(_ text: String?, strings: UIStrings) {
        guard let text else { return nil }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        heading = strings.versions.name(.easyRead)
        self.lines = lines
        symbol = VersionSymbol.svg(.easyRead)
    }
}

extension EasyReadSection: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("lines", \.lines),
        .field("symbol", \.symbol),
    ]
}
