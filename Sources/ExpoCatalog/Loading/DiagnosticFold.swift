/// Diagnostics gathered as they are found, each kind in a file kept only up to
/// `RepeatedDiagnostics.shown` and counted past it: what `RepeatedDiagnostics.collapsed`
/// makes of the whole list, without ever holding the whole list. A collection of 400,000
/// records without photos or alt text has a warning and a note per exhibit; held until the
/// end of loading, with the lists made to collapse them, they were about 270 MB of
/// `validate`'s peak, for ten lines of each kind shown.
struct DiagnosticFold: Sendable {
    private var kept: [Diagnostic] = []
    private var keptGroups: [RepeatedDiagnostics.Group] = []
    private var counts: [RepeatedDiagnostics.Group: Int] = [:]

    init() {}

    init(_ diagnostics: some RandomAccessCollection<Diagnostic>) {
        append(contentsOf: diagnostics)
    }

    /// Whether any diagnostic gathered is an error: the first of each kind is always kept.
    var hasErrors: Bool { kept.contains { $0.severity == .error } }

    mutating func append(_ diagnostic: Diagnostic) {
        add(diagnostic, RepeatedDiagnostics.Group(diagnostic))
    }

    mutating func append(contentsOf diagnostics: some RandomAccessCollection<Diagnostic>) {
        guard !diagnostics.isEmpty else { return }
        for (diagnostic, group) in zip(diagnostics, RepeatedDiagnostics.groups(of: diagnostics)) {
            add(diagnostic, group)
        }
    }

    /// `other`'s diagnostics after these, as if each had been appended here: its kept ones in
    /// order, then the count of those it only counted.
    mutating func append(contentsOf other: DiagnosticFold) {
        var keptOfOther: [RepeatedDiagnostics.Group: Int] = [:]
        for (diagnostic, group) in zip(other.kept, other.keptGroups) {
            add(diagnostic, group)
            keptOfOther[group, default: 0] += 1
        }
        for (group, count) in other.counts {
            counts[group, default: 0] += count - keptOfOther[group, default: 0]
        }
    }

    static func += (fold: inout DiagnosticFold, diagnostics: [Diagnostic]) {
        fold.append(contentsOf: diagnostics)
    }

    static func += (fold: inout DiagnosticFold, other: DiagnosticFold) {
        fold.append(contentsOf: other)
    }

    /// The same fold with each kept diagnostic changed by `change`, which must leave its file,
    /// severity and message as they are (a place located, say), so its kind stays the same.
    func mapKept(_ change: (Diagnostic) -> Diagnostic) -> DiagnosticFold {
        var changed = self
        changed.kept = kept.map(change)
        return changed
    }

    /// The kept diagnostics in their order, the last shown of each kind past `shown` saying
    /// how many more there were.
    var collapsed: [Diagnostic] {
        let shown = RepeatedDiagnostics.shown
        guard counts.values.contains(where: { $0 > shown }) else { return kept }
        var seen: [RepeatedDiagnostics.Group: Int] = [:]
        var result: [Diagnostic] = []
        for (diagnostic, group) in zip(kept, keptGroups) {
            let total = counts[group] ?? 0
            let position = seen[group, default: 0] + 1
            seen[group] = position
            if total > shown, position == shown {
                var last = diagnostic
                last.message += group.isImageName ? " (and \(total - shown) more images like it)" : " (and \(total - shown) more like it in this file)"
                result.append(last)
            } else {
                result.append(diagnostic)
            }
        }
        return result
    }

    private mutating func add(_ diagnostic: Diagnostic, _ group: RepeatedDiagnostics.Group) {
        let count = counts[group, default: 0] + 1
        counts[group] = count
        if count <= RepeatedDiagnostics.shown {
            kept.append(diagnostic)
            keptGroups.append(group)
        }
    }
}
