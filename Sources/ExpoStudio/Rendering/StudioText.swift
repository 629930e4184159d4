import ExpoCatalog
import Foundation

/// Text a person typed, as a page shows it: without the control characters a catalog's
/// text may not hold either, which a form or a login name may still bring (the renderer
/// escapes it; this keeps the page valid HTML).
enum StudioText {
    static func shown(_ text: String) -> String {
        ControlCharacters.removingForbidden(text)?.text ?? text
    }

    /// A moment as staff read it: `2026-11-27 05:37 UTC`.
    static func time(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The id of the box that edits `name` (a draft's field name), for links and labels.
    static func inputID(_ name: String) -> String {
        "i-" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
