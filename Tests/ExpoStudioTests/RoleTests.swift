import ExpoStudio
import Testing

/// Each role may do what the one before it may, and more; the checks are capabilities.
@Suite struct RoleTests {
    @Test func aContributorEditsDraftsAndSubmitsThemButDecidesNothing() {
        #expect(Role.contributor.may(.editDrafts))
        #expect(Role.contributor.may(.submitForReview))
        #expect(!Role.contributor.may(.publish))
        #expect(!Role.contributor.may(.revert))
        #expect(!Role.contributor.may(.manageAccounts))
        #expect(!Role.contributor.may(.readAuditLog))
    }

    @Test func anEditorAlsoPublishesAndRevertsButDoesNotManageAccounts() {
        #expect(Role.editor.may(.editDrafts))
        #expect(Role.editor.may(.submitForReview))
        #expect(Role.editor.may(.publish))
        #expect(Role.editor.may(.revert))
        #expect(!Role.editor.may(.manageAccounts))
        #expect(!Role.editor.may(.readAuditLog))
    }

    @Test func anAdminMayDoEverything() {
        #expect(Role.Capability.allCases.allSatisfy(Role.admin.may))
    }

    @Test func eachRoleMayDoEverythingTheOneBeforeItMay() {
        for (lower, higher) in zip(Role.allCases, Role.allCases.dropFirst()) {
            #expect(lower < higher)
            for capability in Role.Capability.allCases where lower.may(capability) {
                #expect(higher.may(capability), "\(higher) may not \(capability), which \(lower) may")
            }
        }
    }
}
