import Foundation
import Testing
@testable import ExpoImport

struct LanguageMapTests {
    @Test func readsPresentationThreeAndTwoIntoOneShape() throws {
        let three = try #require(LanguageMap(["ko": ["직지"], "en": ["Jikji"], "ar": ["جيكجي"]]))
        #expect(three.text("ko") == "직지" && three.text("en") == "Jikji" && three.text("ar") == "جيكجي")
        let two = try #require(LanguageMap([["@value": "Jikji", "@language": "en-GB"], ["@value": "직지", "@language": "ko"]]))
        #expect(two.text("en") == "Jikji" && two.text("ko") == "직지")
        let plain = try #require(LanguageMap("Only <b>one</b> &amp; plain"))
        #expect(plain.text("fr") == "Only one & plain")
        #expect(LanguageMap(42.5 as Double)?.anyText == "42.5")
        #expect(LanguageMap(nil) == nil)
    }

    @Test func languageCodesAreWhatTheCatalogNamesFilesBy() {
        #expect(LanguageMap.code("en-GB") == "en")
        #expect(LanguageMap.code("zh-hans-CN") == "zh-Hans")
        #expect(LanguageMap.code("../../etc") == LanguageMap.none)
        #expect(LanguageMap.code(nil) == LanguageMap.none)
    }
}
