import Histogram

/// What one connection saw; merged into the summary at the end, so the hot loop
/// touches no shared state but the dispatcher.
struct WorkerStats: Sendable {
    /// Microseconds from the first byte sent to the last byte of the response.
    var latency = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
    var statuses: [Int: Int] = [:]
    var errors: [String: Int] = [:]
    var bytesSent = 0
    var bytesReceived = 0
    var cacheHits = 0
    var cacheMisses = 0
    var cacheHeaderAbsent = 0
    var repeatsDrawn = 0
    var newTreesDrawn = 0
    var connectionsOpened = 0
    var treesGeneratedDuringRun = 0
    var generationMicros = 0.0
    var session = SessionStats()

    mutating func merge(_ other: WorkerStats) {
        latency.add(other.latency)
        statuses.merge(other.statuses, uniquingKeysWith: +)
        errors.merge(other.errors, uniquingKeysWith: +)
        bytesSent += other.bytesSent
        bytesReceived += other.bytesReceived
        cacheHits += other.cacheHits
        cacheMisses += other.cacheMisses
        cacheHeaderAbsent += other.cacheHeaderAbsent
        repeatsDrawn += other.repeatsDrawn
        newTreesDrawn += other.newTreesDrawn
        connectionsOpened += other.connectionsOpened
        treesGeneratedDuringRun += other.treesGeneratedDuringRun
        generationMicros += other.generationMicros
        session.merge(other.session)
    }
}

/// Session mode's own counts.
struct SessionStats: Sendable {
    var fullRequests = 0
    var patches = 0
    var patchesAccepted = 0
    /// Patches answered 409 or 422 (by status), each followed by a full request.
    var patchFallbacks: [Int: Int] = [:]
    /// Full answers without a `treeHash`, so no patch could follow them.
    var fullWithoutTreeHash = 0

    mutating func merge(_ other: SessionStats) {
        fullRequests += other.fullRequests
        patches += other.patches
        patchesAccepted += other.patchesAccepted
        patchFallbacks.merge(other.patchFallbacks, uniquingKeysWith: +)
        fullWithoutTreeHash += other.fullWithoutTreeHash
    }
}
