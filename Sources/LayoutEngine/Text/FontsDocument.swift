/// `GET /v1/fonts`: the families a measurer knows, their faces, and the default.
public enum FontsDocument {
    public static func encode(_ measurer: any TextMeasurer) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("default")
        writer.string(measurer.defaultFamily)
        writer.key("families")
        writer.beginArray()
        for family in measurer.families {
            writer.beginObject()
            writer.key("name")
            writer.string(family.name)
            writer.key("faces")
            writer.beginArray()
            for face in family.faces {
                writer.beginObject()
                writer.key("style")
                writer.string(face.style)
                writer.key("weight")
                writer.integer(face.weight)
                writer.key("italic")
                writer.bool(face.italic)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
