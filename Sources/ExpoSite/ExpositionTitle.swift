import ExpoCatalog

/// The exposition's title as screen 1 sets it: two lines, broken before "(" as the seed
/// apps do ("파리 만국박람회 1900" / "(L'Exposition de Paris 1900)"). A title that already
/// holds a line break keeps its own lines.
public struct ExpositionTitle: Sendable, Equatable {
    public var lines: [String]

    public init(_ title: String) {
        if title.contains("\n") {
            lines = title.split(separator: "\n", omittingEmptySubsequences: true)
                .map { $0.trimmingWhitespace() }
        } else if let open = title.firstIndex(of: "("), open != title.startIndex {
            lines = [title[..<open].trimmingWhitespace(), title[open...].trimmingWhitespace()]
        } else {
            lines = [title.trimmingWhitespace()]
        }
        lines.removeAll { $0.isEmpty }
    }
}

extension Edition {
    /// The edition's title as screen 1 sets it; the one place a title is worked out.
    var expositionTitle: ExpositionTitle { ExpositionTitle(exposition.title) }

    /// The title's first line, as other screens, the manifest and shared links name the
    /// exposition.
    var expositionName: String? { expositionTitle.lines.first }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
