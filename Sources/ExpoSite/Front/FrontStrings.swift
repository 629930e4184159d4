import ExpoCatalog

/// The museum's front page's words in one language (`serve --catalogs`).
public struct FrontStrings: Sendable {
    /// The page's title when `museum.json` names no museum.
    public var title: String
    public var current: String
    public var upcoming: String
    public var past: String
    /// The heading of the exhibitions whose catalog cannot be loaded now.
    public var unavailable: String
    public var unavailableMessage: String
    /// The link from a page the front page answers back to it.
    public var back: String

    init(_ text: InterfaceText) {
        title = text["front_title"]
        current = text["front_current"]
        upcoming = text["front_upcoming"]
        past = text["front_past"]
        unavailable = text["front_unavailable"]
        unavailableMessage = text["front_unavailable_message"]
        back = text["front_back"]
    }
}
