import Foundation

/// A catalog in Korean and English whose exhibits share makers, dates, materials, places
/// and a browsable field, spelt as real catalogs spell them: with stray spaces, in other
/// cases, with and without accents, in Korean and Arabic, with a slash, very long, and with
/// dates that cannot be read. `expected` says, for each exhibit, how many values it has in
/// each facet, worked out by hand from the facts below.
public enum FactsCatalog {
    public struct Entry: Sendable {
        public var id: String
        public var ko: [String: String]
        public var en: [String: String]
        /// The browsable field `분류` (`Kind` in English).
        public var kind: (ko: String, en: String)?
        /// Date values: 2 for a year (its century and decade), 1 for a century only, 0 unread.
        public var dateValues: Int
    }

    static let long = String(repeating: "아주 긴 이름의 공방 ", count: 12)

    public static let entries: [Entry] = [
        Entry(id: "a", ko: ["maker": "김홍도", "date": "1745년", "material": "종이", "place": "조선"],
              en: ["maker": "Kim Hong-do", "date": "1745", "material": "Paper", "place": "Joseon"], kind: ("회화", "Painting"), dateValues: 2),
        Entry(id: "b", ko: ["maker": "  김홍도 ", "date": "18세기", "material": "종이"],
              en: ["maker": "kim hong-do", "date": "18th century", "material": "paper"], kind: ("회화", "Painting"), dateValues: 1),
        Entry(id: "c", ko: ["maker": "Émile Gallé", "date": "c. 1850–1860", "material": "유리", "place": "Nancy / 낭시"],
              en: ["maker": "Emile Galle", "date": "c. 1850–1860", "material": "Glass", "place": "Nancy / France"], kind: ("공예", "Craft"), dateValues: 1),
        Entry(id: "d", ko: ["maker": "émile  gallé", "date": "1855", "material": "유리", "place": "Nancy / 낭시"],
              en: ["maker": "Émile Gallé", "date": "1855", "material": "glass", "place": "Nancy / France"], kind: ("공예", "Craft"), dateValues: 2),
        Entry(id: "e", ko: ["maker": "الخطاط", "date": "조선 후기", "material": "a/b"],
              en: ["maker": "الخطاط", "date": "late Joseon", "material": "a/b"], kind: nil, dateValues: 0),
        Entry(id: "f", ko: ["maker": "الخطاط", "date": "1377년 (고려 우왕 3년)", "material": "a b"],
              en: ["maker": "الخطاط", "date": "1377", "material": "a b"], kind: nil, dateValues: 2),
        Entry(id: "g", ko: ["maker": long + "하나", "date": "date not known"],
              en: ["maker": long + "one", "date": "date not known"], kind: ("회화", "Painting"), dateValues: 0),
        Entry(id: "h", ko: ["maker": long + "둘", "date": "1850년대"],
              en: ["maker": long + "two", "date": "1850s"], kind: nil, dateValues: 2),
    ]

    /// The catalog folder's files; `browse` is the exposition's list of browsable labels.
    public static func files(browse: [String]? = ["분류"]) -> [String: String] {
        func items(_ language: KeyPath<Entry, [String: String]>, kind: (Entry) -> String?, label: String) -> String {
            let objects: [[String: Any]] = entries.enumerated().map { index, entry in
                var object: [String: Any] = ["image_name": entry.id, "name": "\(entry.id.uppercased()) \(label) \(index + 1)",
                                             "short_desc": "\(label) \(entry.id)", "desc": "\(label)."]
                for (key, value) in entry[keyPath: language] { object[key] = value }
                if let value = kind(entry) {
                    object["fields"] = [["label": label == "작품" ? "분류" : "Kind", "value": value]]
                } else {
                    object["fields"] = [["label": label == "작품" ? "메모" : "Note", "value": "\(index)"]]
                }
                return object
            }
            return String(decoding: (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
        }
        var exposition: [String: Any] = ["title": "공예 전시", "visitors": 10, "location": "서울", "duration": "2026", "description": "전시."]
        if let browse { exposition["browse"] = browse }
        let englishExposition: [String: Any] = ["title": "A craft show", "location": "Seoul", "duration": "2026", "description": "A show."]
        func json(_ object: [String: Any]) -> String {
            String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
        }
        var files = [
            "exposition_universelle_1900.json": json(exposition),
            "exposition_universelle_1900.en.json": json(englishExposition),
            "items.json": items(\.ko, kind: { $0.kind?.ko }, label: "작품"),
            "items.en.json": items(\.en, kind: { $0.kind?.en }, label: "Work"),
        ]
        for name in ["poster", "flag"] + entries.map(\.id) { files["\(name).svg"] = TemporaryCatalog.tinySVG }
        return files
    }
}
