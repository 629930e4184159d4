import Testing
@testable import ExpoSite

@Suite struct ExpositionTitleTests {
    @Test func breaksBeforeTheParenthesis() {
        #expect(ExpositionTitle("파리 만국박람회 1900(L'Exposition de Paris 1900)").lines ==
            ["파리 만국박람회 1900", "(L'Exposition de Paris 1900)"])
        #expect(ExpositionTitle("Paris Exposition 1900 (L'Exposition de Paris 1900)").lines ==
            ["Paris Exposition 1900", "(L'Exposition de Paris 1900)"])
    }

    @Test func keepsALineBreakThatIsAlreadyThere() {
        #expect(ExpositionTitle("파리 만국박람회 1900\n(L'Exposition de Paris 1900)").lines ==
            ["파리 만국박람회 1900", "(L'Exposition de Paris 1900)"])
        #expect(ExpositionTitle("Expo (1900)\nParis").lines == ["Expo (1900)", "Paris"])
    }

    @Test func leavesATitleWithoutParenthesisOnOneLine() {
        #expect(ExpositionTitle("Paris 1900").lines == ["Paris 1900"])
        #expect(ExpositionTitle("(1900)").lines == ["(1900)"])
        #expect(ExpositionTitle("").lines == [])
    }
}
