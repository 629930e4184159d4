import ExpoCatalog
import Foundation

/// An exhibit's place on a floor's plan, set in the studio: the same `floor`, `x` and `y`
/// (percentages of the plan's width and height, to 0.1) the catalog's main entry holds,
/// drafted, previewed and published as its texts are.
extension GuideEditing {
    enum PlaceResult: Equatable {
        case saved
        /// Refused; the studio's words for why.
        case refused(String)
    }

    /// `floor` empty takes the exhibit off every plan.
    func place(_ id: String, floor: String, x: String, y: String, revision: Int64?, by account: String) throws -> PlaceResult? {
        guard let load = editableLoad, let sheet = try sheet(id), sheet.document == nil else { return nil }
        var wanted: [(EntryField, String)] = [(.floor, ""), (.x, ""), (.y, "")]
        if !floor.isEmpty {
            guard load.catalog.primary.floors.contains(where: { $0.id == floor }) else { return .refused("place_bad_floor") }
            guard let across = Self.coordinate(x, published: sheet.published(.x, sheet.primary)),
                  let down = Self.coordinate(y, published: sheet.published(.y, sheet.primary)) else { return .refused("place_bad_number") }
            wanted = [(.floor, floor), (.x, across), (.y, down)]
        }
        var fields = sheet.drafted.values.flatMap(\.values).filter { !PositionKeys.all.contains($0.field) }
        for (field, value) in wanted {
            let published = sheet.published(field, sheet.primary)
            if value != published {
                fields.append(DraftField(exhibit: id, language: sheet.primary.code, field: field.name, value: value, base: published))
            }
        }
        do {
            _ = try state.saveDraft(id, over: revision ?? sheet.revision, fields: fields, by: account)
        } catch is NewerDraft {
            return .refused("place_newer_draft")
        }
        return .saved
    }

    /// A percentage from 0 to 100 to a tenth, as typed (`42,5` too); the published text
    /// when it is the same number, so an unmoved pin changes nothing.
    static func coordinate(_ text: String, published: String) -> String? {
        // Digits with one decimal mark, as a person types them: not `1e2`, `0x10` or `inf`,
        // which Swift's own reading takes.
        let typed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = typed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 3, parts.count == 1 || !parts[1].isEmpty,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let number = Double(typed), (0...100).contains(number) else { return nil }
        let tenths = (number * 10).rounded() / 10
        if let old = Double(published), old == tenths { return published }
        return String(tenths)
    }
}
