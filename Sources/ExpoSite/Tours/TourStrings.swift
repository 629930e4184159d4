import ExpoCatalog

/// The tours' words in one language: the tours screen, a tour's page and the tour's
/// navigation on its stops.
public struct TourStrings: Sendable {
    public var title: String
    /// Screen 1's link to the tours.
    public var link: String
    public var next: String
    public var previous: String
    /// "{n} of {count}": not "Stop 3", which is the number on a wall label.
    private var position: String
    /// "About {n} min".
    private var duration: String
    private var stopCount: String
    private var stopCountOne: String
    /// "Listening time: {duration}".
    private var listening: String
    public var start: String
    public var stopsLabel: String
    public var navigation: String
    public var collection: String
    /// "Showing the first {shown} of the {count} stops on this tour; …".
    private var more: String
    private var thousandsSeparator: String

    init(_ text: InterfaceText) {
        title = text["tours_title"]
        link = text["tours_link"]
        next = text["tour_next"]
        previous = text["tour_previous"]
        position = text["tour_position"]
        duration = text["tour_duration"]
        stopCount = text["tour_stops"]
        stopCountOne = text["tour_stops_one"]
        listening = text["tour_listening"]
        start = text["tour_start"]
        stopsLabel = text["tour_stops_label"]
        navigation = text["tour_navigation"]
        collection = text["tour_collection"]
        more = text["tour_more"]
        thousandsSeparator = text["thousands_separator"]
    }

    /// "3 of 8": where the visitor is on the tour.
    func position(_ number: Int, of count: Int) -> String {
        position.replacingOccurrences(of: "{n}", with: grouped(number)).replacingOccurrences(of: "{count}", with: grouped(count))
    }

    func minutes(_ minutes: Int) -> String {
        duration.replacingOccurrences(of: "{n}", with: String(minutes))
    }

    /// Under a long tour's list: how many of its stops the page shows, and how to reach the rest.
    func more(shown: Int, count: Int) -> String {
        MapStrings.shown(more, shown: shown, count: count, separator: thousandsSeparator)
    }

    func stops(_ count: Int) -> String {
        count == 1 ? stopCountOne : stopCount.replacingOccurrences(of: "{n}", with: grouped(count))
    }

    /// `1,200`: as the long tour's note under the list writes its count, so a page never shows both forms.
    private func grouped(_ number: Int) -> String { NumberFormat.grouped(number, separator: thousandsSeparator) }

    /// `clock` is the recordings' total length as `12:05`.
    func listening(_ clock: String) -> String {
        listening.replacingOccurrences(of: "{duration}", with: clock)
    }
}
