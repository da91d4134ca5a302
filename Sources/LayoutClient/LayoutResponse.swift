import Foundation

/// A frame in points.
public struct Frame: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(short(x)), \(short(y)), \(short(width))×\(short(height)))" }
}

/// A number as the wire writes it: integers without a fraction.
func short(_ value: Double) -> String {
    var writer = JSONTextWriter()
    writer.write(.number(value))
    return String(decoding: writer.bytes, as: UTF8.self)
}

public struct Size: Sendable, Hashable, Codable {
    public var width, height: Double
}

/// A `scroll` node's content size.
public struct ScrollContent: Sendable, Hashable, Codable {
    public var contentWidth, contentHeight: Double
}

/// What the request cost (openapi.yaml `Metrics`).
public struct LayoutMetrics: Sendable, Hashable, Codable {
    public var parseMicros, hashMicros, layoutMicros, diffMicros, encodeMicros: Int
    public var nodes, measured, reused: Int
}

/// The identity diff against the session's previous response.
public struct LayoutDiff: Sendable, Hashable, Codable {
    /// The previous `treeHash`; nil when the session was new or evicted.
    public var baseline: String?
    public var inserted, removed, moved, resized: [String]
    public var unchanged: Int
}

public enum CacheResult: String, Sendable, Hashable, Codable {
    case hit, miss
}

/// The answer to a layout (openapi.yaml `LayoutResponse`), with the request's tree so that
/// frames can be looked up by view as well as by id.
public struct LayoutResponse: Sendable, Codable {
    public var treeHash: String
    public var size: Size
    /// id → frame.
    public var frames: [String: Frame]
    /// `scroll` id → content size.
    public var scroll: [String: ScrollContent]
    public var cache: CacheResult
    public var metrics: LayoutMetrics
    /// Present when the request had a session.
    public var diff: LayoutDiff?
    /// How the request went over the wire (not part of the JSON).
    public var transfer: Transfer?
    /// The tree that was laid out (not part of the JSON).
    public var root: Node?

    private enum CodingKeys: String, CodingKey {
        case treeHash, size, frames, scroll, cache, metrics, diff
    }

    /// How the request was sent.
    public struct Transfer: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Codable { case whole, patch }
        public var kind: Kind
        public var requestBytes: Int
        /// Patch operations sent (0 for a whole tree).
        public var operations: Int
        /// Whole requests sent after a patch was refused with `409`.
        public var fellBack: Bool
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        treeHash = try container.decode(String.self, forKey: .treeHash)
        size = try container.decode(Size.self, forKey: .size)
        frames = try container.decode([String: Frame].self, forKey: .frames)
        // Read leniently: servers before the contract made `scroll` required omit it when empty.
        scroll = try container.decodeIfPresent([String: ScrollContent].self, forKey: .scroll) ?? [:]
        cache = try container.decode(CacheResult.self, forKey: .cache)
        metrics = try container.decode(LayoutMetrics.self, forKey: .metrics)
        diff = try container.decodeIfPresent(LayoutDiff.self, forKey: .diff)
    }

    public subscript(id: String) -> Frame? { frames[id] }

    /// The frame of `view`: where it sits in the laid-out tree (the first node equal to it,
    /// its id derived as the service derives it, so a view inside a `foreach` is found in
    /// its first copy), else by its explicit id.
    public func frame(of view: some View) -> Frame? {
        let node = view.resolvedNode
        var found: String?
        if let root {
            IdentityWalk.visit(root) { candidate, id, _ in
                if found == nil, candidate == node { found = id }
            }
        }
        return (found ?? node.id).flatMap { frames[$0] }
    }
}
