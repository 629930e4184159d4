import ExpoCatalog
import Foundation

/// A tour's route built in the studio: its stops picked from the guide's search, put in
/// order, and its length, drafted in the tours document as its texts are.
extension GuideEditing {
    struct TourRoute {
        let sheet: ExhibitSheet
        let tour: Tour
        let stops: [String]
        let duration: String
    }

    enum TourChange: Equatable {
        case saved
        /// Refused; the studio's words for why.
        case refused(String)
    }

    /// The tour as the draft has it; nil when there is no such tour, or its tours are not
    /// in `tours.json` (a spreadsheet's tours keep their stops in their own cells).
    func tourRoute(_ id: String) throws -> TourRoute? {
        guard let load = editableLoad, FileManager.default.fileExists(atPath: load.folderURL.appendingPathComponent("tours.json").path),
              let tour = load.catalog.primary.tours.first(where: { $0.id == id }),
              let sheet = try sheet(CatalogDocument.tours.rawValue) else { return nil }
        let stops = sheet.current(.listed("tours", id, "stops"), sheet.primary).split(separator: "\n").map(String.init)
        return TourRoute(sheet: sheet, tour: tour, stops: stops, duration: sheet.current(.listed("tours", id, "duration"), sheet.primary))
    }

    /// `to`: for `move`, the stop's new place (from 0), as a drag leaves it.
    func changeTour(_ id: String, action: String, exhibit: String?, minutes: String?, to: String? = nil, revision: Int64?,
                    by account: String) throws -> TourChange? {
        guard let route = try tourRoute(id), let load = editableLoad else { return nil }
        var stops = route.stops
        var duration = route.duration
        let place = exhibit.flatMap { stops.firstIndex(of: $0) }
        switch action {
        case "add":
            guard let exhibit, load.position(of: exhibit) != nil else { return .refused("tour_no_exhibit") }
            guard !stops.contains(exhibit) else { return .refused("tour_already") }
            stops.append(exhibit)
        case "up":
            guard let place, place > 0 else { return .refused("bad_form") }
            stops.swapAt(place, place - 1)
        case "down":
            guard let place, place + 1 < stops.count else { return .refused("bad_form") }
            stops.swapAt(place, place + 1)
        case "move":
            guard let place, let target = to.flatMap({ Int($0) }), stops.indices.contains(target) else { return .refused("bad_form") }
            stops.insert(stops.remove(at: place), at: target)
        case "remove":
            guard let place else { return .refused("bad_form") }
            guard stops.count > 1 else { return .refused("tour_last_stop") }
            stops.remove(at: place)
        case "duration":
            let typed = (minutes ?? "").trimmingCharacters(in: .whitespaces)
            guard typed.isEmpty || (typed.count <= 4 && typed.allSatisfy { $0.isASCII && $0.isNumber } && (1...1440).contains(Int(typed) ?? 0)) else {
                return .refused("tour_bad_minutes")
            }
            duration = typed.isEmpty ? "" : String(Int(typed)!)
        default:
            return .refused("bad_form")
        }
        let sheet = route.sheet
        let changed: [(EntryField, String)] = [(.listed("tours", id, "stops"), stops.joined(separator: "\n")), (.listed("tours", id, "duration"), duration)]
        let names = Set(changed.map { $0.0.name })
        var fields = sheet.drafted.values.flatMap(\.values).filter { !($0.language == sheet.primary.code && names.contains($0.field)) }
        for (field, value) in changed {
            let published = sheet.published(field, sheet.primary)
            if value != published {
                fields.append(DraftField(exhibit: sheet.id, language: sheet.primary.code, field: field.name, value: value, base: published))
            }
        }
        do {
            _ = try state.saveDraft(sheet.id, over: revision ?? sheet.revision, fields: fields, by: account)
        } catch is NewerDraft {
            return .refused("place_newer_draft")
        }
        return .saved
    }

    /// The tour's suggested length: its recordings (in the main language) played whole, and a
    /// minute at each stop to walk and look; with the recordings' seconds and how many stops have one.
    func suggestedMinutes(_ stops: [String]) -> (minutes: Int, seconds: Double, recorded: Int) {
        let load = guide.watchedLoad()
        var seconds = 0.0
        var recorded = 0
        for stop in stops {
            guard let position = load.position(of: stop), let file = load.catalog.primary.exhibits[position].audio,
                  let duration = guide.recordingDuration(of: file) else { continue }
            seconds += duration
            recorded += 1
        }
        return (Int((seconds / 60).rounded(.up)) + stops.count, seconds, recorded)
    }
}
