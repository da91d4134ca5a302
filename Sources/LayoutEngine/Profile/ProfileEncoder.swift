/// Writes `LayoutProfile` as the response's `profile` member (openapi.yaml `Profile`).
enum ProfileEncoder {
    static func write(_ profile: LayoutProfile, tree: NodeTree, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("layoutMicros")
        writer.number((profile.layoutMicros * 10).rounded() / 10)
        writer.key("thresholds")
        writer.beginObject()
        writer.key("measuredMoreThan")
        writer.integer(LayoutProfile.measuredMoreThan)
        writer.key("subtreeShare")
        writer.number(LayoutProfile.subtreeShare)
        writer.endObject()
        writer.key("nodes")
        writer.beginObject()
        for node in profile.nodes {
            writer.key(tree.id(of: node.node))
            writer.beginObject()
            for (key, value) in [
                ("calls", node.calls), ("computed", node.computed), ("memoHits", node.memoHits),
                ("sharedHits", node.sharedHits),
            ] {
                writer.key(key)
                writer.integer(value)
            }
            writer.key("micros")
            writer.number((node.micros * 10).rounded() / 10)
            writer.key("samples")
            writer.beginArray()
            for sample in node.samples {
                writer.beginObject()
                writer.key("proposal")
                writer.size(width: sample.proposal.width, height: sample.proposal.height)
                writer.key("size")
                writer.size(sample.size)
                writer.key("source")
                writer.string(sample.source.rawValue)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
        writer.key("warnings")
        writer.beginArray()
        for warning in profile.warnings {
            writer.beginObject()
            writer.key("type")
            writer.string(warning.kind.rawValue)
            writer.key("id")
            writer.string(tree.id(of: warning.node))
            writer.key("detail")
            writer.string(warning.detail)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
