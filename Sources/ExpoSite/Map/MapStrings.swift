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

    init(_ text: InterfaceText) {
        title = text["map_title"]
        floors = text["map_floors"]
        floorPlan = text["map_floor_plan"]
        exhibitsOnFloor = text["map_exhibits_on_floor"]
        whereToFind = text["map_where"]
        showOnMap = text["map_show"]
        pin = text["map_pin"]
        more = text["map_more"]
    }

    /// "Stop 3, Haegeum": a pin's accessible name, from the stop's own words.
    func pin(stop: String, name: String) -> String {
        pin.replacingOccurrences(of: "{stop}", with: stop).replacingOccurrences(of: "{name}", with: name)
    }

    /// "Showing 500 of the 1,204 exhibits on this floor; …".
    func more(shown: Int, count: Int) -> String {
        more.replacingOccurrences(of: "{shown}", with: String(shown)).replacingOccurrences(of: "{count}", with: String(count))
    }
}
