import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The page at `address` from a running `expo1900 serve`, or nil when it cannot be fetched
/// or does not answer 200.
func fetchPage(_ address: String) -> String? {
    let answer = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: address)!) { data, response, _ in
        if (response as? HTTPURLResponse)?.statusCode == 200, let data { answer.withLock { $0 = String(decoding: data, as: UTF8.self) } }
        done.signal()
    }.resume()
    done.wait()
    return answer.withLock { $0 }
}
