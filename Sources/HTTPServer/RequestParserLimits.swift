/// The size limits the parser enforces while reading, each with the status of HTTP.md.
public struct RequestParserLimits: Sendable, Equatable {
    /// Longest request line without CRLF (414 beyond).
    public var maxRequestLineLength: Int = 8 * 1024
    /// Largest header section, CRLFs included, request line excluded (431 beyond).
    public var maxHeaderSectionLength: Int = 16 * 1024
    /// Most header fields (431 beyond).
    public var maxHeaderCount: Int = 100
    /// Largest body after de-chunking (413 beyond, before reading it when announced).
    public var maxBodyLength: Int = 8 * 1024 * 1024
    /// Longest chunk-size line including extensions (400 beyond).
    public var maxChunkLineLength: Int = 4 * 1024

    public init() {}
}
