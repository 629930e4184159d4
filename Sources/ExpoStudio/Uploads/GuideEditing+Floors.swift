import ExpoCatalog
import ExpoImages
import Foundation
import NIOCore

/// A new floor, added by sending its plan: the floor's entry in `floors.json` (its id, name,
/// plan and the plan's description) and the plan's file, drafted in the floors' document and
/// published with it. A PDF plan, as architects export them, is kept as the SVG of its first
/// page, as a PDF put in the folder is read.
extension GuideEditing {
    enum FloorResult: Equatable {
        /// The new floor's id.
        case added(String)
        case refused(String)
    }

    /// Whether the catalog has no floors yet and can be given its first: a folder of its
    /// own files, with neither `floors.json` nor `floors.csv`.
    var takesFirstFloor: Bool {
        guard let load = editableLoad, load.takesFiles else { return false }
        return ["floors.json", "floors.csv"].allSatisfy { !FileManager.default.fileExists(atPath: load.folderURL.appendingPathComponent($0).path) }
    }

    func addFloor(name: String, planAlt: String, file: UploadForm.File?, by account: String) throws -> FloorResult? {
        let name = DraftSave.normalized(name).trimmingCharacters(in: .whitespacesAndNewlines)
        if takesFirstFloor, let load = editableLoad {
            guard !name.isEmpty, name.count <= 200, !name.contains("\n") else { return .refused("floor_bad_name") }
            guard file != nil else { return .refused("no_files") }
            // The first floor's list: empty, it changes nothing visitors see, and the draft
            // then adds the floor to it as to any other. Taken away again if the floor is refused.
            let list = load.folderURL.appendingPathComponent("floors.json")
            guard (try? Data("[]\n".utf8).write(to: list, options: .withoutOverwriting)) != nil,
                  guide.reload(because: "the studio began the catalog's list of floors") == nil else { return .refused("floor_bad_plan") }
            let result = try addFloor(name: name, planAlt: planAlt, file: file, by: account)
            if case .added = result { return result }
            try? FileManager.default.removeItem(at: list)
            _ = guide.reload(because: "the studio's first floor was refused")
            return result
        }
        guard let load = editableLoad, load.takesFiles,
              FileManager.default.fileExists(atPath: load.folderURL.appendingPathComponent("floors.json").path),
              let sheet = try sheet(CatalogDocument.floors.rawValue) else { return nil }
        guard !name.isEmpty, name.count <= 200, !name.contains("\n") else { return .refused("floor_bad_name") }
        guard let file else { return .refused("no_files") }
        guard file.count <= Self.fileLimit else { return .refused("floor_bad_plan") }
        let drafted = Set(sheet.drafted.values.flatMap(\.values).compactMap { EntryField(name: $0.field)?.item })
        let taken = Set(load.catalog.primary.floors.map(\.id)).union(drafted)
        var number = 1
        while taken.contains(String(number)) { number += 1 }
        let id = String(number)
        let stem = freeName(load: load) { suffix in suffix == 1 ? "plan-\(id)" : "plan-\(id)-\(suffix)" }.first { _ in true }!
        var bytes = file.bytes
        var ext: String
        if file.head.starts(with: Array("%PDF-".utf8)) {
            switch uploads.keep(bytes) {
            case .failure: return .refused("floor_bad_plan")
            case let .success((hash, isNew)):
                guard let url = uploads.url(of: hash) else { return .refused("floor_bad_plan") }
                let page = PDFConverter.firstPage(of: url)
                if isNew { uploads.forget(hash) }
                guard let svg = page.svg else { return .refused("floor_bad_plan") }
                bytes = ByteBuffer(bytes: svg)
                ext = "svg"
            }
        } else if case let .image(found)? = UploadedFileKind(file.head, sentName: file.name) {
            ext = found
        } else {
            return .refused("floor_bad_plan")
        }
        let fileName = "\(stem).\(ext)"
        defer { FreedMemory.giveBack() }
        guard case let .success(hash) = keepImage(bytes, stem: stem, fileName: fileName, load: load) else { return .refused("floor_bad_plan") }
        let primary = sheet.primary.code
        var fields = sheet.drafted.values.flatMap(\.values)
        // The name first: setting it adds the floor's entry, the others go into it.
        fields.append(DraftField(exhibit: sheet.id, language: primary, field: "floors.\(id).name", value: name, base: ""))
        fields.append(DraftField(exhibit: sheet.id, language: primary, field: "floors.\(id).plan", value: stem, base: ""))
        let alt = DraftSave.normalized(planAlt).trimmingCharacters(in: .whitespacesAndNewlines)
        if !alt.isEmpty { fields.append(DraftField(exhibit: sheet.id, language: primary, field: "floors.\(id).plan_alt", value: alt, base: "")) }
        fields.append(DraftField(exhibit: sheet.id, language: primary, field: Self.fileFieldPrefix + fileName, value: hash, base: ""))
        do {
            _ = try state.saveDraft(sheet.id, over: sheet.revision, fields: fields, by: account)
        } catch is NewerDraft {
            return .refused("place_newer_draft")
        }
        return .added(id)
    }
}
