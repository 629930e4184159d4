import ExpoSite
import HTTPTypes

/// Headers every response carries: the guide's `SecurityPolicy`, which the export's
/// `_headers` file and each page's `<meta>` state too.
enum SecurityHeaders {
    static let all = HTTPFields(SecurityPolicy.headers.map { HTTPField(name: HTTPField.Name($0.name)!, value: $0.value) })
}
