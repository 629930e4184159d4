import ExpoCatalog
import ExpoSite
import Foundation
import HTTPTypes
import Hummingbird

/// How the studio answers with a page: rendered from its templates (`StudioTemplates`),
/// which escape every text; the pages carry no inline script or style, so the guide's CSP
/// holds.
enum StudioPages {
    /// The address of the form that edits `key`: an exhibit's id, or a document's key.
    static func editPath(_ key: String) -> String {
        switch CatalogDocument(rawValue: key) {
        case .exposition: StudioPaths.here("exposition")
        case .tours: StudioPaths.here("tours")
        case .floors: StudioPaths.here("floors")
        case nil: StudioPaths.here("exhibits/") + StudioRouter.pathSegment(key)
        }
    }

    static func response(_ page: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: page)))
    }

    /// A refusal or a missing page, said in the person's language.
    static func problem(_ status: HTTPResponse.Status, context: StudioContext, key: String? = nil) -> Response {
        let words = StudioStrings.of(context.language)
        let text = words[key ?? (status == .notFound ? "not_found" : status == .unauthorized ? "session_over" : "forbidden")]
        return response(ProblemPage.html(title: text, context: context), status: status)
    }

    static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
