/// Request bytes for the load: the head is built once per connection and only the
/// Content-Length and body change, so encoding costs the generator next to nothing.
struct RequestEncoder: Sendable {
    private let postHead: [UInt8]
    private let getHead: String
    let target: TargetURL

    init(target: TargetURL, apiKey: String?, session: String?) {
        self.target = target
        var common = "Host: \(target.hostHeader)\r\nUser-Agent: layoutd-load\r\n"
        if let apiKey { common += "Authorization: Bearer \(apiKey)\r\n" }
        getHead = common
        if let session { common += "Layout-Session: \(session)\r\n" }
        postHead = Array("POST \(target.path) HTTP/1.1\r\n\(common)Content-Type: application/json\r\n".utf8)
    }

    func post(_ body: [UInt8]) -> [UInt8] {
        var bytes = postHead
        bytes.reserveCapacity(postHead.count + 32 + body.count)
        bytes.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
        return bytes
    }

    func get(_ path: String) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\n\(getHead)Accept: application/json\r\n\r\n".utf8)
    }
}
