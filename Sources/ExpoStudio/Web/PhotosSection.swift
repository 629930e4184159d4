import ExpoCatalog
import ExpoSite

/// The exhibit page's pictures: each with its place, whether it has alt text, and buttons
/// to move it or take it out; then a form that sends new photos. Every action is a plain
/// form, so it works without JavaScript; with it, `studio.js` adds dropping files and a
/// progress bar to the same form.
struct PhotosSection: TemplateObject {
    struct Outcome: TemplateObject {
        let sentName: String
        let message: String
        let isRefusal: Bool
        static let templateFields: TemplateFields<Self> = [
            .field("sentName", { StudioText.shown($0.sentName) }), .field("message", \.message), .field("isRefusal", \.isRefusal),
        ]
    }

    struct Action: TemplateObject {
        let action: String
        let label: String
        let named: String
        static let templateFields: TemplateFields<Self> = [.field("action", \.action), .field("label", \.label), .field("named", \.named)]
    }

    struct Photo: TemplateObject {
        let place: Int
        let name: String
        let isNew: Bool
        let isMain: Bool
        /// The box of its alt text, when it has none yet.
        let needsAlt: String?
        let actions: [Action]
        let replaceLabel: String
        static let templateFields: TemplateFields<Self> = [
            .field("place", \.place), .field("number", { $0.place + 1 }), .field("name", \.name), .field("isNew", \.isNew),
            .field("isMain", \.isMain), .field("needsAlt", \.needsAlt), .field("actions", \.actions),
            .field("hasActions", { !$0.actions.isEmpty }), .field("replaceLabel", \.replaceLabel),
        ]
    }

    let photos: [Photo]
    let outcomes: [Outcome]
    let limit: String

    init(sheet: ExhibitSheet, words: StudioStrings, outcomes: [Outcome]) {
        let drafted = sheet.draftedFiles.keys.map(CatalogFileName.stem)
        let gallery = sheet.gallery
        photos = gallery.enumerated().map { place, image in
            let alt = sheet.current(.image(image, "alt"), sheet.primary)
            var actions: [Action] = []
            if image != sheet.id {
                if place > 1 { actions.append(Action(action: "up", label: words["photo_up"], named: words["photo_up_named", ["name": image]])) }
                if place + 1 < gallery.count {
                    actions.append(Action(action: "down", label: words["photo_down"], named: words["photo_down_named", ["name": image]]))
                }
                actions.append(Action(action: "remove", label: words["photo_remove"], named: words["photo_remove_named", ["name": image]]))
            }
            return Photo(place: place, name: image, isNew: drafted.contains(image), isMain: image == sheet.id,
                         needsAlt: alt.allSatisfy(\.isWhitespace) ? "#" + StudioText.inputID(DraftSave.name(.image(image, "alt"), sheet.primary)) : nil,
                         actions: actions, replaceLabel: words["photo_replace_named", ["name": image]])
        }
        self.outcomes = outcomes
        limit = words["photo_limit", ["megabytes": String(GuideEditing.fileLimit >> 20)]]
    }

    static let templateFields: TemplateFields<Self> = [
        .field("photos", \.photos), .field("outcomes", \.outcomes), .field("hasOutcomes", { !$0.outcomes.isEmpty }), .field("limit", \.limit),
    ]
}
