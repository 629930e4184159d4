import ExpoCatalog
import ExpoSite

/// Where an exhibit is on the plans: a plain form (a floor, then across and down in
/// percent) that works without JavaScript; with it, `studio.js` shows the chosen floor's
/// plan with the exhibit's pin, which is placed by clicking the plan, by dragging, or with
/// the arrow keys (1 %, with Shift 0.1 %), each move said to screen readers.
struct PlacePage: TemplateObject {
    struct Plan {
        let floor: Floor
        /// Where the studio serves the plan's image; nil when the browser cannot show it.
        let imagePath: String?
    }

    struct Figure: TemplateObject {
        let floor: String
        let image: String
        let alt: String
        static let templateFields: TemplateFields<Self> = [.field("floor", \.floor), .field("image", \.image), .field("alt", \.alt)]
    }

    let frame: StudioFrame
    let t: StudioStrings
    let notice: Notice?
    let path: String
    let preview: String
    let messages: [Message]
    let revision: String
    let floors: [Choice]
    let figures: [Figure]
    let pinLabel: String
    let x: String
    let y: String

    static func html(context: StudioContext, user: StudioUser, sheet: ExhibitSheet, name: String, plans: [Plan],
                     message: String?, isAlert: Bool, problems: [EntryProblem]) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        let floor = sheet.current(.floor, sheet.primary)
        let floors = [Choice(value: "", label: words["place_nowhere"], selected: floor.isEmpty)] + plans.map { plan in
            Choice(value: plan.floor.id, label: plan.floor.name.isEmpty ? plan.floor.id : plan.floor.name, selected: plan.floor.id == floor)
        }
        let figures = plans.compactMap { plan in
            plan.imagePath.map { image in
                Figure(floor: plan.floor.id, image: image,
                       alt: plan.floor.planAlt.isEmpty ? words["place_plan_alt", ["floor": plan.floor.name]] : plan.floor.planAlt)
            }
        }
        let messages = problems.map { problem in
            Message(severity: problem.diagnostic.severity.rawValue,
                    text: "\(words["severity_\(problem.diagnostic.severity.rawValue)"]): \(ProblemLine.withoutFilePlaces(problem.diagnostic.message))")
        }
        let heading = words["place_heading", ["name": name]]
        let page = PlacePage(frame: StudioFrame(title: heading, context: context, user: user), t: words,
                             notice: Notice(message, isAlert: isAlert), path: sheet.studioPath,
                             preview: GuideEditing.previewPath + sheet.guidePath, messages: messages, revision: String(sheet.revision),
                             floors: floors, figures: figures, pinLabel: words["place_pin", ["name": name]],
                             x: sheet.current(.x, sheet.primary), y: sheet.current(.y, sheet.primary))
        return StudioTemplates.render(page, "place")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("notice", \.notice), .field("path", \.path), .field("preview", \.preview),
        .field("messages", \.messages), .field("hasMessages", { !$0.messages.isEmpty }), .field("revision", \.revision),
        .field("floors", \.floors), .field("figures", \.figures), .field("pinLabel", \.pinLabel), .field("x", \.x), .field("y", \.y),
    ]
}
