/// How far a container goes: its size only; its size and first baseline; or the full
/// layout, writing every descendant's frame with the container's border box at `origin`.
enum FlexRunMode {
    case computeSize
    case computeBaseline
    case performLayout(Point)

    @inline(__always) var isComputeSize: Bool {
        if case .computeSize = self { return true }
        return false
    }
}
