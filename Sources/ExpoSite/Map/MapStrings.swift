import ExpoCatalog

/// The floor plan's words in one language: the map screen, its pins, and an exhibit's
/// "where to find it".
public struct MapStrings: Sendable {
    public var title: String
    /// The label of the list of links to each floor.
    public var floors: String
    public var floorPlan: String
    public var exhibitsOnFloor: String
    public var whereToFind: String
    public var showOnMap: String
    /// "{stop}, {name}".
    private var pin: String
    private var more: String
    private var thousandsSeparator: String

    init(_ text: InterfaceText) {
        title = text["map_title"]
        floors = text["map_floors"]
        floorPlan = text["map_floor_plan"]
        exhibitsOnFloor = text["map_exhibits_on_floor"]
        whereToFind = text["map_where"]
        showOnMap = text["map_show"]
        pin = text["map_pin"]
        more = text["map_more"]
        thousandsSeparator = text["thousands_separator"]
    }

    /// "Stop 3, Haegeum": a pin's accessible name, from the stop's own words.
    func pin(stop: String, name: String) -> String {
        pin.replacingOccurrences(of: "{stop}", with: stop).replacingOccurrences(of: "{name}", with: name)
    }

    /// "Showing 500 of the 1,204 exhibits on this floor; …".
    func more(shown: Int, count: Int) -> String {
        Self.shown(more, shown: shown, count: count, separator: thousandsSeparator)
    }

    /// A "first {shown} of {count}" sentence, the map's and a long tour's, its numbers grouped
    /// as the language groups them. Each language words it so that the number does not
    /// change the noun (Arabic "{shown} من أصل {count} من …"): `shown` is the cap and `count`
    /// is larger, so no singular is ever needed.
    static func shown(_ sentence: String, shown: Int, count: Int, separator: String) -> String {
        sentence.replacingOccurrences(of: "{shown}", with: NumberFormat.grouped(shown, separator: separator))
            .replacingOccurrences(of: "{count}", with: NumberFormat.grouped(count, separator: separator))
    }
}
