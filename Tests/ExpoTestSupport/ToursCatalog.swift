import Foundation

/// A catalog in Korean and English of five exhibits and two tours, whose stops are not in
/// catalog order; `toursJSON` and `toursCSV` give the same tours in the two formats.
public enum ToursCatalog {
    public static let exhibitIDs = ["jikji", "haegeum", "palman", "samguk", "gayageum"]

    /// The tours as the pages must show them: id, Korean and English title, stops in order.
    public static let expected: [(id: String, ko: String, en: String, stops: [String])] = [
        ("printed-word", "인쇄된 말", "The printed word", ["samguk", "jikji", "palman"]),
        ("court-music", "궁중의 악기", "Instruments of the court", ["haegeum", "gayageum"]),
    ]

    public static let toursJSON = """
        [
          {"id": "printed-word", "title": "인쇄된 말", "description": "책과 판목을 따라 걷는 길.", "duration": 20,
           "stops": ["samguk", "jikji", "palman"]},
          {"id": "court-music", "title": "궁중의 악기", "duration": 15, "stops": ["haegeum", "gayageum"]}
        ]
        """

    public static let toursEnglishJSON = """
        [
          {"id": "court-music", "title": "Instruments of the court"},
          {"id": "printed-word", "title": "The printed word", "description": "A walk along books and woodblocks."}
        ]
        """

    public static let toursCSV = "id,title,description,duration,stops,title.en,description.en\r\n"
        + "printed-word,인쇄된 말,책과 판목을 따라 걷는 길.,20,\"samguk, jikji palman\",The printed word,A walk along books and woodblocks.\r\n"
        + "court-music,궁중의 악기,,15,haegeum gayageum,Instruments of the court,\r\n"

    /// The catalog folder, with its tours as JSON files or (`csv`) as `tours.csv`.
    public static func make(csv: Bool = false, tours: String? = nil, extra: [String: String] = [:]) throws -> TemporaryCatalog {
        let names = ["직지심체요절", "해금", "팔만대장경", "삼국사기", "가야금"]
        let english = ["Jikji", "Haegeum", "Tripitaka Koreana", "Samguk sagi", "Gayageum"]
        func items(_ texts: [String]) -> String {
            "[" + zip(exhibitIDs, texts).map { id, name in
                #"{"image_name": "\#(id)", "name": "\#(name)", "short_desc": "\#(name) …", "desc": "\#(name)."}"#
            }.joined(separator: ",\n") + "]"
        }
        var files = [
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "exposition_universelle_1900.en.json": #"{"title": "Paris 1900", "location": "Paris", "duration": "1900", "description": "One."}"#,
            "items.json": items(names),
            "items.en.json": items(english),
        ]
        if let tours {
            files["tours.json"] = tours
        } else if csv {
            files["tours.csv"] = toursCSV
        } else {
            files["tours.json"] = toursJSON
            files["tours.en.json"] = toursEnglishJSON
        }
        for name in ["poster", "flag"] + exhibitIDs { files["\(name).svg"] = TemporaryCatalog.tinySVG }
        files.merge(extra) { _, new in new }
        return try TemporaryCatalog(files)
    }
}
